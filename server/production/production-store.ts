import type { Transaction } from 'kysely';
import type { Actor } from '#server/storage/activity.ts';
import type { StorageDatabase } from '#server/storage/schema.ts';
import type { BookedWork, Capacity, LoadDates, ProductionLoad } from '#shared/production/production-load.ts';
import type { Booking, PromisedDate } from '#shared/requests/promised-date.ts';
import type { RequestStatus } from '#shared/requests/request-status.ts';
import type { ServiceId } from '#shared/service-ids.ts';
import type { FormValues } from '#shared/submissions/form-values.ts';

// The production board: the orders booked on the press, and the shop's capacity.

/** An approved order not yet completed, as the board shows it. */
export interface BoardOrder {
  reference: string;
  name: string;
  company: string;
  status: RequestStatus;
  /** Null for an order approved before its booking was kept (or awaiting its proof): the shop sets it. */
  service: ServiceId | null;
  pieces: number | null;
  pressDate: string | null;
  promised?: PromisedDate;
  /** The in-hands date the customer asked for, when they gave one. */
  inHands: string | null;
}

/** A change of the shop's capacity, with who made it and when. */
export interface CapacityChange {
  capacity: Capacity;
  changedBy: string;
  changedAt: Date;
}

type PressMoveOutcome = 'moved' | 'missing' | 'not-booked';

export interface ProductionStore {
  /** The work on the press: orders committed (from the quote's approval) and not yet ready, with a press day. */
  bookedWork(): Promise<BookedWork[]>;
  /** The orders from Approved to Ready, for the board. */
  boardOrders(): Promise<BoardOrder[]>;
  /** The latest changes of the capacity, the one in force first. */
  capacityChanges(limit: number): Promise<CapacityChange[]>;
  /** Keeps a change of the capacity: it is in force from now, logged with who made it. */
  saveCapacity(capacity: Capacity, actor: Actor): Promise<void>;
  /**
   * Moves an order's press day (with its service and pieces, should it have none yet), logged on the
   * request; the day promised to the customer stays. 'not-booked' when the order is not on the board.
   */
  movePressDate(
    reference: string,
    move: { date: string; service: ServiceId; pieces: number; actor: Actor },
  ): Promise<PressMoveOutcome>;
}

/**
 * The shop's load as every date the site promises reads it (production-planner.ts keeps it): what another
 * feature asks of production, beside the store.
 */
export interface ProductionPlanner {
  /** The capacity in force. */
  capacity(): Promise<Capacity>;
  /** The load now, for estimates and the board, with its stamp (load-stamp.ts). */
  current(): Promise<{ load: ProductionLoad; capacity: Capacity; dates: LoadDates; stamp: string }>;
  /**
   * The kept table's stamp, without waiting (the page cache asks on every calculator page): undefined
   * while none is kept (never read, or dropped by a change here), so no page counted from an older load is
   * reused. Once the kept table has outlived its lifetime it is read again in the background, its stamp
   * standing meanwhile: another instance's change reaches the pages as it reaches /api/dates.
   */
  stamp(): string | undefined;
  /**
   * What an approval books, from the booked work read under the lock: bookingOf with the load those
   * orders make. The capacity is read before (it changes by hand, seldom).
   */
  bookingFor(values: FormValues): Promise<(booked: readonly BookedWork[]) => Booking | undefined>;
  /** Each order at risk on the board, by reference, in words (the inbox flags them). */
  risks(): Promise<ReadonlyMap<string, string>>;
  /** Forgets the kept table and risks: the next estimate reads the load again. */
  invalidate(): void;
}

/**
 * What production does inside another feature's transaction: an approval books the order from the load
 * read under the production lock, one booking at a time.
 */
export interface ProductionBookingStep {
  lock(trx: Transaction<StorageDatabase>): Promise<void>;
  /** The booked work of every order but this one. */
  bookedWork(trx: Transaction<StorageDatabase>, exceptId: number): Promise<BookedWork[]>;
  book(trx: Transaction<StorageDatabase>, submissionId: number, booking: Booking): Promise<void>;
}
