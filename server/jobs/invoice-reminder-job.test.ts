import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailNotDueError } from '#server/mail/mail-row.ts';
import type { MailSettings } from '#server/mail/mail-settings.ts';
import { buildMail } from '#server/notifications/build-mail.ts';
import { startMailWorker } from '#server/notifications/start-notifications.ts';
import { approvedQuote } from '#tests/support/approved-quote.ts';
import { memoryLogger } from '#tests/support/memory-logger.ts';
import { backends, openTestStorage, runSql, type TestStorage } from '#tests/support/test-storage.ts';
import { invoiceReminderJob, invoiceStageOn } from './invoice-reminder-job.ts';

const staff = 'staff:owner@seenwear.example' as const;
const settings: MailSettings = {
  from: 'Seenwear <orders@seenwear.example>',
  shopEmail: 'team@seenwear.example',
  shop: {
    appName: 'Seenwear',
    contact: { email: 'hello@seenwear.example', phone: '+15550100123' },
    address: { street: '410 Mill St', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' },
  },
  publicUrl: 'https://shop.example',
};
/** Noon in Chicago on `day` (in winter, UTC−6). */
const noonOn = (day: string) => () => new Date(`${day}T18:00:00.000Z`);

it('owes the reminder of the latest stage reached, within a month of the due day', () => {
  expect(invoiceStageOn('2026-03-30', '2026-03-22')).toBeUndefined();
  expect(invoiceStageOn('2026-03-30', '2026-03-23')).toBe('before');
  expect(invoiceStageOn('2026-03-30', '2026-03-29')).toBe('before');
  expect(invoiceStageOn('2026-03-30', '2026-03-30')).toBe('due');
  expect(invoiceStageOn('2026-03-30', '2026-04-06')).toBe('after');
  expect(invoiceStageOn('2026-03-30', '2026-05-01')).toBeUndefined();
});

// The invoice reminders on each database: a week before the due day, on it and a week after, each
// once per invoice whatever the instances, none at night, none once paid.
describe.each(backends)('the invoice reminder job on %s', (backend) => {
  let storage: TestStorage;

  beforeAll(async () => {
    storage = await openTestStorage(backend);
  });
  afterAll(() => storage.close());

  const job = (now: () => Date) =>
    invoiceReminderJob({ ...storage, logger: memoryLogger().logger, timeZone: 'America/Chicago', now });
  const run = (now: () => Date) => job(now).run(new AbortController().signal);

  /** Approved (and invoiced) on Feb 28 in Chicago on Net 30 with a PO: due March 30. */
  async function onNet30(name: string) {
    const reference = await approvedQuote(storage, { name, email: `${name.split(' ')[0]?.toLowerCase()}@example.com` });
    await storage.books.setTerms(reference, { netDays: 30, poNumber: 'PO-77', actor: staff });
    await runSql(
      storage.location,
      'update approvals set at = $1 where submission_id = (select id from submissions where reference = $2)',
      ['2026-02-28T20:00:00.000Z', reference],
    );
    await storage.books.post();
    return reference;
  }

  const remindersOf = async (reference: string) =>
    (await storage.outbox.notificationsOf(reference)).flatMap((mail) =>
      mail.facts?.kind === 'invoice-due' ? [mail.facts.stage] : [],
    );

  it('mails each reminder once, across two instances, and none at night', async () => {
    const reference = await onNet30('Ada Brooks');
    await run(noonOn('2026-03-20'));
    expect(await remindersOf(reference)).toEqual([]);
    // 3 am in Chicago on the day the first reminder is due: not at night.
    await run(() => new Date('2026-03-23T09:00:00.000Z'));
    expect(await remindersOf(reference)).toEqual([]);
    await Promise.all([run(noonOn('2026-03-23')), run(noonOn('2026-03-23'))]);
    await run(noonOn('2026-03-24'));
    expect(await remindersOf(reference)).toEqual(['before']);
    await Promise.all([run(noonOn('2026-03-30')), run(noonOn('2026-03-30'))]);
    await Promise.all([run(noonOn('2026-04-06')), run(noonOn('2026-04-06'))]);
    await run(noonOn('2026-04-07'));
    expect(await remindersOf(reference)).toEqual(['before', 'due', 'after']);

    const [invoice] = (await storage.books.booksOf(reference)).invoices;
    const mail = await buildMail(
      {
        id: 1,
        reference,
        recipient: 'customer',
        facts: { kind: 'invoice-due', invoice: invoice?.number ?? 0, stage: 'before', due: '2026-03-30' },
      },
      storage,
      settings,
    );
    expect(mail.to).toBe('ada@example.com');
    expect(mail.subject).toBe(
      `Seenwear: invoice INV-${String(invoice?.number).padStart(6, '0')} is due on Mar 30, 2026`,
    );
    expect(mail.text).toContain('Amount due: $425.00');
    expect(mail.text).toContain('Due date: Mar 30, 2026');
    expect(mail.text).toContain('Your purchase order: PO-77');
    expect(mail.text).toContain(
      'By check, payable to Seenwear, mailed or brought to 410 Mill St, Springfield, IL 62701',
    );
    expect((await storage.desk.getRequest(reference))?.events.at(-1)).toMatchObject({ type: 'reminder' });

    // The outbox worker sends the three, once each.
    const sent: { to: string; subject: string }[] = [];
    const worker = startMailWorker(storage, settings, {
      transport: {
        sendMail: async (message) => {
          sent.push({ to: String(message.to), subject: String(message.subject) });
          return {} as never;
        },
      },
      logger: memoryLogger().logger,
      intervalMs: 60_000,
    });
    await worker.drain();
    await worker.stop();
    const number = `INV-${String(invoice?.number).padStart(6, '0')}`;
    expect(sent.filter((message) => message.subject.includes(number))).toEqual([
      { to: 'ada@example.com', subject: `Seenwear: invoice ${number} is due on Mar 30, 2026` },
      { to: 'ada@example.com', subject: `Seenwear: invoice ${number}, payment due Mar 30, 2026` },
      { to: 'ada@example.com', subject: `Seenwear: invoice ${number} is past due` },
    ]);
  });

  it('reminds of nothing once the invoice is paid, and drops a reminder paid before it went', async () => {
    const paid = await onNet30('Cy Ngata');
    const later = await onNet30('Bo Lind');
    await storage.payments.recordOfflinePayment(paid, {
      amountCents: 42_500,
      method: 'check',
      purpose: 'balance',
      note: '',
      actor: staff,
      checkNumber: '5521',
    });
    await run(noonOn('2026-03-25'));
    expect(await remindersOf(paid)).toEqual([]);
    expect(await remindersOf(later)).toEqual(['before']);
    await storage.payments.recordOfflinePayment(later, {
      amountCents: 42_500,
      method: 'check',
      purpose: 'balance',
      note: '',
      actor: staff,
    });
    const [invoice] = (await storage.books.booksOf(later)).invoices;
    await expect(
      buildMail(
        {
          id: 1,
          reference: later,
          recipient: 'customer',
          facts: { kind: 'invoice-due', invoice: invoice?.number ?? 0, stage: 'before', due: '2026-03-30' },
        },
        storage,
        settings,
      ),
    ).rejects.toBeInstanceOf(MailNotDueError);
    await run(noonOn('2026-03-30'));
    expect(await remindersOf(later)).toEqual(['before']);
  });
});
