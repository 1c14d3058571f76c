import type { Actor } from '#server/storage/activity.ts';
import type { BookedWork, Capacity } from '#shared/production/production-load.ts';
import type { PromisedDate } from '#shared/requests/promised-date.ts';
import type { RequestStatus } from '#shared/requests/request-status.ts';
import type { ServiceId } from '#shared/service-ids.ts';

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
