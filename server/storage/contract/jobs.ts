/** Scheduled jobs (the daily backup, the privacy purge): one instance runs each, by a lease in the database. */

/** One instance's hold on a scheduled job's run, from claimScheduledJob. */
interface ScheduledJobClaim {
  name: string;
  /** Never reused: only its holder can record the run's end. */
  claim: string;
}

/** What the database records of a daily job's runs, for the health watch (a backup that stopped succeeding). */
export interface ScheduledJobStatus {
  /** When the last successful run ended; null when none has yet. */
  lastSuccessAt: Date | null;
  /** When the last run (of any outcome) began. */
  lastStartedAt: Date | null;
  /** The last failed run's error; null after a success. */
  lastError: string | null;
}

/** Claiming and recording the runs of daily jobs. */
export interface JobStorage {
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
