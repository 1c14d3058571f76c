import { afterEach, describe, expect, it } from 'vitest';
import { memoryLogger } from '#tests/support/memory-logger.ts';
import { backends, isoFromNow, openTestStorage, runSql, type TestStorage } from '#tests/support/test-storage.ts';
import { privacyPurgeJob } from './privacy-purge-job.ts';

describe.each(backends)('privacyPurgeJob on %s', (backend) => {
  const opened: TestStorage[] = [];

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((storage) => storage.close()));
  });

  it('deletes what is older than 12 months, mailed or not, and warns with the references never mailed to the shop', async () => {
    let now = new Date('2025-10-01T09:00:00.000Z');
    const storage = await openTestStorage(backend, { now: () => now });
    opened.push(storage);
    const save = async (email: string) =>
      (await storage.submissions.saveSubmission({ kind: 'contact', name: 'Lee', email, payload: {}, files: [] }))
        .reference;
    const mailed = await save('mailed@example.com');
    for (;;) {
      const claimed = await storage.outbox.claimNotification(60_000);
      if (!claimed) break;
      await storage.outbox.markNotificationSent(claimed);
    }
    // Stored while SMTP was not set up: its mail never went out.
    const neverMailed = await save('never-mailed@example.com');
    now = new Date('2026-09-30T09:00:00.000Z');
    const recent = await save('recent@example.com');
    const { logger, lines } = memoryLogger();
    // The submissions' lines; the sign-in line is the next test's.
    const purged = () => lines.filter((line) => !String(line.msg).includes('sign-in'));

    // The last day of the twelve months: nothing is old enough yet.
    await privacyPurgeJob({
      submissions: storage.submissions,
      desk: storage.desk,
      logger,
      now: () => new Date('2026-10-01T23:00:00.000Z'),
    }).run(new AbortController().signal);
    expect(purged()).toMatchObject([
      { level: 30, job: 'privacy-purge', deleted: 0, msg: 'privacy purge: deleted 0 submissions older than 12 months' },
    ]);
    expect(await storage.submissions.listSubmissions()).toHaveLength(3);

    lines.length = 0;
    await privacyPurgeJob({
      submissions: storage.submissions,
      desk: storage.desk,
      logger,
      now: () => new Date('2026-10-02T01:00:00.000Z'),
    }).run(new AbortController().signal);
    expect(purged()).toEqual([
      expect.objectContaining({
        level: 30,
        job: 'privacy-purge',
        before: '2025-10-02T00:00:00.000Z',
        deleted: 2,
        neverMailedToShop: 1,
        msg: 'privacy purge: deleted 2 submissions older than 12 months',
      }),
      expect.objectContaining({
        level: 40,
        job: 'privacy-purge',
        references: [neverMailed],
        msg: 'privacy purge deleted submissions never mailed to the shop: the shop may never have seen them',
      }),
    ]);
    // References only: nothing the visitor typed reaches the log.
    expect(JSON.stringify(lines)).not.toContain('@example.com');
    expect((await storage.submissions.listSubmissions()).map((summary) => summary.reference)).toEqual([recent]);
    expect(await storage.outbox.notificationsOf(neverMailed)).toEqual([]);
    expect(await storage.submissions.getSubmission(mailed)).toBeUndefined();
  });

  it("keeps an order (here, one paid at the counter) for the policy's 7 years, then deletes it", async () => {
    let now = new Date('2019-03-01T09:00:00.000Z');
    const storage = await openTestStorage(backend, { now: () => now });
    opened.push(storage);
    const save = async () =>
      (
        await storage.submissions.saveSubmission({
          kind: 'quote',
          name: 'Lee',
          email: 'lee@example.com',
          payload: {},
          files: [],
        })
      ).reference;
    const order = await save();
    const enquiry = await save();
    await storage.payments.recordOfflinePayment(order, {
      amountCents: 12_000,
      method: 'cash',
      purpose: 'deposit',
      note: '',
      actor: 'staff:owner@seenwear.example',
    });
    const { logger } = memoryLogger();
    const runOn = (day: string) =>
      privacyPurgeJob({ submissions: storage.submissions, desk: storage.desk, logger, now: () => new Date(day) }).run(
        new AbortController().signal,
      );

    now = new Date('2025-06-01T09:00:00.000Z');
    await runOn('2025-06-01T09:00:00.000Z');
    expect((await storage.submissions.listSubmissions()).map((summary) => summary.reference)).toEqual([order]);
    await runOn('2026-03-01T23:00:00.000Z');
    expect((await storage.submissions.listSubmissions()).map((summary) => summary.reference)).toEqual([order]);
    await runOn('2026-03-02T01:00:00.000Z');
    expect(await storage.submissions.listSubmissions()).toEqual([]);
    expect(enquiry).not.toBe(order);
  });

  it('deletes sign-in links, sessions and sign-in mails a day past their end, and says how many', async () => {
    const storage = await openTestStorage(backend);
    opened.push(storage);
    await storage.desk.createStaffSignInLink('expired-long-ago', 'owner@seenwear.example', 15 * 60_000);
    await storage.desk.createStaffSignInLink('live', 'owner@seenwear.example', 15 * 60_000);
    await storage.outbox.queueMail(
      { kind: 'staff-sign-in', to: 'owner@seenwear.example', nonce: 'n'.repeat(43) },
      { recipient: 'staff' },
    );
    const twoDaysAgo = isoFromNow(-2 * 24 * 60 * 60_000);
    await runSql(
      storage.location,
      "update staff_sign_in_links set expires_at = $1 where token_hash = 'expired-long-ago'",
      [twoDaysAgo],
    );
    await runSql(storage.location, 'update outbox set created_at = $1', [twoDaysAgo]);
    const { logger, lines } = memoryLogger();
    await privacyPurgeJob({ submissions: storage.submissions, desk: storage.desk, logger }).run(
      new AbortController().signal,
    );
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 30,
        job: 'privacy-purge',
        links: 1,
        sessions: 0,
        mails: 1,
        msg: 'privacy purge: deleted 1 used or expired sign-in link, 0 ended sessions and 1 sign-in mail',
      }),
    );
    expect(await storage.desk.consumeStaffSignInLink('expired-long-ago')).toBeUndefined();
    expect(await storage.desk.consumeStaffSignInLink('live')).toBe('owner@seenwear.example');
    expect((await storage.outbox.outboxDepth()).pending).toBe(0);
  });
});
