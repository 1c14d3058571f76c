import type { Actor } from '#server/storage/activity.ts';
import type { PinNote } from '#shared/requests/proof-pins.ts';

/** A note pinned on a proof version, with its answers. */
export interface StoredPin {
  number: number;
  version: number;
  x: number | null;
  y: number | null;
  place: string;
  text: string;
  author: Actor;
  createdAt: Date;
  done?: { at: Date; by: Actor };
  replies: { author: Actor; text: string; createdAt: Date }[];
}

/** Why a note or an answer was not written: no such proof or note, an older version, or a proof no longer open. */
export type PinRefusal = 'missing' | 'superseded' | 'closed';

/** A proof waiting for its customer, as the desk's inbox lists it. */
export interface WaitingProof {
  reference: string;
  name: string;
  version: number;
  sentAt: Date;
  openPins: number;
  /** The date to keep: the day promised, else the customer's in-hands date (YYYY-MM-DD). */
  target?: string;
  /** The date its approval deadline was keeping when it passed unanswered: the target is the new date since. */
  missed?: string;
  /**
   * What the request's form asked, read with the proof: its deadline is counted from them, and a list of
   * a hundred proofs then asks the database once, not once a proof.
   */
  formValues?: Record<string, string>;
}

/**
 * The notes pinned on a request's proofs. Written only on the newest proof, while it is open
 * (shared/requests/proof-pins.ts's statuses), judged under the request's lock; never deleted, so an
 * earlier version keeps its notes beside it.
 */
export interface ProofPinStore {
  /** Pins a note on proof `version`: the request's next number, logged; the customer's makes the request unread. */
  addPin(
    reference: string,
    version: number,
    note: PinNote,
    author: Actor,
  ): Promise<{ added: true; number: number } | { added: false; reason: PinRefusal }>;
  /** An answer under note `number` and/or its done mark set or cleared, by either side. */
  answerPin(
    reference: string,
    number: number,
    answer: { text?: string; done?: boolean; author: Actor },
  ): Promise<'answered' | PinRefusal>;
  /** Every note on the request's proofs, by number, with their answers. */
  pinsOf(reference: string): Promise<StoredPin[]>;
  /** The requests whose newest proof waits for the customer, the longest waiting first. */
  proofsWaiting(): Promise<WaitingProof[]>;
}
