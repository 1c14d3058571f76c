import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messageIdFor } from '#server/notifications/build-mail.ts';
import { startMailWorker } from '#server/notifications/start-notifications.ts';
import { openDatabase } from '#server/storage/open-database.ts';
import type { NewSubmission } from '#server/submissions/submission-store.ts';
import { memoryLogger } from '#tests/support/memory-logger.ts';
import { closedSmtpUrl, type SmtpCatcher, startSmtpCatcher } from '#tests/support/smtp-catcher.ts';
import {
  backends,
  isoFromNow,
  openTestStorage,
  runSql,
  type TestStorage,
  testStoresOf,
} from '#tests/support/test-storage.ts';
import type { MailSettings } from './mail-settings.ts';
import { createMailTransport, type MailTransport } from './mail-transport.ts';
import { ALERT_AFTER_ATTEMPTS, GIVE_UP_AFTER_MS, type OutboxWorker, retryDelayMs } from './outbox-worker.ts';

const settings: MailSettings = {
  from: 'Seenwear <orders@seenwear.example>',
  shopEmail: 'team@seenwear.example',
  shop: { appName: 'Seenwear', contact: { email: 'hello@seenwear.example', phone: '+15550100123' } },
  publicUrl: 'https://shop.example',
};

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const quote: NewSubmission = {
  kind: 'quote',
  name: 'Jane Doe',
  email: 'jane@example.com',
  payload: { name: 'Jane Doe', email: 'jane@example.com', service: 'screen-printing', garmentCount: 48 },
  files: [{ name: 'logo.png', mediaType: 'image/png', size: png.length, data: png }],
};

const contact: NewSubmission = {
  kind: 'contact',
  name: 'Sam Lee',
  email: 'sam@example.com',
  payload: { message: 'Do you print on hoodies?' },
  files: [],
};

/** The same message from its own address: the daily cap on confirmations counts per address. */
function distinct(submission: NewSubmission, index: number): NewSubmission {
  return { ...submission, email: `visitor-${index}@example.com` };
}

/** What must never reach the log: who wrote, and what they wrote. */
const personalData = ['Jane', 'jane@example.com', 'Sam', 'sam@example.com', 'hoodies', 'logo.png'];

let smtp: SmtpCatcher;
let transport: MailTransport;
let log: ReturnType<typeof memoryLogger>;
let worker: OutboxWorker | undefined;
const extraWorkers: OutboxWorker[] = [];

function linesAt(level: number) {
  return log.lines.filter((line) => line.level === level);
}

// The worker over the real storage, on each database: claims, leases and due times are the database's.
describe.each(backends)('on %s', (backend) => {
  let storage: Awaited<ReturnType<typeof openTestStorage>>;
  const opened: TestStorage[] = [];

  function start(options: { intervalMs?: number; transport?: MailTransport; on?: TestStorage } = {}) {
    const started = startMailWorker(options.on ?? storage, settings, {
      transport: options.transport ?? transport,
      logger: log.logger,
      intervalMs: options.intervalMs ?? 3_600_000,
    });
    if (worker) extraWorkers.push(started);
    else worker = started;
    return started;
  }

  /** Every notification of the database, oldest first, as the operators see them. */
  async function rows() {
    const references = (await storage.submissions.listSubmissions()).map((summary) => summary.reference).reverse();
    return (await Promise.all(references.map((reference) => storage.outbox.notificationsOf(reference)))).flat();
  }

  /** Moves every unsent row's next attempt `ms` from now (a retry falling due, a lease running out). */
  async function dueIn(ms: number) {
    await runSql(storage.location, 'update outbox set next_attempt_at = $1 where sent_at is null', [isoFromNow(ms)]);
  }

  beforeEach(async () => {
    smtp = await startSmtpCatcher();
    transport = createMailTransport(smtp.url);
    storage = await openTestStorage(backend);
    log = memoryLogger();
  });

  afterEach(async () => {
    await Promise.all([worker, ...extraWorkers.splice(0)].map((running) => running?.stop()));
    worker = undefined;
    transport.close();
    await smtp.close();
    await Promise.all([storage, ...opened.splice(0)].map((open) => open.close()));
  });

  it('e-mails the shop the details with the files, and the customer a confirmation, once', async () => {
    const { reference: quoteRef } = await storage.submissions.saveSubmission(quote);
    const { reference: contactRef } = await storage.submissions.saveSubmission(contact);
    const drain = start().drain;

    expect(await drain()).toBe(4);
    expect(smtp.received).toHaveLength(4);

    const toShop = smtp.received.filter((mail) => mail.envelopeTo.includes('team@seenwear.example'));
    const shopQuote = toShop.find((mail) => mail.header('subject')?.includes(quoteRef));
    expect(shopQuote?.header('subject')).toBe(`Quote request ${quoteRef} from Jane Doe`);
    expect(shopQuote?.header('reply-to')).toBe('Jane Doe <jane@example.com>');
    expect(shopQuote?.text).toContain('Garment count: 48');
    expect(shopQuote?.attachments).toEqual([{ filename: 'logo.png', contentType: 'image/png', content: png }]);
    const shopContact = toShop.find((mail) => mail.header('subject')?.includes(contactRef));
    expect(shopContact?.text).toContain('Message: Do you print on hoodies?');
    expect(shopContact?.header('reply-to')).toBe('Sam Lee <sam@example.com>');

    const [toJane] = smtp.received.filter((mail) => mail.envelopeTo.includes('jane@example.com'));
    expect(toJane?.header('subject')).toBe(`We received your quote request ${quoteRef}`);
    expect(toJane?.text).toContain(quoteRef);
    expect(toJane?.text).toContain('within one business day');
    expect(toJane?.attachments).toEqual([]);
    expect(toJane?.text).not.toContain('logo.png');
    const [toSam] = smtp.received.filter((mail) => mail.envelopeTo.includes('sam@example.com'));
    expect(toSam?.text).toContain(contactRef);
    expect(toSam?.text).not.toContain('hoodies');

    expect((await rows()).every((row) => row.sentAt !== null && row.attempts === 1)).toBe(true);
    expect((await storage.submissions.getSubmission(quoteRef))?.pendingNotifications).toBe(0);

    expect(await drain()).toBe(0);
    expect(smtp.received).toHaveLength(4);
  });

  it('gives each notification a stable Message-ID from the reference, the recipient and the sender domain', async () => {
    const { reference } = await storage.submissions.saveSubmission(quote);
    await start().drain();
    expect(smtp.received.map((mail) => mail.header('message-id'))).toEqual([
      `<${reference.toLowerCase()}.shop@seenwear.example>`,
      `<${reference.toLowerCase()}.customer@seenwear.example>`,
    ]);
    expect(messageIdFor('Q-2026-000007', 'customer', 'orders@shop.example')).toBe(
      '<q-2026-000007.customer@shop.example>',
    );
  });

  it('logs one info line per message sent, with the reference and recipient kind only', async () => {
    const { reference } = await storage.submissions.saveSubmission(quote);
    await start().drain();
    const info = linesAt(30);
    expect(info.map(({ msg, reference, recipient }) => ({ msg, reference, recipient }))).toEqual([
      { msg: 'notification sent', reference, recipient: 'shop' },
      { msg: 'notification sent', reference, recipient: 'customer' },
    ]);
    const logged = JSON.stringify(log.lines);
    for (const text of personalData) expect(logged).not.toContain(text);
  });

  it('keeps the rows when the SMTP server refuses for now, retries with backoff, and sends once it accepts', async () => {
    const { reference } = await storage.submissions.saveSubmission(quote);
    smtp.rejectWith = Object.assign(new Error('Mailbox of jane@example.com is busy, try later'), { responseCode: 451 });
    const drain = start().drain;

    const before = Date.now();
    expect(await drain()).toBe(0);
    const failed = await rows();
    expect(failed.map(({ attempts, sentAt, failedAt }) => ({ attempts, sentAt, failedAt }))).toEqual([
      { attempts: 1, sentAt: null, failedAt: null },
      { attempts: 1, sentAt: null, failedAt: null },
    ]);
    // 30 s later by the database's clock (give or take this machine's scheduling).
    for (const row of failed) {
      expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 29_000);
      expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 31_000);
    }
    expect(failed[0]?.lastError).toContain('451');
    const warnings = linesAt(40);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatchObject({ reference, recipient: 'shop', attempt: 1, retryInMs: 30_000 });
    expect(warnings[0]?.error).toContain('451');
    expect(warnings[0]?.error).toContain('[address]');
    const logged = JSON.stringify(log.lines);
    for (const text of personalData) expect(logged).not.toContain(text);

    // Not due yet: nothing is tried.
    expect(await drain()).toBe(0);
    expect(linesAt(40)).toHaveLength(2);

    await dueIn(-1);
    expect(await drain()).toBe(0);
    expect((await rows()).map((row) => row.attempts)).toEqual([2, 2]);
    expect(linesAt(40)[2]).toMatchObject({ attempt: 2, retryInMs: 60_000 });

    smtp.rejectWith = undefined;
    await dueIn(-1);
    expect(await drain()).toBe(2);
    expect(smtp.received).toHaveLength(2);
    expect((await rows()).every((row) => row.sentAt !== null)).toBe(true);
  });

  it('keeps the rows when no SMTP server answers', async () => {
    await storage.submissions.saveSubmission(contact);
    const refused = createMailTransport(await closedSmtpUrl());
    const drain = start({ transport: refused }).drain;
    expect(await drain()).toBe(0);
    refused.close();
    expect((await rows()).map((row) => [row.attempts, row.sentAt, row.failedAt])).toEqual([
      [1, null, null],
      [1, null, null],
    ]);
    expect(linesAt(40)[0]?.error).toMatch(/ECONNREFUSED/);
  });

  it('after an hour of failures logs each one as an error for the operators, and still keeps the row', async () => {
    await storage.submissions.saveSubmission(quote);
    await runSql(storage.location, "update outbox set attempts = $1 where recipient = 'shop'", [
      ALERT_AFTER_ATTEMPTS - 2,
    ]);
    await runSql(storage.location, "update outbox set attempts = $1 where recipient = 'customer'", [
      ALERT_AFTER_ATTEMPTS - 1,
    ]);
    const refused = createMailTransport(await closedSmtpUrl());
    expect(await start({ transport: refused }).drain()).toBe(0);
    refused.close();
    expect(linesAt(40)).toEqual([expect.objectContaining({ recipient: 'shop', attempt: ALERT_AFTER_ATTEMPTS - 1 })]);
    expect(linesAt(50)).toEqual([expect.objectContaining({ recipient: 'customer', attempt: ALERT_AFTER_ATTEMPTS })]);
    expect(linesAt(50)[0]?.msg).toContain('check SMTP_URL');
    expect((await rows()).map((row) => [row.sentAt, row.failedAt])).toEqual([
      [null, null],
      [null, null],
    ]);
    const logged = JSON.stringify(log.lines);
    for (const secret of personalData) expect(logged).not.toContain(secret);
  });

  it('gives up on a permanent refusal (5xx) at once: failed, one error line with the reference, until resent', async () => {
    const { reference } = await storage.submissions.saveSubmission(quote);
    smtp.rejectWith = Object.assign(new Error('550 <jane@example.com>: no such user'), { responseCode: 550 });
    const drain = start().drain;
    expect(await drain()).toBe(0);

    const failed = await storage.outbox.failedNotifications();
    expect(failed.map(({ reference, recipient, attempts }) => ({ reference, recipient, attempts }))).toEqual([
      { reference, recipient: 'shop', attempts: 1 },
      { reference, recipient: 'customer', attempts: 1 },
    ]);
    expect(failed.every((row) => row.failedAt instanceof Date && row.sentAt === null)).toBe(true);
    expect(linesAt(50)).toEqual([
      expect.objectContaining({
        reference,
        recipient: 'shop',
        attempt: 1,
        alert: 'mail_failed',
        command: 'npm run submissions -- failed',
      }),
      expect.objectContaining({
        reference,
        recipient: 'customer',
        attempt: 1,
        alert: 'mail_failed',
        command: 'npm run submissions -- failed',
      }),
    ]);
    expect(linesAt(50)[0]?.msg).toMatch(/^notification failed: .*resend/);
    expect(JSON.stringify(log.lines)).not.toContain('jane@example.com');
    // Never claimed again, however long one waits.
    await runSql(storage.location, 'update outbox set next_attempt_at = $1', [isoFromNow(-86_400_000)]);
    expect(await drain()).toBe(0);
    expect(linesAt(50)).toHaveLength(2);
    expect((await storage.submissions.getSubmission(reference))?.pendingNotifications).toBe(0);

    // The operator fixes the address (or the server) and sends the shop's copy again.
    smtp.rejectWith = undefined;
    expect(await storage.outbox.resendNotifications(reference, 'shop')).toBe(1);
    expect(await drain()).toBe(1);
    expect(smtp.received.map((mail) => mail.envelopeTo)).toEqual([['team@seenwear.example']]);
    expect((await storage.outbox.failedNotifications()).map((row) => row.recipient)).toEqual(['customer']);
    expect(await storage.outbox.resendNotifications(reference)).toBe(1);
    expect(await storage.outbox.resendNotifications(reference)).toBe(0);
    expect(await drain()).toBe(1);
    expect(await storage.outbox.failedNotifications()).toEqual([]);
  });

  it('gives up on a notification still failing days after the submission', async () => {
    await storage.submissions.saveSubmission(contact);
    await runSql(storage.location, 'update submissions set created_at = $1', [isoFromNow(-GIVE_UP_AFTER_MS - 1000)]);
    const refused = createMailTransport(await closedSmtpUrl());
    expect(await start({ transport: refused }).drain()).toBe(0);
    refused.close();
    expect((await storage.outbox.failedNotifications()).map((row) => row.recipient)).toEqual(['shop', 'customer']);
    expect(linesAt(50).map((line) => line.msg)).toEqual([
      expect.stringContaining('days of attempts'),
      expect.stringContaining('days of attempts'),
    ]);
  });

  it('gives up at once on a mail it cannot write, and ages a mail from when it was queued, not from its request', async () => {
    const { reference } = await storage.submissions.saveSubmission(quote);
    const drain = start().drain;
    expect(await drain()).toBe(2);
    // Days later: a mail about a version that is not stored, and a status change the server refuses for now.
    await runSql(storage.location, 'update submissions set created_at = $1', [isoFromNow(-GIVE_UP_AFTER_MS - 1000)]);
    await storage.outbox.queueMail({ kind: 'quote-sent', version: 9 }, { recipient: 'customer', reference });
    await storage.desk.changeRequestStatus(reference, {
      from: 'new',
      to: 'quoted',
      actor: 'staff:owner@seenwear.example',
      message: 'On its way.',
      mail: { kind: 'status-changed', status: 'quoted', message: 'On its way.' },
    });
    smtp.rejectWith = Object.assign(new Error('Try later'), { responseCode: 451 });
    expect(await drain()).toBe(0);
    const [, , unwritten, status] = await storage.outbox.notificationsOf(reference);
    expect(unwritten).toMatchObject({ attempts: 1, sentAt: null, failedAt: expect.any(Date) });
    expect(unwritten?.lastError).toBe(`quote v9 of ${reference} is not in storage`);
    expect(status).toMatchObject({ attempts: 1, sentAt: null, failedAt: null });
    expect(linesAt(50)).toEqual([
      expect.objectContaining({
        reference,
        recipient: 'customer',
        alert: 'mail_failed',
        msg: expect.stringContaining('cannot be written'),
      }),
    ]);
    smtp.rejectWith = undefined;
    await dueIn(-1);
    expect(await drain()).toBe(1);
    expect(smtp.received.at(-1)?.header('subject')).toBe(`Seenwear: your request ${reference} is now quoted`);
  });

  it('keeps sending while rows are due, without waiting for the next interval', { timeout: 30_000 }, async () => {
    // A different address each: one address gets at most 5 confirmations a day.
    for (let index = 0; index < 30; index += 1) await storage.submissions.saveSubmission(distinct(contact, index));
    const started = Date.now();
    // An hour between runs: only a worker that keeps going empties the outbox in one run.
    expect(await start().drain()).toBe(60);
    expect(smtp.received).toHaveLength(60);
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('sends each message once with three workers on three connections racing for the same rows', async () => {
    for (let index = 0; index < 10; index += 1) await storage.submissions.saveSubmission(distinct(contact, index));
    smtp.delayMs = 20;
    const others = await Promise.all(
      [1, 2].map(async () => {
        const open = testStoresOf(await openDatabase(storage.location), storage.location);
        opened.push(open);
        return open;
      }),
    );
    const counts = await Promise.all([start().drain(), ...others.map((on) => start({ on }).drain())]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(20);
    const ids = smtp.received.map((mail) => mail.header('message-id'));
    expect(new Set(ids).size).toBe(20);
    expect(ids).toHaveLength(20);
  });

  it('never runs two drains at once within an instance, so a slow server gets each message once', async () => {
    await storage.submissions.saveSubmission(quote);
    smtp.delayMs = 300;
    const { drain } = start();
    expect(await Promise.all([drain(), drain()])).toEqual([2, 0]);
    expect(smtp.received).toHaveLength(2);
  });

  it('finishes the send in progress before stop() resolves, and claims nothing after', async () => {
    await storage.submissions.saveSubmission(quote);
    smtp.delayMs = 200;
    const running = start();
    const run = running.drain();
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1));
    await running.stop();
    expect(await run).toBe(1);
    expect((await rows()).map((row) => row.sentAt !== null)).toEqual([true, false]);
  });

  it('gives its claim back when the send outlasts the grace period, so another instance sends it at once', async () => {
    await storage.submissions.saveSubmission(contact);
    smtp.delayMs = 1_500;
    const running = start();
    const run = running.drain();
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1));
    await running.stop(100);
    expect(linesAt(40)).toEqual([
      expect.objectContaining({ recipient: 'shop', msg: expect.stringContaining('given back') }),
    ]);
    const [shop] = await rows();
    // Due now, claimed by nobody: the next worker takes it without waiting for the lease.
    expect(shop?.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    await run;
    // The send finished after the claim was given back: the outbox could not mark it, so it goes again.
    expect(linesAt(40).at(-1)?.msg).toContain('may be sent twice');
  });

  it('sends at once when woken after a save, without waiting for its interval', async () => {
    const running = start({ intervalMs: 3_600_000 });
    await storage.submissions.saveSubmission(contact);
    running.wake();
    running.wake();
    await vi.waitFor(() => expect(smtp.received).toHaveLength(2), { timeout: 5_000 });
    await storage.submissions.saveSubmission(contact);
    running.wake();
    await vi.waitFor(() => expect(smtp.received).toHaveLength(4), { timeout: 5_000 });
  });

  it('drains on its own every interval until stopped', async () => {
    await storage.submissions.saveSubmission(quote);
    const running = start({ intervalMs: 20 });
    await vi.waitFor(async () => expect((await rows()).every((row) => row.sentAt !== null)).toBe(true));
    await running.stop();
    await storage.submissions.saveSubmission(contact);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(smtp.received).toHaveLength(2);
  });
});

describe('retryDelayMs', () => {
  it('doubles from 30 seconds and stays at one hour', () => {
    const minutes = [1, 2, 3, 4, 5, 6, 7, 8, 9, 40].map((attempt) => retryDelayMs(attempt) / 60_000);
    expect(minutes).toEqual([0.5, 1, 2, 4, 8, 16, 32, 60, 60, 60]);
  });
});
