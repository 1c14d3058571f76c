import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '#server/storage/open-database.ts';
import { memoryLogger } from '#tests/support/memory-logger.ts';
import {
  backends,
  isoFromNow,
  openTestStorage,
  runSql,
  type TestStorage,
  testStoresOf,
} from '#tests/support/test-storage.ts';
import { type DailyJobScheduler, startDailyJob } from './daily-job.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(backends)('startDailyJob on %s', (backend) => {
  const opened: TestStorage[] = [];
  const started: DailyJobScheduler[] = [];

  afterEach(async () => {
    await Promise.all(started.splice(0).map((scheduler) => scheduler.stop()));
    await Promise.all(opened.splice(0).map((storage) => storage.close()));
  });

  async function firstStorage() {
    const storage = await openTestStorage(backend);
    opened.push(storage);
    return storage;
  }

  /** Another instance's own connection (pool) to the same database. */
  async function instanceOn(location: Awaited<ReturnType<typeof openTestStorage>>['location']) {
    const storage = testStoresOf(await openDatabase(location), location);
    opened.push(storage);
    return storage;
  }

  /** A job that counts its runs, checked every 20 ms instead of every hour. */
  function start(storage: TestStorage, run: (signal: AbortSignal) => Promise<void>, logger = memoryLogger()) {
    const scheduler = startDailyJob({
      job: { name: 'test-job', run },
      jobs: storage.jobs,
      logger: logger.logger,
      checkEveryMs: 20,
      jitterMs: 0,
    });
    started.push(scheduler);
    return scheduler;
  }

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('runs the job once at start, records it, and not again within the day', async () => {
    const storage = await firstStorage();
    const { logger, lines } = memoryLogger();
    let runs = 0;
    start(
      storage,
      async () => {
        runs += 1;
      },
      { logger, lines },
    );
    await vi.waitFor(() => expect(runs).toBe(1));
    await sleep(200);
    expect(runs).toBe(1);
    const [row] = (await runSql(storage.location, 'select * from scheduled_jobs')) as Record<string, unknown>[];
    expect(row).toMatchObject({ name: 'test-job', claim: null, lease_until: null, last_error: null });
    expect(row?.last_success_at).not.toBeNull();
    expect(lines.map((line) => line.msg)).toEqual(['scheduled job started', 'scheduled job done']);
  });

  it('runs it on one instance only when several check the same database at once', async () => {
    const storage = await firstStorage();
    let runs = 0;
    const job = async () => {
      runs += 1;
      // Long enough for every other instance to check several times meanwhile.
      await sleep(150);
    };
    start(storage, job);
    for (let index = 0; index < 3; index += 1) start(await instanceOn(storage.location), job);
    await sleep(500);
    expect(runs).toBe(1);
  });

  it('does not run it again after a restart, but does once the day is over', async () => {
    const storage = await firstStorage();
    let runs = 0;
    const job = async () => {
      runs += 1;
    };
    const first = start(storage, job);
    await vi.waitFor(() => expect(runs).toBe(1));
    await first.stop();
    await storage.close();
    opened.splice(opened.indexOf(storage), 1);

    const restarted = await instanceOn(storage.location);
    start(restarted, job);
    await sleep(200);
    expect(runs).toBe(1);

    await runSql(storage.location, 'update scheduled_jobs set last_success_at = $1', [isoFromNow(-DAY_MS - 1_000)]);
    await vi.waitFor(() => expect(runs).toBe(2));
  });

  it('takes over a job whose holder died once its lease has run out, and not before', async () => {
    const storage = await firstStorage();
    // An instance that claimed it and was killed before recording anything.
    expect(
      await storage.jobs.claimScheduledJob('test-job', { intervalMs: DAY_MS, leaseMs: 60 * 60 * 1000 }),
    ).toBeDefined();
    let runs = 0;
    start(storage, async () => {
      runs += 1;
    });
    await sleep(200);
    expect(runs).toBe(0);
    await runSql(storage.location, 'update scheduled_jobs set lease_until = $1', [isoFromNow(-1_000)]);
    await vi.waitFor(() => expect(runs).toBe(1));
  });

  it('logs a failing run at error level, keeps the last success, and runs it again at the next check', async () => {
    const storage = await firstStorage();
    const { logger, lines } = memoryLogger();
    let runs = 0;
    start(
      storage,
      async () => {
        runs += 1;
        if (runs === 1) throw new Error('disk full');
      },
      { logger, lines },
    );
    await vi.waitFor(() => expect(runs).toBe(2));
    await sleep(100);
    expect(runs).toBe(2);
    expect(lines.find((line) => line.level === 50)).toMatchObject({
      job: 'test-job',
      err: { message: 'disk full' },
      msg: 'scheduled job failed; it runs again at the next check',
    });
    expect(lines.at(-1)).toMatchObject({ level: 30, msg: 'scheduled job done' });
  });

  it('logs an unreachable database at error level and goes on checking, never throwing', async () => {
    const storage = await firstStorage();
    const { logger, lines } = memoryLogger();
    const failing = {
      claimScheduledJob: () => Promise.reject(new Error('connection refused')),
      finishScheduledJob: storage.jobs.finishScheduledJob,
    };
    const scheduler = startDailyJob({
      job: { name: 'test-job', run: async () => {} },
      jobs: failing,
      logger,
      checkEveryMs: 20,
      jitterMs: 0,
    });
    started.push(scheduler);
    await vi.waitFor(() => expect(lines.length).toBeGreaterThanOrEqual(2));
    expect(lines[0]).toMatchObject({ level: 50, job: 'test-job', err: { message: 'connection refused' } });
  });

  it('aborts the run in progress on stop, waits for it, and leaves it due for the next start', async () => {
    const storage = await firstStorage();
    const { logger, lines } = memoryLogger();
    let running = false;
    let sawAbort = false;
    const scheduler = start(
      storage,
      async (signal) => {
        running = true;
        await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
        sawAbort = true;
      },
      { logger, lines },
    );
    await vi.waitFor(() => expect(running).toBe(true));
    await scheduler.stop();
    expect(sawAbort).toBe(true);
    expect(lines.at(-1)?.msg).toBe('scheduled job interrupted by shutdown; it runs again after start-up');
    const [row] = (await runSql(storage.location, 'select * from scheduled_jobs')) as Record<string, unknown>[];
    expect(row).toMatchObject({ claim: null, last_success_at: null, last_error: 'interrupted by shutdown' });

    let runs = 0;
    start(storage, async () => {
      runs += 1;
    });
    await vi.waitFor(() => expect(runs).toBe(1));
  });
});
