import type { Logger } from 'pino';
import type { JobStore } from './job-store.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Work the server does once a day on one instance: the privacy purge, later the backup. */
export interface DailyJob {
  /** Its row in `scheduled_jobs`: renaming it forgets the last run, so the job runs again at once. */
  name: string;
  /**
   * Does the work once. `signal` aborts at shutdown: stop at the next safe point; a run that ends after
   * the abort is not counted a success, so the next start runs it again.
   */
  run(signal: AbortSignal): Promise<void>;
}

/** The job, where its runs are recorded, and when it is checked. */
export interface DailyJobOptions {
  job: DailyJob;
  jobs: Pick<JobStore, 'claimScheduledJob' | 'finishScheduledJob'>;
  logger: Logger;
  /** How long after a successful run the next one is due; a day unless a test says otherwise. */
  intervalMs?: number;
  /** How often an instance asks whether the job is due: an hour, so a day's run is at most an hour late. */
  checkEveryMs?: number;
  /**
   * How long one instance holds the job: others leave it alone meanwhile, and take it over once it runs
   * out (a holder that crashed). Longer than any run should take: past it, a second instance may start.
   */
  leaseMs?: number;
  /** At most this long is added at random before each check (the first one too), so instances started together do not ask together. */
  jitterMs?: number;
  /** For tests: Math.random otherwise. */
  random?: () => number;
}

/** A started scheduler. */
export interface DailyJobScheduler {
  /** No more checks; aborts the run in progress and resolves once it has ended and been recorded. */
  stop(): Promise<void>;
}

/**
 * Runs `job` whenever its last successful run, as the database records it, is older than `intervalMs`,
 * on one instance at a time (a lease row in the shared database), without cron: a restart finds the
 * last run recorded and does not run it again. Never throws and never rejects: a failing run or an
 * unreachable database is logged at error level and tried again at the next check. Its timers are
 * unref'd: they never keep the process alive.
 */
export function startDailyJob(options: DailyJobOptions): DailyJobScheduler {
  const { job, jobs, logger } = options;
  const intervalMs = options.intervalMs ?? DAY_MS;
  const checkEveryMs = options.checkEveryMs ?? HOUR_MS;
  const leaseMs = options.leaseMs ?? HOUR_MS;
  const jitterMs = options.jitterMs ?? 60_000;
  const random = options.random ?? Math.random;
  const shutdown = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const schedule = (delayMs: number) => {
    if (shutdown.signal.aborted) return;
    timer = setTimeout(() => {
      running = check().finally(() => {
        running = undefined;
        schedule(checkEveryMs + random() * jitterMs);
      });
    }, delayMs);
    timer.unref();
  };

  async function check() {
    let claim: Awaited<ReturnType<typeof jobs.claimScheduledJob>>;
    try {
      claim = await jobs.claimScheduledJob(job.name, { intervalMs, leaseMs });
    } catch (error) {
      logger.error(
        { job: job.name, err: error },
        'scheduled job not checked: the database did not answer; next check later',
      );
      return;
    }
    if (!claim) return;
    const startedAt = Date.now();
    logger.info({ job: job.name }, 'scheduled job started');
    let outcome: { ok: true } | { error: string };
    try {
      await job.run(shutdown.signal);
      outcome = shutdown.signal.aborted ? { error: 'interrupted by shutdown' } : { ok: true };
    } catch (error) {
      outcome = { error: error instanceof Error ? error.message : String(error) };
      if (!shutdown.signal.aborted) {
        logger.error({ job: job.name, err: error }, 'scheduled job failed; it runs again at the next check');
      }
    }
    const durationMs = Date.now() - startedAt;
    if (shutdown.signal.aborted) {
      logger.info({ job: job.name, durationMs }, 'scheduled job interrupted by shutdown; it runs again after start-up');
    }
    let recorded: boolean;
    try {
      recorded = await jobs.finishScheduledJob(claim, outcome);
    } catch (error) {
      // The lease runs out by itself: another instance, or this one later, runs the job again.
      logger.error(
        { job: job.name, err: error },
        'scheduled job ran, but its run could not be recorded; it may run again',
      );
      return;
    }
    if (!recorded) {
      logger.warn(
        { job: job.name, durationMs, leaseMs },
        'scheduled job outlasted its lease: another instance may have run it too',
      );
    } else if ('ok' in outcome) {
      logger.info({ job: job.name, durationMs }, 'scheduled job done');
    }
  }

  schedule(random() * jitterMs);
  return {
    async stop() {
      shutdown.abort();
      clearTimeout(timer);
      await running;
    },
  };
}
