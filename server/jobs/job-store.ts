import type { QueuedFacts } from '#server/storage/mail-facts.ts';
import type { BookedWork } from '#shared/production/production-load.ts';
import type { Booking, PromisedDate } from '#shared/requests/promised-date.ts';

/** Scheduled jobs (the daily backup, the privacy purge): one instance runs each, by a lease in the database. */

/** One instance's hold on a scheduled job's run, from claimScheduledJob. */
interface ScheduledJobClaim {
  name: string;
  /** Never reused: only its holder can record the run's end. */
  claim: string;
}

import type { ScheduledJobStatus } from '#server/storage/storage-status.ts';

/** A missed approval deadline's move (ReminderStore.moveMissedDate). */
export interface MissedDateMove {
  version: number;
  /** The date that can no longer be kept. */
  missed: string;
  /** The new date, as the job read it off the load: kept when the order cannot be booked. */
  promised: PromisedDate;
  /** The customer's one mail, saying the date the move stores. */
  mail: (promised: PromisedDate) => QueuedFacts;
  onceKey: string;
  /** What an approval now would book, from the work booked on the press but this order's. */
  book?: (booked: readonly BookedWork[]) => Booking | undefined;
}

/** Claiming and recording the runs of daily jobs. */
export interface JobStore {
  /**
   * Claims the run of the job `name` for `leaseMs` when its last successful run ended `intervalMs` or more
   * ago (or it never ran) and no other instance holds a live lease on it, all by the database's clock;
   * resolves undefined otherwise. One statement on one row: of any number of instances asking at once on
   * the same database, one gets it.
   */
  claimScheduledJob(
    name: string,
    timing: { intervalMs: number; leaseMs: number },
  ): Promise<ScheduledJobClaim | undefined>;
  /**
   * Records the end of a claimed run and gives the lease back: a success dates the next run
   * `intervalMs` from now; a failure keeps the last success (so the next check runs it again) and its
   * error. False, with nothing recorded, when the lease had run out and another instance took the job.
   */
  finishScheduledJob(claim: ScheduledJobClaim, outcome: { ok: true } | { error: string }): Promise<boolean>;
  /** The recorded runs of the daily job `name`, or undefined when it never started on this database. */
  scheduledJobStatus(name: string): Promise<ScheduledJobStatus | undefined>;
}

/** A request that may owe a reminder: the job checks its money before queuing one. */
export interface ReminderCandidate {
  reference: string;
  about: 'deposit' | 'balance' | 'quote-expiring';
  /** The quote about to expire: its version and last valid day. */
  version?: number;
  validUntil?: string;
}

/** The reminder job's reads and its write (server/jobs/reminder-job.ts). */
export interface ReminderStore {
  /**
   * Requests that may owe a reminder not queued yet: a quoted request whose newest quote (sent at least
   * `quoteSentBeforeMs` ago) is valid until a day from `today` to `lastValidDay` (YYYY-MM-DD); an
   * approved quote, before production, whose approval is `depositAfterMs` to `lookBackMs` old; an
   * order ready for `balanceAfterMs` to `lookBackMs`. Times by the database's clock.
   */
  reminderCandidates(rules: {
    today: string;
    lastValidDay: string;
    quoteSentBeforeMs: number;
    depositAfterMs: number;
    balanceAfterMs: number;
    lookBackMs: number;
  }): Promise<ReminderCandidate[]>;
  /**
   * Queues a mail to the request's customer once per `onceKey`, logged in its activity: false (nothing
   * stored) when one with that key was queued before, by this instance or another, or no such request.
   */
  queueMailOnce(reference: string, mail: QueuedFacts, onceKey: string): Promise<boolean>;
  /**
   * A proof's approval deadline passed unanswered: in one transaction, while proof `version` is still
   * the newest and waits for its answer, the order is booked again on the press (`book`, from the load
   * read under the production lock: its place on the board follows the new date), the customer's mail
   * with the date so booked is queued once per `onceKey` and, only when it was, the booking is kept,
   * the promised date moved (logged), the date it was keeping kept for the desk's flag and the request
   * marked unread. Without a booking (`book` absent, or no booking from the load), the date moves to
   * `promised` and the press day stays. False when nothing was done: already moved (by this instance or
   * another), answered, replaced, or no such request.
   */
  moveMissedDate(reference: string, move: MissedDateMove): Promise<boolean>;
}
