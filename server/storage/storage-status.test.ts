import { afterEach, describe, expect, it } from 'vitest';
import { backends, openTestStorage, type TestStorage } from '#tests/support/test-storage.ts';
import { sqliteMigrations } from './sqlite/migrations.ts';

describe.each(backends)('on %s', (backend) => {
  let storage: TestStorage;

  afterEach(async () => {
    await storage.close();
  });

  it('counts submissions by kind, files, and the outbox by state with the oldest pending', async () => {
    let now = new Date('2026-03-01T10:00:00.000Z');
    storage = await openTestStorage(backend, { now: () => now });
    expect(await storage.outbox.outboxDepth()).toEqual({ pending: 0, failed: 0, oldestPendingAt: null });
    const file = (size: number) => ({ name: 'a.png', mediaType: 'image/png', size, data: Buffer.alloc(size, 1) });
    await storage.submissions.saveSubmission({
      kind: 'quote',
      name: 'A',
      email: 'a@example.com',
      payload: {},
      files: [file(10)],
    });
    now = new Date('2026-03-02T10:00:00.000Z');
    await storage.submissions.saveSubmission({
      kind: 'quote',
      name: 'B',
      email: 'b@example.com',
      payload: {},
      files: [file(5), file(7)],
    });
    await storage.submissions.saveSubmission({
      kind: 'contact',
      name: 'C',
      email: 'c@example.com',
      payload: {},
      files: [],
    });
    // The first submission's two mails: one sent, one given up on. Claims take the oldest first.
    const shop = await storage.outbox.claimNotification(60_000);
    const customer = await storage.outbox.claimNotification(60_000);
    if (!shop || !customer) throw new Error('nothing to claim');
    await storage.outbox.markNotificationSent(shop);
    await storage.outbox.markNotificationFailed(customer, '550 no such user', { final: true });

    expect(await storage.outbox.outboxDepth()).toEqual({
      pending: 4,
      failed: 1,
      oldestPendingAt: new Date('2026-03-02T10:00:00.000Z'),
    });
    expect(await storage.database.status()).toEqual({
      schemaVersion: Object.keys(sqliteMigrations).sort().at(-1),
      submissions: { quote: 2, contact: 1 },
      files: { count: 3, bytes: 22 },
      outbox: { pending: 4, failed: 1, sent: 1, oldestPendingAt: new Date('2026-03-02T10:00:00.000Z') },
    });
  });
});
