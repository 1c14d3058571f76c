import { describe, expect, it } from 'vitest';
import type { LimitStore } from '#server/http/limit-store.ts';
import type { Database } from '#server/storage/database.ts';
import type { SubmissionStore } from '#server/submissions/submission-store.ts';
import { createMetrics } from './app-metrics.ts';
import { instrumentStore, instrumentTransport } from './instrument.ts';

describe('instrumentStore', () => {
  it('counts stored submissions by kind, not repeats, and failures by operation and code', async () => {
    const metrics = createMetrics();
    let repeated = false;
    const storage = {
      submissions: instrumentStore(
        {
          saveSubmission: async (submission: { kind: 'quote' | 'contact' }) => ({
            reference: 'Q-2026-000001',
            kind: submission.kind,
            repeated,
          }),
        } as unknown as SubmissionStore,
        metrics,
      ),
      database: instrumentStore(
        {
          ping: async () => {
            throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
          },
        } as unknown as Database,
        metrics,
      ),
      limits: instrumentStore(
        {
          countHit: async () => {
            throw new Error('no code at all');
          },
        } as unknown as LimitStore,
        metrics,
      ),
    };
    const quote = { kind: 'quote' as const, name: 'A', email: 'a@example.com', payload: {}, files: [] };
    await storage.submissions.saveSubmission(quote);
    repeated = true;
    await storage.submissions.saveSubmission(quote);
    await expect(storage.database.ping()).rejects.toThrow('database is locked');
    await expect(storage.limits.countHit('k', 1000)).rejects.toThrow('no code at all');
    const text = await metrics.registry.metrics();
    expect(text).toContain('seenwear_submissions_total{kind="quote"} 1\n');
    expect(text).toContain('seenwear_database_errors_total{operation="ping",code="SQLITE_BUSY"} 1\n');
    expect(text).toContain('seenwear_database_errors_total{operation="countHit",code="other"} 1\n');
  });
});

describe('instrumentTransport', () => {
  it('times each send by outcome and passes results and errors through', async () => {
    const metrics = createMetrics();
    let fail = false;
    let closed = false;
    const transport = instrumentTransport(
      {
        sendMail: async () => {
          if (fail) throw new Error('421 try later');
          return { messageId: '<x@y>' };
        },
        close: () => {
          closed = true;
        },
      },
      metrics,
    );
    expect(await transport.sendMail({})).toEqual({ messageId: '<x@y>' });
    fail = true;
    await expect(transport.sendMail({})).rejects.toThrow('421 try later');
    transport.close();
    expect(closed).toBe(true);
    const text = await metrics.registry.metrics();
    expect(text).toContain('seenwear_mail_send_duration_seconds_count{outcome="sent"} 1\n');
    expect(text).toContain('seenwear_mail_send_duration_seconds_count{outcome="failed"} 1\n');
  });
});
