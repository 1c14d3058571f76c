import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/storage/open-database.ts';
import {
  backends,
  isoFromNow,
  openTestStorage,
  runSql,
  type TestStorage,
  testStoresOf,
} from '#tests/support/test-storage.ts';

const DAY = 24 * 60 * 60 * 1000;
const MB = 1024 * 1024;

// The daily artwork budget per client address (migration 0006): the same on both databases, and shared
// by every instance on one database.
describe.each(backends)('upload budgets on %s', (backend) => {
  const opened: TestStorage[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((storage) => storage.close()));
  });

  /** Two instances on one fresh database. */
  async function twoInstances() {
    const first = await openTestStorage(backend);
    const second = testStoresOf(await openDatabase(first.location), first.location);
    opened.push(first, second);
    return { first, second, location: first.location };
  }

  it('counts bytes per address across instances, and refuses the upload that would pass the limit', async () => {
    const { first, second } = await twoInstances();
    const budget = { limitBytes: 100 * MB, windowMs: DAY };
    expect(await first.limits.spendUploadBytes('192.0.2.1', 40 * MB, budget)).toEqual({ spent: true });
    expect(await second.limits.spendUploadBytes('192.0.2.1', 40 * MB, budget)).toEqual({ spent: true });
    const refused = await first.limits.spendUploadBytes('192.0.2.1', 25 * MB, budget);
    expect(refused.spent).toBe(false);
    // The window is a day from the first upload, by the database's clock.
    if (!refused.spent) {
      expect(refused.resetAt.getTime()).toBeGreaterThan(Date.now() + DAY - 60_000);
      expect(refused.resetAt.getTime()).toBeLessThan(Date.now() + DAY + 60_000);
    }
    // A refusal counts nothing: what still fits is taken, to the byte.
    expect(await second.limits.spendUploadBytes('192.0.2.1', 20 * MB, budget)).toEqual({ spent: true });
    expect((await first.limits.spendUploadBytes('192.0.2.1', 1, budget)).spent).toBe(false);
    // Another address has its own budget.
    expect(await first.limits.spendUploadBytes('2001:db8::/56', 100 * MB, budget)).toEqual({ spent: true });
  });

  it('gives bytes back (never below zero), and starts a new window once the last has run out', async () => {
    const { first, second, location } = await twoInstances();
    const budget = { limitBytes: 50 * MB, windowMs: DAY };
    await first.limits.spendUploadBytes('192.0.2.7', 30 * MB, budget);
    expect((await second.limits.spendUploadBytes('192.0.2.7', 30 * MB, budget)).spent).toBe(false);
    await second.limits.refundUploadBytes('192.0.2.7', 30 * MB);
    expect(await first.limits.spendUploadBytes('192.0.2.7', 30 * MB, budget)).toEqual({ spent: true });
    await first.limits.refundUploadBytes('192.0.2.7', 500 * MB);
    expect(await first.limits.spendUploadBytes('192.0.2.7', 50 * MB, budget)).toEqual({ spent: true });

    await runSql(location, 'update upload_budgets set reset_at = $1', [isoFromNow(-1000)]);
    expect(await second.limits.spendUploadBytes('192.0.2.7', 50 * MB, budget)).toEqual({ spent: true });
    expect((await first.limits.spendUploadBytes('192.0.2.7', 1, budget)).spent).toBe(false);
  });

  it('lets exactly as many uploads through as fit when they arrive at once on two instances', async () => {
    const { first, second } = await twoInstances();
    const budget = { limitBytes: 100 * MB, windowMs: DAY };
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        (index % 2 ? first : second).limits.spendUploadBytes('198.51.100.4', 25 * MB, budget),
      ),
    );
    expect(results.filter((result) => result.spent)).toHaveLength(4);
  });

  it('counts past 2 GB for a generous limit without overflowing', async () => {
    const { first } = await twoInstances();
    const budget = { limitBytes: 5000 * MB, windowMs: DAY };
    expect(await first.limits.spendUploadBytes('192.0.2.9', 2000 * MB, budget)).toEqual({ spent: true });
    expect(await first.limits.spendUploadBytes('192.0.2.9', 2000 * MB, budget)).toEqual({ spent: true });
    expect((await first.limits.spendUploadBytes('192.0.2.9', 2000 * MB, budget)).spent).toBe(false);
    expect(await first.limits.spendUploadBytes('192.0.2.9', 1000 * MB, budget)).toEqual({ spent: true });
  });
});
