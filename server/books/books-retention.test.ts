import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { privacyPurgeJob } from '#server/jobs/privacy-purge-job.ts';
import { memoryLogger } from '#tests/support/memory-logger.ts';

// How long the books outlive a purged request: a setting checked when the server starts, and the daily
// purge deleting only what is older than it.
describe('the books’ retention', () => {
  it('is 7 years unless set, and a setting under 3 years or not a whole number stops the server', () => {
    expect(loadConfig({}).booksRetentionYears).toBe(7);
    expect(loadConfig({ BOOKS_RETENTION_YEARS: '10' }).booksRetentionYears).toBe(10);
    expect(() => loadConfig({ BOOKS_RETENTION_YEARS: '2' })).toThrow(
      /BOOKS_RETENTION_YEARS: must be at least 3 years: the books are kept for tax/,
    );
    expect(() => loadConfig({ BOOKS_RETENTION_YEARS: '7.5' })).toThrow(/BOOKS_RETENTION_YEARS: must be a whole number/);
  });

  it('has the daily purge delete only the books older than the setting, counted from the day it runs', async () => {
    const asked: Date[] = [];
    const { logger, lines } = memoryLogger();
    await privacyPurgeJob({
      submissions: { deleteSubmissionsBefore: async () => ({ deleted: 0, neverMailedToShop: [] }) },
      desk: { deleteStaleSignIns: async () => ({ links: 0, sessions: 0, mails: 0 }) },
      books: {
        store: {
          deleteBefore: async (cutoff) => {
            asked.push(cutoff);
            return { invoices: 2, entries: 5 };
          },
        },
        retentionYears: 7,
      },
      logger,
      now: () => new Date('2033-06-15T13:00:00.000Z'),
    }).run(new AbortController().signal);
    expect(asked).toEqual([new Date('2026-06-15T00:00:00.000Z')]);
    expect(lines.map((line) => line.msg)).toContain(
      'privacy purge: deleted 2 invoices and 5 money records of purged requests older than 7 years',
    );
  });
});
