import type { RequestStatus } from '#shared/requests/request-status.ts';
import type { ServiceId } from '#shared/service-ids.ts';

/**
 * What the server hands the desk's production pages: the board, the capacity settings and a job's work order.
 * Plain data, dates as YYYY-MM-DD.
 */

/** An order on the board. */
export interface BoardCard {
  reference: string;
  name: string;
  company: string;
  status: RequestStatus;
  service: ServiceId | null;
  pieces: number | null;
  pressDate: string | null;
  promised?: { date: string; handover: 'pickup' | 'delivery' };
  inHands: string | null;
  /** Why it is at risk, in words; absent when on track. */
  risk?: string;
  /** Blocked on blanks that came short: what is missing, in words. */
  blocked?: string;
}

/** One service's load on a day. */
export interface BoardLoad {
  service: ServiceId;
  serviceName: string;
  planned: number;
  capacity: number;
}

export interface BoardDay {
  date: string;
  load: BoardLoad[];
  /** The orders placed on this day (by press day, or by the day promised: see `by`). */
  cards: BoardCard[];
}

export interface BoardView {
  page: 'board';
  staff: string;
  today: string;
  /** Which date places an order on the calendar. */
  by: 'press' | 'promised';
  days: BoardDay[];
  /** Orders with no press day yet (approved before the board existed). */
  unscheduled: BoardCard[];
  /** Orders whose day is before the first day shown, still to finish. */
  overdue: BoardCard[];
  /** Orders placed after the last day shown, counted. */
  later: number;
  /** The address of the earlier and later weeks. */
  earlier?: string;
  next: string;
  notice?: { type: 'success' | 'error'; text: string };
}

export interface CapacityView {
  page: 'capacity';
  staff: string;
  /** The form as shown: in force, or as typed when refused. */
  perDay: Record<ServiceId, string>;
  /** One closed date a line: "YYYY-MM-DD note". */
  closedDates: string;
  serviceNames: Record<ServiceId, string>;
  /** The weekdays the presses run, from the order terms, in words ("Monday to Friday"). */
  workingDays: string;
  /** The holidays of the order terms still ahead, for reference. */
  holidays: { date: string; name: string }[];
  errors: Record<string, string>;
  changes: { at: string; by: string; summary: string }[];
  notice?: { type: 'success' | 'error'; text: string };
}

export interface WorkOrderView {
  page: 'work-order';
  staff: string;
  reference: string;
  customer: { name: string; company: string; email: string; phone: string };
  service: string;
  pieces: number | null;
  pressDate: string | null;
  /** The day promised to the customer, else the in-hands date asked for. */
  due: { date: string; what: string } | null;
  handover: string;
  garment: string;
  garmentStyle: string;
  garmentColor: string;
  sizes: { size: string; quantity: number }[];
  /** Names and numbers of a group order, when it supplied them. */
  roster: string[];
  locations: { placement: string; detail: string }[];
  /**
   * A studio design's print size per garment size, per location: which sizes get which print (two prints
   * when one cannot suit the smallest and the largest size ordered).
   */
  sizePlans: { label: string; groups: { sizes: string; print: string }[] }[];
  /** The approved proof (or the latest, said so), with its image when it is one a browser shows. */
  proof?: {
    version: number;
    name: string;
    approved: boolean;
    image?: string;
    printSize?: string;
    /** SHA-256 (hex) of the file printed, as stored now. */
    sha256?: string;
    /** The checksum the customer's approval locked, when it was kept. */
    approvedSha256?: string;
    /** Why this file must not go to the press as it is (not the approved file, or not approved). */
    warning?: string;
  };
  notes: { label: string; text: string }[];
  checklist: string[];
  /** Shop's today, printed on the sheet. */
  printedOn: string;
}
