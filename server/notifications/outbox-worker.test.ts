import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NewSubmission } from '#server/storage/types.ts';
import { type MemoryLogger, memoryLogger } from '#tests/support/memory-logger.ts';
import { type MemoryStorage, memoryStorage } from '#tests/support/memory-storage.ts';
import { closedSmtpUrl, type SmtpCatcher, startSmtpCatcher } from '#tests/support/smtp-catcher.ts';
import type { MailSettings } from './mail-messages.ts';
import { createMailTransport, type MailTransport } from './mail-transport.ts';
import { ALERT_AFTER_ATTEMPTS, type OutboxWorker, retryDelayMs, startOutboxWorker } from './outbox-worker.ts';

const settings: MailSettings = {
  from: 'Seenwear <orders@seenwear.example>',
  shopEmail: 'team@seenwear.example',
  shop: { appName: 'Seenwear', contact: { email: 'hello@seenwear.example', phone: '+15550100123' } },
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

/** What must never reach the log: who wrote, and what they wrote. */
const personalData = ['Jane', 'jane@example.com', 'Sam', 'sam@example.com', 'hoodies', 'logo.png'];

let smtp: SmtpCatcher;
let transport: MailTransport;
let storage: MemoryStorage;
let clock: Date;
let log: MemoryLogger;
let worker: OutboxWorker | undefined;

function start(options: { intervalMs?: number; transport?: MailTransport } = {}) {
  worker = startOutboxWorker({
    storage,
    transport: options.transport ?? transport,
    settings,
    logger: log.logger,
    intervalMs: options.intervalMs ?? 3_600_000,
    now: () => clock,
  });
  return worker;
}

function later(ms: number) {
  clock = new Date(clock.getTime() + ms);
}

function linesAt(level: number) {
  return log.lines.filter((line) => line.level === level);
}

beforeEach(async () => {
  smtp = await startSmtpCatcher();
  transport = createMailTransport(smtp.url);
  storage = memoryStorage();
  clock = new Date('2026-03-14T15:05:00Z');
  log = memoryLogger();
});

afterEach(async () => {
  await worker?.stop();
  worker = undefined;
  transport.close();
  await smtp.close();
});

describe('the outbox worker', () => {
  it('e-mails the shop the details with the files, and the customer a confirmation, once', async () => {
    const { reference: quoteRef } = await storage.saveSubmission(quote);
    const { reference: contactRef } = await storage.saveSubmission(contact);
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

    expect(storage.outbox.map((row) => row.sentAt)).toEqual([clock, clock, clock, clock]);
    expect((await storage.getSubmission(quoteRef))?.pendingNotifications).toBe(0);

    expect(await drain()).toBe(0);
    expect(smtp.received).toHaveLength(4);
  });

  it('logs one info line per message sent, with the reference and recipient kind only', async () => {
    const { reference } = await storage.saveSubmission(quote);
    await start().drain();
    const info = linesAt(30);
    expect(info.map(({ msg, reference, recipient }) => ({ msg, reference, recipient }))).toEqual([
      { msg: 'notification sent', reference, recipient: 'shop' },
      { msg: 'notification sent', reference, recipient: 'customer' },
    ]);
    const logged = JSON.stringify(log.lines);
    for (const text of personalData) expect(logged).not.toContain(text);
  });

  it('keeps the rows when the SMTP server refuses, retries with backoff, and sends once it accepts', async () => {
    await storage.saveSubmission(quote);
    smtp.rejectWith = Object.assign(new Error('Mailbox of jane@example.com is busy, try later'), { responseCode: 451 });
    const drain = start().drain;
    const failedAt = clock;

    expect(await drain()).toBe(0);
    expect(storage.outbox.map(({ attempts, sentAt, nextAttemptAt }) => ({ attempts, sentAt, nextAttemptAt }))).toEqual([
      { attempts: 1, sentAt: null, nextAttemptAt: new Date(failedAt.getTime() + 30_000) },
      { attempts: 1, sentAt: null, nextAttemptAt: new Date(failedAt.getTime() + 30_000) },
    ]);
    expect(storage.outbox[0]?.lastError).toContain('451');
    const warnings = linesAt(40);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatchObject({ reference: 'Q-2026-000001', recipient: 'shop', attempt: 1 });
    expect(warnings[0]?.error).toContain('451');
    expect(warnings[0]?.error).toContain('[address]');
    const logged = JSON.stringify(log.lines);
    for (const text of personalData) expect(logged).not.toContain(text);

    // Not due yet: nothing is tried.
    later(29_000);
    expect(await drain()).toBe(0);
    expect(linesAt(40)).toHaveLength(2);

    later(1_000);
    expect(await drain()).toBe(0);
    expect(storage.outbox.map((row) => row.attempts)).toEqual([2, 2]);
    expect(storage.outbox[0]?.nextAttemptAt).toEqual(new Date(clock.getTime() + 60_000));
    expect(linesAt(40)[2]).toMatchObject({ attempt: 2 });

    smtp.rejectWith = undefined;
    later(60_000);
    expect(await drain()).toBe(2);
    expect(smtp.received).toHaveLength(2);
    expect(storage.outbox.every((row) => row.sentAt !== null)).toBe(true);
  });

  it('keeps the rows when no SMTP server answers', async () => {
    await storage.saveSubmission(contact);
    const refused = createMailTransport(await closedSmtpUrl());
    const drain = start({ transport: refused }).drain;
    expect(await drain()).toBe(0);
    refused.close();
    expect(storage.outbox.map((row) => [row.attempts, row.sentAt])).toEqual([
      [1, null],
      [1, null],
    ]);
    expect(linesAt(40)[0]?.error).toMatch(/ECONNREFUSED/);
  });

  it('after an hour of failures logs each one as an error for the operators, and still keeps the row', async () => {
    await storage.saveSubmission(quote);
    const [shopRow, customerRow] = storage.outbox;
    if (!shopRow || !customerRow) throw new Error('the save made no outbox rows');
    shopRow.attempts = ALERT_AFTER_ATTEMPTS - 2;
    customerRow.attempts = ALERT_AFTER_ATTEMPTS - 1;
    const refused = createMailTransport(await closedSmtpUrl());
    expect(await start({ transport: refused }).drain()).toBe(0);
    refused.close();
    expect(linesAt(40)).toEqual([expect.objectContaining({ recipient: 'shop', attempt: ALERT_AFTER_ATTEMPTS - 1 })]);
    expect(linesAt(50)).toEqual([
      expect.objectContaining({ reference: 'Q-2026-000001', recipient: 'customer', attempt: ALERT_AFTER_ATTEMPTS }),
    ]);
    expect(linesAt(50)[0]?.msg).toContain('check SMTP_URL');
    expect(storage.outbox.map((row) => row.sentAt)).toEqual([null, null]);
    const logged = JSON.stringify(log.lines);
    for (const secret of personalData) expect(logged).not.toContain(secret);
  });

  it('retries a row whose submission cannot be found instead of dropping it', async () => {
    storage.outbox.push({
      id: 1,
      reference: 'Q-2026-999999',
      recipient: 'shop',
      attempts: 0,
      nextAttemptAt: clock,
      lastError: null,
      sentAt: null,
    });
    expect(await start().drain()).toBe(0);
    expect(storage.outbox[0]).toMatchObject({
      attempts: 1,
      sentAt: null,
      lastError: 'the submission is not in storage',
    });
  });

  it('never runs two passes at once, so a slow server gets each message once', async () => {
    await storage.saveSubmission(quote);
    smtp.delayMs = 300;
    const { drain } = start();
    expect(await Promise.all([drain(), drain()])).toEqual([2, 0]);
    expect(smtp.received).toHaveLength(2);
  });

  it('finishes the pass in progress before stop() resolves', async () => {
    await storage.saveSubmission(quote);
    smtp.delayMs = 200;
    const running = start();
    const pass = running.drain();
    await running.stop();
    expect(storage.outbox.every((row) => row.sentAt !== null)).toBe(true);
    expect(await pass).toBe(2);
  });

  it('drains on its own every interval until stopped', async () => {
    await storage.saveSubmission(quote);
    const running = start({ intervalMs: 20 });
    await vi.waitFor(() => expect(storage.outbox.every((row) => row.sentAt !== null)).toBe(true));
    await running.stop();
    await storage.saveSubmission(contact);
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
