import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailNotDueError } from '#server/mail/mail-row.ts';
import type { MailSettings } from '#server/mail/mail-settings.ts';
import { buildMail } from '#server/notifications/build-mail.ts';
import { startMailWorker } from '#server/notifications/start-notifications.ts';
import type { QuoteTerms } from '#shared/requests/quote.ts';
import { localToday } from '#shared/submissions/quote-fields.ts';
import { memoryLogger } from '#tests/support/memory-logger.ts';
import { backends, isoFromNow, openTestStorage, runSql } from '#tests/support/test-storage.ts';
import { REMINDER_TIMING, reminderJob } from './reminder-job.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const staff = 'staff:owner@seenwear.example' as const;
const settings: MailSettings = {
  from: 'Seenwear <orders@seenwear.example>',
  shopEmail: 'team@seenwear.example',
  shop: { appName: 'Seenwear', contact: { email: 'hello@seenwear.example', phone: '+15550100123' } },
  publicUrl: 'https://shop.example',
};
/** Noon in Chicago, inside the hours reminders go in. */
const noon = () => {
  const at = new Date();
  at.setUTCHours(18, 0, 0, 0);
  return at;
};
const addDays = (days: number) => localToday(new Date(Date.now() + days * DAY_MS));
const terms = (validUntil: string): QuoteTerms => ({
  lines: [{ label: '54 tees, front print', quantity: 1, unitCents: 49_266 }],
  notes: '',
  validUntil,
  depositPercent: 50,
});

// The reminders on each database: a deposit and a balance due for days, a quote about to expire, each
// once, never to a cancelled or completed request, and not for money paid meanwhile.
describe.each(backends)('the reminder job on %s', (backend) => {
  let storage: Awaited<ReturnType<typeof openTestStorage>>;
  const sql = (text: string, parameters: unknown[]) => runSql(storage.location, text, parameters);

  beforeAll(async () => {
    storage = await openTestStorage(backend);
  });
  afterAll(() => storage.close());

  const job = (now = noon) =>
    reminderJob({ ...storage, logger: memoryLogger().logger, timeZone: 'America/Chicago', now });
  const run = (now = noon) => job(now).run(new AbortController().signal);

  async function request(validUntil = '2099-01-31') {
    const { reference } = await storage.submissions.saveSubmission({
      kind: 'quote',
      name: 'Dana Whitfield',
      email: 'dana@example.com',
      payload: { name: 'Dana Whitfield', delivery: 'pickup' },
      files: [],
    });
    await storage.versions.sendQuote(reference, terms(validUntil), {
      from: 'new',
      to: 'quoted',
      actor: staff,
      mail: (version) => ({ kind: 'quote-sent', version }),
    });
    return reference;
  }

  async function approved(daysAgo: number) {
    const reference = await request();
    await storage.customer.decideVersion(
      reference,
      { subject: 'quote', version: 1, decision: 'approved', name: 'Dana', comment: '', ip: '', userAgent: '' },
      () => ({ ok: true, to: 'approved' }),
    );
    await sql(`update approvals set at = $1 where submission_id = (select id from submissions where reference = $2)`, [
      isoFromNow(-daysAgo * DAY_MS),
      reference,
    ]);
    return reference;
  }

  async function ready(daysAgo: number) {
    const reference = await approved(daysAgo + 10);
    await storage.payments.waiveDeposit(reference, { actor: staff, reason: 'Regular customer' });
    await storage.desk.changeRequestStatus(reference, { from: 'approved', to: 'in_production', actor: staff });
    await storage.desk.changeRequestStatus(reference, { from: 'in_production', to: 'ready', actor: staff });
    await sql(`update submissions set status_changed_at = $1 where reference = $2`, [
      isoFromNow(-daysAgo * DAY_MS),
      reference,
    ]);
    return reference;
  }

  const quoteSentDaysAgo = (reference: string, days: number) =>
    sql(`update quotes set created_at = $1 where submission_id = (select id from submissions where reference = $2)`, [
      isoFromNow(-days * DAY_MS),
      reference,
    ]);

  const remindersOf = async (reference: string) =>
    (await storage.outbox.notificationsOf(reference)).flatMap((mail) =>
      mail.facts?.kind === 'reminder' ? [mail.facts.about as string] : [],
    );

  it('reminds of a deposit unpaid 3 days after approval, once, and not before', async () => {
    const early = await approved(2);
    const due = await approved(4);
    const paid = await approved(4);
    await storage.payments.recordOfflinePayment(paid, {
      amountCents: 24_633,
      method: 'cash',
      purpose: 'deposit',
      note: '',
      actor: staff,
    });
    // Two instances at once, then a later run: one reminder.
    await Promise.all([run(), run()]);
    await run();
    expect(await remindersOf(due)).toEqual(['deposit']);
    expect(await remindersOf(early)).toEqual([]);
    expect(await remindersOf(paid)).toEqual([]);
    const mail = await buildMail(
      { id: 1, reference: due, recipient: 'customer', facts: { kind: 'reminder', about: 'deposit' } },
      storage,
      settings,
    );
    expect(mail.subject).toBe(`Seenwear: a reminder: the deposit for ${due} is due`);
    expect(mail.text).toContain(`your order ${due} is waiting for its $246.33 deposit`);
    expect((await storage.desk.getRequest(due))?.events.at(-1)).toMatchObject({ actor: 'system', type: 'reminder' });
  });

  it('reminds of a balance 5 days after Ready, never after it is completed, cancelled or paid', async () => {
    const due = await ready(6);
    const recent = await ready(2);
    const completed = await ready(6);
    await storage.desk.changeRequestStatus(completed, { from: 'ready', to: 'completed', actor: staff });
    const cancelled = await ready(6);
    await storage.desk.changeRequestStatus(cancelled, { from: 'ready', to: 'cancelled', actor: staff });
    await run();
    expect(await remindersOf(due)).toEqual(['balance']);
    for (const reference of [recent, completed, cancelled]) expect(await remindersOf(reference)).toEqual([]);
    const mail = await buildMail(
      { id: 1, reference: due, recipient: 'customer', facts: { kind: 'reminder', about: 'balance' } },
      storage,
      settings,
    );
    expect(mail.text).toContain(`$492.66 is due (the balance).`);
  });

  it('reminds of a quote 3 days before it expires, per version, and not of one just sent', async () => {
    const soon = await request(addDays(2));
    await quoteSentDaysAgo(soon, 10);
    const later = await request(addDays(REMINDER_TIMING.quoteDaysBefore + 2));
    await quoteSentDaysAgo(later, 10);
    const fresh = await request(addDays(1));
    const gone = await request(addDays(-1));
    await quoteSentDaysAgo(gone, 10);
    await run();
    await run();
    expect(await remindersOf(soon)).toEqual(['quote-expiring']);
    for (const reference of [later, fresh, gone]) expect(await remindersOf(reference)).toEqual([]);
    const mail = await buildMail(
      {
        id: 1,
        reference: soon,
        recipient: 'customer',
        facts: { kind: 'reminder', about: 'quote-expiring', version: 1 },
      },
      storage,
      settings,
    );
    expect(mail.subject).toBe(`Seenwear: a reminder: your quote for ${soon} expires soon`);
    // A revision is a new quote: it may be reminded of in its turn.
    await storage.versions.sendQuote(soon, terms(addDays(1)), {
      from: 'quoted',
      to: 'quoted',
      actor: staff,
      mail: (version) => ({ kind: 'quote-sent', version }),
    });
    await quoteSentDaysAgo(soon, 3);
    await run();
    expect(await remindersOf(soon)).toEqual(['quote-expiring', 'quote-expiring']);
  });

  it('sends nothing at night on the shop’s clock', async () => {
    const due = await approved(5);
    await run(() => {
      const at = new Date();
      at.setUTCHours(9, 0, 0, 0); // 3 or 4 am in Chicago
      return at;
    });
    expect(await remindersOf(due)).toEqual([]);
  });

  it('drops a reminder unsent when the money was paid, or the request cancelled, before it went', async () => {
    const paid = await approved(5);
    const cancelled = await approved(5);
    await run();
    await storage.payments.recordOfflinePayment(paid, {
      amountCents: 24_633,
      method: 'cash',
      purpose: 'deposit',
      note: '',
      actor: staff,
    });
    await storage.desk.changeRequestStatus(cancelled, { from: 'approved', to: 'cancelled', actor: staff });
    await expect(
      buildMail(
        { id: 1, reference: paid, recipient: 'customer', facts: { kind: 'reminder', about: 'deposit' } },
        storage,
        settings,
      ),
    ).rejects.toBeInstanceOf(MailNotDueError);
    // The worker sends what is due, and drops the two reminders without an error.
    const sent: string[] = [];
    const { logger, lines } = memoryLogger();
    const worker = startMailWorker(storage, settings, {
      transport: {
        sendMail: async (mail) => {
          sent.push(String(mail.subject));
          return {} as never;
        },
      },
      logger,
      intervalMs: 60_000,
    });
    await worker.drain();
    await worker.stop();
    const reminded = (reference: string) =>
      sent.filter((subject) => subject.includes(`reminder: the deposit for ${reference}`));
    expect([...reminded(paid), ...reminded(cancelled)]).toEqual([]);
    expect(await remindersOf(paid)).toEqual([]);
    expect(await remindersOf(cancelled)).toEqual([]);
    const dropped = lines.filter((line) => line.msg === 'notification dropped: no longer due');
    expect(dropped.filter((line) => line.reference === paid || line.reference === cancelled)).toHaveLength(2);
    // Dropped, not failed: nothing for an operator to resend.
    expect(await storage.outbox.failedNotifications()).toEqual([]);
  });
});
