import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyOf } from '#server/requests/money-of.ts';
import type { QuoteTerms } from '#shared/requests/quote.ts';
import { approvedQuote } from '#tests/support/approved-quote.ts';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';
import { judgeCheckout } from './checkout-verdict.ts';

type TestStorage = Awaited<ReturnType<typeof openTestStorage>>;

const terms: QuoteTerms = {
  lines: [{ label: 'Front print', quantity: 40, unitCents: 1000 }],
  notes: '',
  validUntil: '2099-01-31',
  depositPercent: 50,
};
const staff = 'staff:owner@seenwear.example' as const;
const paid = { result: 'paid' as const, amountTotal: 20_000, currency: 'usd' };

// An order's money on each database: payments recorded once however often Stripe tells of them, a
// mismatch held, refunds counted once Stripe confirms them, the deposit waived with who and why.
describe.each(backends)('payments on %s', (backend) => {
  let storage: TestStorage;

  beforeAll(async () => {
    storage = await openTestStorage(backend);
  });
  afterAll(() => storage.close());

  /** A request with quote v1 ($400, 50 % deposit) approved, and a Checkout Session for its deposit. */
  async function approvedWithSession(sessionId: string, amountCents = 20_000) {
    const reference = await approvedQuote(storage, { terms });
    await storage.payments.saveCheckoutSession(reference, {
      id: sessionId,
      purpose: 'deposit',
      quoteVersion: 1,
      amountCents,
      currency: 'usd',
      url: `https://checkout.example/${sessionId}`,
      status: 'open',
      idempotencyKey: `key-${sessionId}`,
      createdAt: new Date(),
    });
    return reference;
  }

  /** A request whose deposit Stripe reports paid by card: its reference and the payment row. */
  async function paidByCard(key: string) {
    const reference = await approvedWithSession(`cs_${backend}_${key}`);
    await storage.payments.applyCheckoutEvent(
      { id: `evt_${backend}_${key}`, type: 'checkout.session.completed' },
      `cs_${backend}_${key}`,
      { paymentIntent: `pi_${backend}_${key}` },
      (state) => judgeCheckout(paid, state),
    );
    const [payment] = await storage.payments.paymentsOf(reference);
    if (!payment) throw new Error('no payment');
    return { reference, payment };
  }

  const receipts = async (reference: string) =>
    (await storage.outbox.notificationsOf(reference))
      .map((mail) => String(mail.facts?.kind ?? ''))
      .filter((kind) => kind.includes('payment') || kind.includes('refund'));

  it('records a paid session once: a replayed event and a second event for the same session change nothing', async () => {
    const reference = await approvedWithSession(`cs_${backend}_1`);
    const apply = (eventId: string) =>
      storage.payments.applyCheckoutEvent(
        { id: eventId, type: 'checkout.session.completed' },
        `cs_${backend}_1`,
        { paymentIntent: `pi_${backend}_1` },
        (state) => judgeCheckout(paid, state),
      );
    const first = await apply(`evt_${backend}_1`);
    expect(first).toMatchObject({ outcome: 'recorded', reference, flag: null });
    expect(await apply(`evt_${backend}_1`)).toEqual({ outcome: 'replay' });
    expect(await apply(`evt_${backend}_1b`)).toEqual({ outcome: 'ignored', reference });

    const payments = await storage.payments.paymentsOf(reference);
    expect(
      payments.map(({ kind, state, method, purpose, amountCents, currency, stripePaymentIntent }) => ({
        kind,
        state,
        method,
        purpose,
        amountCents,
        currency,
        stripePaymentIntent,
      })),
    ).toEqual([
      {
        kind: 'payment',
        state: 'succeeded',
        method: 'card',
        purpose: 'deposit',
        amountCents: 20_000,
        currency: 'usd',
        stripePaymentIntent: `pi_${backend}_1`,
      },
    ]);
    const { money } = await moneyOf(storage, reference);
    expect(money).toMatchObject({
      totalCents: 40_000,
      depositCents: 20_000,
      paidCents: 20_000,
      balanceCents: 20_000,
      depositDueCents: 0,
    });
    expect((await storage.payments.checkoutSessionsOf(reference)).map((session) => session.status)).toEqual([
      'complete',
    ]);
    const request = await storage.desk.getRequest(reference);
    expect(request?.events.filter((event) => event.type === 'payment').map((event) => event.data)).toEqual([
      {
        amountCents: 20_000,
        currency: 'usd',
        method: 'card',
        purpose: 'deposit',
        sessionId: `cs_${backend}_1`,
        paymentIntent: `pi_${backend}_1`,
      },
    ]);
    expect(await receipts(reference)).toEqual(['payment-receipt']);
  });

  it('answers unknown for a session it never made, and keeps nothing of it', async () => {
    const outcome = await storage.payments.applyCheckoutEvent(
      { id: `evt_${backend}_unknown`, type: 'checkout.session.completed' },
      'cs_nobody',
      { paymentIntent: null },
      (state) => judgeCheckout(paid, state),
    );
    expect(outcome).toEqual({ outcome: 'unknown' });
  });

  it('holds money that is not what was asked: flagged for the desk, not counted, no receipt to the customer', async () => {
    const reference = await approvedWithSession(`cs_${backend}_2`);
    const outcome = await storage.payments.applyCheckoutEvent(
      { id: `evt_${backend}_2`, type: 'checkout.session.completed' },
      `cs_${backend}_2`,
      { paymentIntent: `pi_${backend}_2` },
      (state) => judgeCheckout({ ...paid, amountTotal: 100 }, state),
    );
    expect(outcome).toMatchObject({ outcome: 'recorded', flag: 'amount-mismatch' });
    const [payment] = await storage.payments.paymentsOf(reference);
    expect(payment).toMatchObject({ state: 'held', amountCents: 100, flag: 'amount-mismatch' });
    expect((await moneyOf(storage, reference)).money?.paidCents).toBe(0);
    expect(await receipts(reference)).toEqual(['payment-flagged']);
  });

  it('keeps a refund pending until Stripe confirms it, then counts it once with a receipt', async () => {
    const { reference, payment } = await paidByCard('3');
    const refund = {
      id: `re_${backend}_3`,
      amountCents: 5_000,
      currency: 'usd',
      paymentIntent: `pi_${backend}_3`,
      paymentId: payment.id,
    };
    const reserved = await storage.payments.reserveRefund(reference, {
      paymentId: payment.id,
      amountCents: 5_000,
      actor: staff,
      note: 'Two shirts fewer',
    });
    if (!reserved.ok) throw new Error('not reserved');
    await storage.payments.confirmRefundAsked(reserved.id, { ...refund, status: 'pending' });
    expect((await moneyOf(storage, reference)).money?.paidCents).toBe(20_000);
    const confirmed = await storage.payments.applyRefundEvent(
      { id: `evt_${backend}_3r`, type: 'refund.updated' },
      { ...refund, status: 'succeeded' },
    );
    expect(confirmed).toMatchObject({ outcome: 'recorded', reference });
    expect(
      await storage.payments.applyRefundEvent(
        { id: `evt_${backend}_3r2`, type: 'refund.updated' },
        { ...refund, status: 'succeeded' },
      ),
    ).toEqual({ outcome: 'ignored', reference });
    expect((await moneyOf(storage, reference)).money?.paidCents).toBe(15_000);
    const rows = await storage.payments.paymentsOf(reference);
    expect(
      rows.map(({ kind, state, amountCents, refundOf, note }) => ({ kind, state, amountCents, refundOf, note })),
    ).toEqual([
      { kind: 'payment', state: 'succeeded', amountCents: 20_000, refundOf: null, note: '' },
      { kind: 'refund', state: 'succeeded', amountCents: 5_000, refundOf: payment.id, note: 'Two shirts fewer' },
    ]);
    expect(await receipts(reference)).toEqual(['payment-receipt', 'refund-receipt']);
  });

  it('records a refund Stripe reports first, and the desk’s own record of it after changes nothing', async () => {
    const { reference, payment } = await paidByCard('4');
    const refund = { id: `re_${backend}_4`, amountCents: 20_000, currency: 'usd', paymentIntent: `pi_${backend}_4` };
    expect(
      await storage.payments.applyRefundEvent(
        { id: `evt_${backend}_4r`, type: 'refund.created' },
        { ...refund, status: 'succeeded', paymentId: null },
      ),
    ).toMatchObject({ outcome: 'recorded' });
    // Refunded whole by what Stripe reported: the desk cannot hold any of it for another refund.
    const reserved = await storage.payments.reserveRefund(reference, {
      paymentId: payment.id,
      amountCents: 20_000,
      actor: staff,
      note: '',
    });
    expect(reserved).toEqual({ ok: false, reason: 'too-much', leftCents: 0 });
    expect(
      (await storage.payments.paymentsOf(reference)).filter((row) => row.kind === 'refund').map((row) => row.state),
    ).toEqual(['succeeded']);
    expect((await moneyOf(storage, reference)).money?.paidCents).toBe(0);
  });

  it('knows a second press of the same refund form after Stripe answered the first, and a page that missed a refund', async () => {
    const { reference, payment } = await paidByCard('4s');
    const ask = { paymentId: payment.id, amountCents: 2_500, actor: staff, note: '', seen: 0 };
    const first = await storage.payments.reserveRefund(reference, ask);
    if (!first.ok) throw new Error('not reserved');
    await storage.payments.confirmRefundAsked(first.id, {
      id: `re_${backend}_4s`,
      amountCents: 2_500,
      currency: 'usd',
      status: 'pending',
      paymentIntent: `pi_${backend}_4s`,
      paymentId: payment.id,
    });
    // The same form again, Stripe's answer to the first already in: the same ask, not a second refund.
    expect(await storage.payments.reserveRefund(reference, ask)).toEqual({
      ok: false,
      reason: 'repeated',
      leftCents: 17_500,
    });
    // Another amount from a page loaded before the first refund: it did not show that refund.
    expect(await storage.payments.reserveRefund(reference, { ...ask, amountCents: 1_000 })).toEqual({
      ok: false,
      reason: 'stale',
      leftCents: 17_500,
    });
    // The page as it is now, the first refund on it: the same amount again is a refund of its own.
    expect(await storage.payments.reserveRefund(reference, { ...ask, seen: first.id })).toMatchObject({ ok: true });
    expect(
      (await storage.payments.paymentsOf(reference))
        .filter((row) => row.kind === 'refund')
        .map((row) => row.amountCents),
    ).toEqual([2_500, 2_500]);
  });

  it('records a payment taken at the shop and a waived deposit, each with who and when', async () => {
    const reference = await approvedWithSession(`cs_${backend}_5`);
    const id = await storage.payments.recordOfflinePayment(reference, {
      amountCents: 5_000,
      method: 'check',
      purpose: 'deposit',
      note: 'Check 1042',
      actor: staff,
    });
    expect(id).toBeGreaterThan(0);
    expect((await moneyOf(storage, reference)).money).toMatchObject({
      paidCents: 5_000,
      depositDueCents: 15_000,
      depositWaived: false,
    });
    expect(
      await storage.payments.waiveDeposit(reference, { actor: staff, reason: 'School, pays on purchase order' }),
    ).toBe(true);
    expect(await storage.payments.depositWaiverOf(reference)).toMatchObject({
      by: staff,
      reason: 'School, pays on purchase order',
    });
    expect((await moneyOf(storage, reference)).money).toMatchObject({
      paidCents: 5_000,
      depositDueCents: 0,
      depositWaived: true,
    });
    const events = (await storage.desk.getRequest(reference))?.events ?? [];
    expect(
      events
        .filter((event) => event.type === 'payment' || event.type === 'deposit_waived')
        .map((event) => [event.actor, event.type]),
    ).toEqual([
      [staff, 'payment'],
      [staff, 'deposit_waived'],
    ]);
    expect(
      await storage.payments.recordOfflinePayment('Q-2099-999999', {
        amountCents: 1,
        method: 'cash',
        purpose: 'other',
        note: '',
        actor: staff,
      }),
    ).toBeUndefined();
  });
});
