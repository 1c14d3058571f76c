import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkKeys } from '#server/http/link-secrets.ts';
import type { BuiltMail } from '#server/mail/mail-row.ts';
import type { MailSettings } from '#server/mail/mail-settings.ts';
import { buildMail } from '#server/notifications/build-mail.ts';
import { readCapacityDefaults } from '#server/production/capacity-defaults.ts';
import { createProductionPlanner } from '#server/production/production-planner.ts';
import type { QuoteTerms } from '#shared/requests/quote.ts';
import { fixtureSiteData } from '#tests/support/fixture-site-data.ts';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';
import { createRequestService } from './request-service.ts';

const settings: MailSettings = {
  from: 'Seenwear <orders@seenwear.example>',
  shopEmail: 'team@seenwear.example',
  shop: { appName: 'Seenwear', contact: { email: 'hello@seenwear.example', phone: '+15550100123' } },
  publicUrl: 'https://shop.example',
  linkKeys: linkKeys('a-test-secret-of-at-least-32-characters!'),
  timeZone: 'America/Chicago',
};
const terms: QuoteTerms = {
  lines: [{ label: 'Standard cotton tee, 1 color front', quantity: 24, unitCents: 1200 }],
  notes: '',
  validUntil: '2099-01-31',
  depositPercent: 50,
};
const staff = 'staff:owner@seenwear.example' as const;
/** Monday 30 November 2026, 09:00 in Chicago: the fixture's 10 business days end on Monday 14 December. */
const now = () => new Date('2026-11-30T15:00:00Z');

// The request service over each database: the customer's approvals give them a receipt, the approved
// proof promises a date from the calculator's schedule, and a later change of it is mailed to them.
describe.each(backends)('the request service on %s', (backend) => {
  let storage: Awaited<ReturnType<typeof openTestStorage>>;
  let service: ReturnType<typeof createRequestService>;

  beforeAll(async () => {
    storage = await openTestStorage(backend);
    service = createRequestService({
      customer: storage.customer,
      desk: storage.desk,
      payments: storage.payments,
      versions: storage.versions,
      books: storage.books,
      now,
      planner: createProductionPlanner({
        production: storage.production,
        site: () => fixtureSiteData,
        now,
        defaults: readCapacityDefaults(),
      }),
    });
  });
  afterAll(() => storage.close());

  /** Every mail due now, written as the worker writes it, the request's own two left out. */
  async function mailsToCustomer(): Promise<BuiltMail[]> {
    const mails: BuiltMail[] = [];
    for (;;) {
      const claimed = await storage.outbox.claimNotification(60_000);
      if (!claimed) return mails.filter((mail) => mail.to === 'dana@example.com' && !/We received/.test(mail.subject));
      mails.push(await buildMail(claimed, storage, settings));
      await storage.outbox.markNotificationSent(claimed);
    }
  }

  async function quotedWithProof() {
    const { reference } = await storage.submissions.saveSubmission({
      kind: 'quote',
      name: 'Dana Whitfield',
      email: 'dana@example.com',
      payload: { name: 'Dana Whitfield' },
      formValues: {
        service: 'screen-printing',
        garment: 'own',
        qtyM: '24',
        loc1: 'front',
        loc1Colors: '1',
        delivery: 'pickup',
      },
      files: [],
    });
    await storage.versions.sendQuote(reference, terms, {
      from: 'new',
      to: 'quoted',
      actor: staff,
      mail: (version) => ({ kind: 'quote-sent', version }),
    });
    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    await storage.versions.sendProof(
      reference,
      {
        file: { name: 'front.png', mediaType: 'image/png', size: png.length, data: png },
        widthInches: null,
        heightInches: null,
        notes: '',
      },
      { from: 'quoted', to: 'quoted', actor: staff, mail: (version) => ({ kind: 'proof-sent', version }) },
    );
    await mailsToCustomer();
    return reference;
  }

  it('sends the customer a receipt of what they approved, with the total, their name and the promised date', async () => {
    const reference = await quotedWithProof();
    const answer = {
      subject: 'quote',
      version: 1,
      decision: 'approved',
      name: 'Dana Whitfield',
      comment: '',
      ip: '203.0.113.7',
      userAgent: 'Test',
    } as const;
    expect(await service.answer(reference, answer)).toEqual({ outcome: 'recorded', withProof: true });
    expect((await storage.desk.getRequestState(reference))?.promised).toEqual({
      date: '2026-12-14',
      handover: 'pickup',
    });
    const [receipt] = await mailsToCustomer();
    expect(receipt?.subject).toBe(`Seenwear: you approved quote v1 and proof v1 of ${reference}`);
    expect(receipt?.text).toContain('You approved quote v1 and proof v1');
    expect(receipt?.text).toContain('signing as “Dana Whitfield”');
    expect(receipt?.text).toMatch(/ on [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M C[SD]T\./);
    expect(receipt?.text).toContain('Total: $288.00');
    expect(receipt?.text).toContain('Deposit before production: $144.00 (50%)');
    expect(receipt?.text).toContain('Ready for pickup on Dec 14, 2026.');
  });

  it('mails the customer a later change of the date, and refuses a day gone or an order not booked', async () => {
    const reference = await quotedWithProof();
    expect(await service.changePromisedDate(reference, { date: '2026-12-21', handover: 'pickup' }, staff)).toBe(
      'not-booked',
    );
    await service.answer(reference, {
      subject: 'quote',
      version: 1,
      decision: 'approved',
      name: 'Dana Whitfield',
      comment: '',
      ip: '',
      userAgent: '',
    });
    await mailsToCustomer();
    expect(await service.changePromisedDate(reference, { date: '2026-11-27', handover: 'pickup' }, staff)).toBe('past');
    expect(await service.changePromisedDate(reference, { date: '2026-12-21', handover: 'delivery' }, staff)).toBe(
      'changed',
    );
    expect((await storage.desk.getRequestState(reference))?.promised).toEqual({
      date: '2026-12-21',
      handover: 'delivery',
    });
    const [change] = await mailsToCustomer();
    expect(change?.subject).toBe(`Seenwear: a new date for your order ${reference}`);
    expect(change?.text).toContain('Delivered to you by Dec 21, 2026 (we had said Dec 14, 2026).');
    const logged = (await storage.desk.getRequest(reference))?.events.filter((event) => event.type === 'promised');
    expect(logged?.map((event) => [event.actor, event.data.date, event.data.was])).toEqual([
      ['system', '2026-12-14', undefined],
      [staff, '2026-12-21', '2026-12-14'],
    ]);
  });

  const approve = (reference: string, version = 1) =>
    service.answer(reference, {
      subject: 'quote',
      version,
      decision: 'approved',
      name: 'Dana Whitfield',
      comment: '',
      ip: '',
      userAgent: '',
    });
  const toProduction = (reference: string) =>
    service.move(reference, { from: 'proof_approved', to: 'in_production', actor: staff, ip: '', userAgent: '' });

  it('keeps production waiting for the deposit, and starts it once the deposit is paid at the shop', async () => {
    const reference = await quotedWithProof();
    await approve(reference);
    await mailsToCustomer();
    expect(await service.payable(reference, 'deposit')).toEqual({
      amountCents: 14_400,
      quoteVersion: 1,
      email: 'dana@example.com',
    });
    expect(await service.payable(reference, 'balance')).toBeUndefined();
    expect(await toProduction(reference)).toBe('deposit-due');
    expect((await storage.desk.getRequestState(reference))?.status).toBe('proof_approved');

    await storage.payments.recordOfflinePayment(reference, {
      amountCents: 10_000,
      method: 'cash',
      purpose: 'deposit',
      note: '',
      actor: staff,
    });
    // Part of it: the rest is what the page asks for, and production still waits.
    expect((await service.payable(reference, 'deposit'))?.amountCents).toBe(4_400);
    expect(await toProduction(reference)).toBe('deposit-due');
    await storage.payments.recordOfflinePayment(reference, {
      amountCents: 4_400,
      method: 'check',
      purpose: 'deposit',
      note: 'Check 7',
      actor: staff,
    });
    expect(await service.payable(reference, 'deposit')).toBeUndefined();
    expect(await toProduction(reference)).toBe('moved');

    const receipts = await mailsToCustomer();
    expect(receipts.map((mail) => mail.subject)).toEqual([
      `Seenwear: receipt for your payment on ${reference}`,
      `Seenwear: receipt for your payment on ${reference}`,
    ]);
    expect(receipts[1]?.text).toContain('we received $44.00');
    expect(receipts[1]?.text).toContain('Paid by: Check');
    expect(receipts[1]?.text).toContain('Paid so far: $144.00');
    expect(receipts[1]?.text).toContain('Balance due: $144.00');
  });

  it('starts production unpaid only when the shop waives the deposit, with who and why logged', async () => {
    const reference = await quotedWithProof();
    await approve(reference);
    expect(await toProduction(reference)).toBe('deposit-due');
    expect(await service.waiveDeposit(reference, { actor: staff, reason: 'Purchase order 5531' })).toBe(true);
    expect(await toProduction(reference)).toBe('moved');
    const waived = (await storage.desk.getRequest(reference))?.events.find((event) => event.type === 'deposit_waived');
    expect([waived?.actor, waived?.data.reason]).toEqual([staff, 'Purchase order 5531']);
  });

  it('keeps what was paid through a revised quote, and asks the balance only once the order is ready', async () => {
    const reference = await quotedWithProof();
    await approve(reference);
    await storage.payments.recordOfflinePayment(reference, {
      amountCents: 14_400,
      method: 'cash',
      purpose: 'deposit',
      note: '',
      actor: staff,
    });
    // The shop revises the quote (more shirts): the request asks for approval again.
    await storage.versions.sendQuote(
      reference,
      { ...terms, lines: [{ ...terms.lines[0], label: 'Tees', quantity: 30, unitCents: 1200 }] },
      { from: 'proof_approved', to: 'quoted', actor: staff, mail: (version) => ({ kind: 'quote-sent', version }) },
    );
    await approve(reference, 2);
    const state = await storage.desk.getRequestState(reference);
    // $360 at 50 %: $180 asked, $144 paid, so $36 of the deposit is left.
    expect(await service.payable(reference, 'deposit')).toMatchObject({ amountCents: 3_600, quoteVersion: 2 });
    await storage.payments.recordOfflinePayment(reference, {
      amountCents: 3_600,
      method: 'cash',
      purpose: 'deposit',
      note: '',
      actor: staff,
    });
    await service.move(reference, {
      from: state?.status ?? 'approved',
      to: 'in_production',
      actor: staff,
      ip: '',
      userAgent: '',
    });
    expect(await service.payable(reference, 'balance')).toBeUndefined();
    await service.move(reference, { from: 'in_production', to: 'ready', actor: staff, ip: '', userAgent: '' });
    expect(await service.payable(reference, 'balance')).toEqual({
      amountCents: 18_000,
      quoteVersion: 2,
      email: 'dana@example.com',
    });
  });
});
