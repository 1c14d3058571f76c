import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Actor } from '#server/storage/activity.ts';
import type { Database } from '#server/storage/database.ts';
import type { DatabaseClock, SqlDialect } from '#server/storage/database-clock.ts';
import { insertQueuedMail } from '#server/storage/queued-mail.ts';
import { appendEvent } from '#server/storage/request-events.ts';
import { lockedRequest } from '#server/storage/request-rows.ts';
import { readDate, readJson, type StorageDatabase } from '#server/storage/schema.ts';
import type {
  CheckoutEventState,
  CheckoutVerdict,
  DepositWaiver,
  OfflinePayment,
  PaymentFlag,
  PaymentMethod,
  PaymentStore,
  RefundAsk,
  RefundReservation,
  StoredCheckoutSession,
  StoredPayment,
  StripeEventId,
  StripeEventOutcome,
  StripeRefundReport,
} from './payment-store.ts';

/*
 * An order's money. Rows are inserted once; a refund's state moves from pending when Stripe
 * confirms it. Every Stripe event is handled in one transaction with its id, so a replay finds the id
 * and records nothing; a payment and its log line and receipt are stored together or not at all.
 * What to record is judged by the caller's rule (the request service's), on what is read here.
 *
 * Each operation of the store is a function of the open database below; the helpers a transaction
 * shares take the transaction and the clock (or dialect) they write with.
 */

type Db = Kysely<StorageDatabase>;

/** A payment row a refund is recorded against, with its request's reference. */
type RefundedPayment = { id: number; submission_id: number; purpose: string; reference: string };

/** A Checkout Session row as both databases return it. */
type CheckoutSessionRow = {
  id: string;
  purpose: string;
  quote_version: number;
  amount_cents: number | string | bigint;
  currency: string;
  url: string;
  status: string;
  idempotency_key: string;
  created_at: string | Date;
  group_entry_id: number | null;
};

/** The request's garment as its form named it: the webhook prices a member's size from its upcharges. */
function garmentOfPayload(payload: string | Record<string, unknown>): string {
  const garment = readJson(payload).garment;
  return typeof garment === 'string' ? garment : '';
}

/** Keeps the event id; false when it was kept before (a replay). */
async function takeEvent(trx: Db, clock: DatabaseClock, event: StripeEventId): Promise<boolean> {
  const taken = await trx
    .insertInto('stripe_events')
    .values({ id: event.id, type: event.type, received_at: clock.now() })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return taken !== undefined;
}

/** The customer's receipt, or the shop's alert for a flagged row. */
async function queueFor(
  trx: Db,
  clock: DatabaseClock,
  submissionId: number,
  paymentId: number,
  kind: 'payment' | 'refund',
  flag: PaymentFlag | null,
) {
  if (flag && flag !== 'request-cancelled') {
    await insertQueuedMail(trx, clock, {
      mail: { kind: 'payment-flagged', payment: paymentId },
      recipient: 'staff',
      submissionId,
    });
    return;
  }
  await insertQueuedMail(trx, clock, {
    mail: { kind: kind === 'payment' ? 'payment-receipt' : 'refund-receipt', payment: paymentId },
    recipient: 'customer',
    submissionId,
  });
  if (flag) {
    await insertQueuedMail(trx, clock, {
      mail: { kind: 'payment-flagged', payment: paymentId },
      recipient: 'staff',
      submissionId,
    });
  }
}

/**
 * A group member's share paid: their entry counts as paid and they get their receipt (the
 * one a member who pays nothing gets on joining), not the organiser. Money held over a mismatch
 * leaves the entry waiting and goes to the desk like any other.
 */
async function memberPaid(
  trx: Db,
  clock: DatabaseClock,
  submissionId: number,
  paymentId: number,
  entryId: number,
  verdict: { state: 'succeeded' | 'held'; flag: PaymentFlag | null },
) {
  // Paid after the group closed without the entry: the entry is not in the order, so it stays unpaid
  // and the desk (flagged) settles the money with the member.
  if (verdict.state === 'succeeded' && verdict.flag !== 'group-closed') {
    await trx.updateTable('group_entries').set({ payment: 'paid' }).where('id', '=', entryId).execute();
    // The receipt reads this payment's row: it states what was received, not what the entry asks later.
    await insertQueuedMail(trx, clock, {
      mail: { kind: 'group', about: 'entry', entry: entryId, payment: paymentId },
      recipient: 'customer',
      submissionId,
    });
  }
  if (verdict.flag)
    await insertQueuedMail(trx, clock, {
      mail: { kind: 'payment-flagged', payment: paymentId },
      recipient: 'staff',
      submissionId,
    });
}

/** Stripe's word on a refund as a row's state. */
function refundState(status: string): 'succeeded' | 'failed' | 'pending' {
  return status === 'succeeded' ? 'succeeded' : status === 'failed' || status === 'canceled' ? 'failed' : 'pending';
}

/**
 * Records what Stripe says of a refund of `payment`: a row by Stripe's id (the desk's reservation when
 * the metadata names it), moved only from pending; a settled one is logged with its receipt or flag.
 */
async function recordRefund(
  trx: Db,
  clock: DatabaseClock,
  payment: RefundedPayment,
  refund: StripeRefundReport,
): Promise<StripeEventOutcome> {
  const state = refundState(refund.status);
  const flag: PaymentFlag | null = state === 'failed' ? 'refund-failed' : null;
  if (refund.rowId) {
    // The desk's reservation, its Stripe id not written yet (Stripe's event overtook the answer).
    await trx
      .updateTable('payments')
      .set({ stripe_refund_id: refund.id })
      .where('id', '=', refund.rowId)
      .where('kind', '=', 'refund')
      .where('refund_of', '=', payment.id)
      .where('stripe_refund_id', 'is', null)
      .execute();
  }
  const existing = await trx
    .selectFrom('payments')
    .where('stripe_refund_id', '=', refund.id)
    .select(['id', 'state'])
    .executeTakeFirst();
  let id: number;
  if (existing) {
    // Only a waiting refund moves: one settled stays as Stripe first said.
    if (existing.state !== 'pending' || state === 'pending')
      return { outcome: 'ignored', reference: payment.reference };
    await trx.updateTable('payments').set({ state, flag }).where('id', '=', existing.id).execute();
    id = existing.id;
  } else {
    const inserted = await trx
      .insertInto('payments')
      .values({
        submission_id: payment.submission_id,
        kind: 'refund',
        state,
        method: 'card',
        purpose: payment.purpose,
        amount_cents: refund.amountCents,
        currency: refund.currency,
        note: '',
        flag,
        refund_of: payment.id,
        stripe_payment_intent: refund.paymentIntent,
        stripe_refund_id: refund.id,
        recorded_by: 'system',
        at: clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = inserted.id;
    if (state === 'pending') return { outcome: 'ignored', reference: payment.reference };
  }
  await appendEvent(trx, clock, payment.submission_id, {
    actor: 'system',
    type: state === 'succeeded' ? 'refund' : 'refund_failed',
    data: { amountCents: refund.amountCents, currency: refund.currency, refundId: refund.id },
  });
  await queueFor(trx, clock, payment.submission_id, id, 'refund', flag);
  return { outcome: 'recorded', reference: payment.reference, paymentId: id, flag };
}

/** Refunds Stripe reported before this payment's event, recorded now and no longer waiting. */
async function recordWaitingRefunds(
  trx: Db,
  clock: DatabaseClock,
  payment: RefundedPayment,
  paymentIntent: string,
): Promise<number> {
  const waiting = await trx
    .selectFrom('waiting_refunds')
    .where('payment_intent', '=', paymentIntent)
    .orderBy('received_at')
    .selectAll()
    .execute();
  for (const row of waiting) {
    await recordRefund(trx, clock, payment, {
      id: row.stripe_refund_id,
      amountCents: Number(row.amount_cents),
      currency: row.currency,
      status: row.status as StripeRefundReport['status'],
      paymentIntent,
      paymentId: payment.id,
    });
    await trx.deleteFrom('waiting_refunds').where('stripe_refund_id', '=', row.stripe_refund_id).execute();
  }
  return waiting.length;
}

function sessionRow(row: CheckoutSessionRow): StoredCheckoutSession {
  return {
    id: row.id,
    purpose: row.purpose as StoredCheckoutSession['purpose'],
    quoteVersion: row.quote_version,
    amountCents: Number(row.amount_cents),
    currency: row.currency,
    url: row.url,
    status: row.status as StoredCheckoutSession['status'],
    idempotencyKey: row.idempotency_key,
    createdAt: readDate(row.created_at),
    groupEntryId: row.group_entry_id,
  };
}

async function paymentsOf({ db }: Database, reference: string): Promise<StoredPayment[]> {
  const rows = await db
    .selectFrom('payments')
    .innerJoin('submissions', 'submissions.id', 'payments.submission_id')
    .where('submissions.reference', '=', reference)
    .orderBy('payments.id')
    .selectAll('payments')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    state: row.state,
    method: row.method as PaymentMethod,
    purpose: row.purpose as StoredPayment['purpose'],
    amountCents: Number(row.amount_cents),
    currency: row.currency,
    note: row.note,
    flag: row.flag as PaymentFlag | null,
    refundOf: row.refund_of,
    stripeSessionId: row.stripe_session_id,
    stripePaymentIntent: row.stripe_payment_intent,
    stripeRefundId: row.stripe_refund_id,
    recordedBy: row.recorded_by as Actor,
    at: readDate(row.at),
    checkNumber: row.check_number,
    invoiceNumber: row.invoice_number,
  }));
}

async function checkoutSessionsOf({ db }: Database, reference: string): Promise<StoredCheckoutSession[]> {
  const rows = await db
    .selectFrom('checkout_sessions')
    .innerJoin('submissions', 'submissions.id', 'checkout_sessions.submission_id')
    .where('submissions.reference', '=', reference)
    .orderBy('checkout_sessions.created_at')
    .selectAll('checkout_sessions')
    .execute();
  return rows.map(sessionRow);
}

async function depositWaiverOf({ db }: Database, reference: string): Promise<DepositWaiver | undefined> {
  const row = await db
    .selectFrom('submissions')
    .where('reference', '=', reference)
    .select(['deposit_waived_at', 'deposit_waived_by', 'deposit_waiver_reason'])
    .executeTakeFirst();
  if (!row?.deposit_waived_at) return undefined;
  return {
    at: readDate(row.deposit_waived_at),
    by: (row.deposit_waived_by ?? 'system') as Actor,
    reason: row.deposit_waiver_reason ?? '',
  };
}

async function saveCheckoutSession(
  { db }: Database,
  reference: string,
  session: StoredCheckoutSession,
): Promise<boolean> {
  const request = await db.selectFrom('submissions').where('reference', '=', reference).select('id').executeTakeFirst();
  if (!request) return false;
  await db
    .insertInto('checkout_sessions')
    .values({
      id: session.id,
      submission_id: request.id,
      purpose: session.purpose,
      quote_version: session.quoteVersion,
      amount_cents: session.amountCents,
      currency: session.currency,
      url: session.url,
      status: session.status,
      idempotency_key: session.idempotencyKey,
      group_entry_id: session.groupEntryId ?? null,
      created_at: session.createdAt.toISOString(),
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  return true;
}

async function markCheckoutSession(
  { db }: Database,
  sessionId: string,
  status: StoredCheckoutSession['status'],
): Promise<void> {
  await db.updateTable('checkout_sessions').set({ status }).where('id', '=', sessionId).execute();
}

async function noteStripeEvent({ db, clock }: Database, event: StripeEventId): Promise<'new' | 'replay'> {
  return (await takeEvent(db, clock, event)) ? 'new' : 'replay';
}

/**
 * A Checkout Session's event as the verdict is made on: the session, its request under the request's
 * lock, and a member's entry and group as they are now (under the group's lock on PostgreSQL), so a
 * count changed or a close made while this payment was on its way is what the payment is judged on.
 * Undefined when the session or its request is not ours.
 */
async function checkoutEventState(trx: Db, dialect: SqlDialect, sessionId: string) {
  const stored = await trx
    .selectFrom('checkout_sessions')
    .innerJoin('submissions', 'submissions.id', 'checkout_sessions.submission_id')
    .where('checkout_sessions.id', '=', sessionId)
    .select(['submissions.reference', 'submissions.payload'])
    .selectAll('checkout_sessions')
    .executeTakeFirst();
  if (!stored) return undefined;
  const request = await lockedRequest(trx, dialect, stored.reference);
  if (!request) return undefined;
  const session = sessionRow(stored);
  const entry = session.groupEntryId
    ? await trx
        .selectFrom('group_entries')
        .innerJoin('groups', 'groups.id', 'group_entries.group_id')
        .where('group_entries.id', '=', session.groupEntryId)
        .select([
          'group_entries.removed_at',
          'group_entries.quantity',
          'group_entries.size',
          'group_entries.payment',
          'groups.price_cents',
          'groups.state',
        ])
        .$if(dialect === 'postgres', (query) => query.forUpdate(['groups', 'group_entries']))
        .executeTakeFirst()
    : undefined;
  const state: CheckoutEventState = {
    reference: stored.reference,
    status: request.status,
    session,
    ...(entry
      ? {
          entryRemoved: entry.removed_at !== null,
          share: {
            priceCents: entry.price_cents === null ? null : Number(entry.price_cents),
            size: entry.size,
            quantity: Number(entry.quantity),
            garment: garmentOfPayload(stored.payload),
            // A paid entry is in the order whatever the group's state; a waiting one only while open.
            groupOpen: entry.state === 'open' || entry.payment === 'paid',
            alreadyPaid: entry.payment === 'paid',
          },
        }
      : {}),
  };
  return { requestId: request.id, session, state };
}

/**
 * A judged Checkout payment stored: its row, the session completed, the request's log line, the
 * receipt (a member's own for a group share) and any refund Stripe reported before it.
 */
async function recordCheckoutPayment(
  trx: Db,
  clock: DatabaseClock,
  {
    requestId,
    reference,
    session,
    stripe,
    verdict,
  }: {
    requestId: number;
    reference: string;
    session: StoredCheckoutSession;
    stripe: { paymentIntent: string | null };
    verdict: Extract<CheckoutVerdict, { record: 'payment' }>;
  },
): Promise<StripeEventOutcome> {
  const sessionId = session.id;
  // A session paid twice (two event ids for one payment) is one payment: the unique index says so.
  const inserted = await trx
    .insertInto('payments')
    .values({
      submission_id: requestId,
      kind: 'payment',
      state: verdict.state,
      method: 'card',
      purpose: session.purpose,
      amount_cents: verdict.amountCents,
      currency: verdict.currency,
      note: '',
      flag: verdict.flag,
      stripe_session_id: sessionId,
      stripe_payment_intent: stripe.paymentIntent,
      recorded_by: 'system',
      at: clock.now(),
    })
    .onConflict((conflict) => conflict.columns(['stripe_session_id', 'kind']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return { outcome: 'ignored', reference };
  await trx.updateTable('checkout_sessions').set({ status: 'complete' }).where('id', '=', sessionId).execute();
  await appendEvent(trx, clock, requestId, {
    actor: 'system',
    type: 'payment',
    data: {
      amountCents: verdict.amountCents,
      currency: verdict.currency,
      method: 'card',
      purpose: session.purpose,
      sessionId,
      ...(session.groupEntryId ? { groupEntry: session.groupEntryId } : {}),
      ...(stripe.paymentIntent ? { paymentIntent: stripe.paymentIntent } : {}),
      ...(verdict.flag ? { flag: verdict.flag } : {}),
    },
  });
  if (session.groupEntryId) await memberPaid(trx, clock, requestId, inserted.id, session.groupEntryId, verdict);
  else await queueFor(trx, clock, requestId, inserted.id, 'payment', verdict.flag);
  const waitingRefunds = stripe.paymentIntent
    ? await recordWaitingRefunds(
        trx,
        clock,
        { id: inserted.id, submission_id: requestId, purpose: session.purpose, reference },
        stripe.paymentIntent,
      )
    : 0;
  return {
    outcome: 'recorded',
    reference,
    paymentId: inserted.id,
    flag: verdict.flag,
    ...(waitingRefunds > 0 ? { waitingRefunds } : {}),
  };
}

function applyCheckoutEvent(
  { db, dialect, clock }: Database,
  event: StripeEventId,
  sessionId: string,
  stripe: { paymentIntent: string | null },
  judge: (state: CheckoutEventState) => CheckoutVerdict,
): Promise<StripeEventOutcome> {
  return db.transaction().execute(async (trx) => {
    if (!(await takeEvent(trx, clock, event))) return { outcome: 'replay' };
    const read = await checkoutEventState(trx, dialect, sessionId);
    if (!read) return { outcome: 'unknown' };
    const { requestId, session, state } = read;
    const verdict = judge(state);
    if (verdict.record === 'nothing') return { outcome: 'ignored', reference: state.reference };
    if (verdict.record === 'failed') {
      await trx.updateTable('checkout_sessions').set({ status: 'expired' }).where('id', '=', sessionId).execute();
      await appendEvent(trx, clock, requestId, {
        actor: 'system',
        type: 'payment_failed',
        data: { purpose: session.purpose, amountCents: session.amountCents, sessionId },
      });
      return { outcome: 'failed', reference: state.reference };
    }
    return recordCheckoutPayment(trx, clock, { requestId, reference: state.reference, session, stripe, verdict });
  });
}

function applyRefundEvent(
  { db, clock }: Database,
  event: StripeEventId,
  refund: StripeRefundReport,
): Promise<StripeEventOutcome> {
  return db.transaction().execute(async (trx) => {
    if (!(await takeEvent(trx, clock, event))) return { outcome: 'replay' };
    const payment = await trx
      .selectFrom('payments')
      .innerJoin('submissions', 'submissions.id', 'payments.submission_id')
      .where('payments.kind', '=', 'payment')
      .where((eb) =>
        refund.paymentId !== null
          ? eb('payments.id', '=', refund.paymentId)
          : eb('payments.stripe_payment_intent', '=', refund.paymentIntent ?? ''),
      )
      .select(['payments.id', 'payments.submission_id', 'payments.purpose', 'submissions.reference'])
      .executeTakeFirst();
    if (payment) return recordRefund(trx, clock, payment, refund);
    if (!refund.paymentIntent || refund.paymentId !== null) return { outcome: 'unknown' };
    // Stripe sends events in no set order, and this one's event id is taken now: dropping it would
    // lose the refund for good. Kept until the payment's own event records the payment, then
    // recorded with it; Stripe's later word on the same refund replaces a pending one here.
    await trx
      .insertInto('waiting_refunds')
      .values({
        stripe_refund_id: refund.id,
        payment_intent: refund.paymentIntent,
        amount_cents: refund.amountCents,
        currency: refund.currency,
        status: refund.status,
        received_at: clock.now(),
      })
      .onConflict((conflict) =>
        conflict
          .column('stripe_refund_id')
          .doUpdateSet({ status: refund.status })
          .where('waiting_refunds.status', 'in', ['pending', 'requires_action']),
      )
      .execute();
    return { outcome: 'waiting' };
  });
}

function reserveRefund(
  { db, dialect, clock }: Database,
  reference: string,
  ask: RefundAsk,
): Promise<RefundReservation> {
  return db.transaction().execute(async (trx) => {
    // The payment row is the lock every refund of it takes (PostgreSQL: FOR UPDATE; SQLite runs one
    // writing transaction at a time), so what is left is read and held in one step.
    const payment = await trx
      .selectFrom('payments')
      .innerJoin('submissions', 'submissions.id', 'payments.submission_id')
      .where('submissions.reference', '=', reference)
      .where('payments.id', '=', ask.paymentId)
      .where('payments.kind', '=', 'payment')
      .where('payments.stripe_payment_intent', 'is not', null)
      .select([
        'payments.id',
        'payments.submission_id',
        'payments.purpose',
        'payments.amount_cents',
        'payments.currency',
        'payments.stripe_payment_intent',
      ])
      .$if(dialect === 'postgres', (query) => query.forUpdate('payments'))
      .executeTakeFirst();
    if (!payment) return { ok: false, reason: 'no-payment', leftCents: 0 };
    const refunds = await trx
      .selectFrom('payments')
      .where('refund_of', '=', payment.id)
      .where('kind', '=', 'refund')
      .where('state', '!=', 'failed')
      .select(['id', 'amount_cents', 'stripe_refund_id', 'recorded_by'])
      .execute();
    const leftCents = Number(payment.amount_cents) - refunds.reduce((sum, row) => sum + Number(row.amount_cents), 0);
    const sameAsk = (row: (typeof refunds)[number]) =>
      row.recorded_by === ask.actor && Number(row.amount_cents) === ask.amountCents;
    if (ask.seen !== undefined) {
      // The asking page's form says which refunds it showed: one asked since by the same person for the
      // same amount is this form pressed twice, whether or not Stripe has answered the first press yet;
      // any other is someone else's, which the asker has not seen.
      const since = refunds.filter((row) => row.id > (ask.seen ?? 0));
      if (since.some(sameAsk)) return { ok: false, reason: 'repeated', leftCents };
      if (since.length > 0) return { ok: false, reason: 'stale', leftCents };
    } else if (refunds.some((row) => row.stripe_refund_id === null && sameAsk(row))) {
      // No form to go by: the same amount by the same person while their ask is still with Stripe.
      return { ok: false, reason: 'repeated', leftCents };
    }
    if (ask.amountCents <= 0 || ask.amountCents > leftCents) return { ok: false, reason: 'too-much', leftCents };
    const inserted = await trx
      .insertInto('payments')
      .values({
        submission_id: payment.submission_id,
        kind: 'refund',
        state: 'pending',
        method: 'card',
        purpose: payment.purpose,
        amount_cents: ask.amountCents,
        currency: payment.currency,
        note: ask.note,
        flag: null,
        refund_of: payment.id,
        stripe_payment_intent: payment.stripe_payment_intent,
        recorded_by: ask.actor,
        at: clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { ok: true, id: inserted.id };
  });
}

function confirmRefundAsked({ db, clock }: Database, reservationId: number, refund: StripeRefundReport): Promise<void> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('payments')
      .where('id', '=', reservationId)
      .where('kind', '=', 'refund')
      .select(['id', 'submission_id', 'stripe_refund_id', 'recorded_by', 'note'])
      .executeTakeFirst();
    if (!row) return;
    if (row.stripe_refund_id === null) {
      const taken = await trx
        .selectFrom('payments')
        .where('stripe_refund_id', '=', refund.id)
        .select('id')
        .executeTakeFirst();
      // Stripe's event came first without naming the reservation: its row is the record.
      if (taken) await trx.deleteFrom('payments').where('id', '=', row.id).execute();
      else await trx.updateTable('payments').set({ stripe_refund_id: refund.id }).where('id', '=', row.id).execute();
    }
    await appendEvent(trx, clock, row.submission_id, {
      actor: row.recorded_by as Actor,
      type: 'refund_asked',
      data: { amountCents: refund.amountCents, refundId: refund.id, ...(row.note ? { note: row.note } : {}) },
    });
  });
}

async function releaseRefund({ db }: Database, reservationId: number): Promise<void> {
  await db
    .deleteFrom('payments')
    .where('id', '=', reservationId)
    .where('kind', '=', 'refund')
    .where('stripe_refund_id', 'is', null)
    .execute();
}

async function checkoutKeySalt({ db }: Database): Promise<string> {
  const row = await db.selectFrom('installation').where('id', '=', 1).select('checkout_key_salt').executeTakeFirst();
  if (!row) throw new Error('The database has no installation row: migration 0023 did not run');
  return row.checkout_key_salt;
}

async function renewCheckoutKeySalt({ db }: Database): Promise<void> {
  const salt = randomBytes(18).toString('base64url');
  await db
    .insertInto('installation')
    .values({ id: 1, checkout_key_salt: salt })
    .onConflict((conflict) => conflict.column('id').doUpdateSet({ checkout_key_salt: salt }))
    .execute();
}

function recordOfflinePayment(
  { db, dialect, clock }: Database,
  reference: string,
  payment: OfflinePayment,
): Promise<number | undefined | 'stale'> {
  return db.transaction().execute(async (trx) => {
    const request = await lockedRequest(trx, dialect, reference);
    if (!request) return undefined;
    if (payment.seenPayment !== undefined) {
      // Checked against the money as it stood: under the lock, nothing may have moved since.
      const newer = await trx
        .selectFrom('payments')
        .where('submission_id', '=', request.id)
        .where('id', '>', payment.seenPayment)
        .select('id')
        .executeTakeFirst();
      if (newer) return 'stale';
    }
    const inserted = await trx
      .insertInto('payments')
      .values({
        submission_id: request.id,
        kind: 'payment',
        state: 'succeeded',
        method: payment.method,
        purpose: payment.purpose,
        amount_cents: payment.amountCents,
        currency: 'usd',
        note: payment.note,
        flag: null,
        recorded_by: payment.actor,
        at: clock.now(),
        check_number: payment.checkNumber ?? '',
        invoice_number: payment.invoiceNumber ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await appendEvent(trx, clock, request.id, {
      actor: payment.actor,
      type: 'payment',
      data: {
        amountCents: payment.amountCents,
        currency: 'usd',
        method: payment.method,
        purpose: payment.purpose,
        ...(payment.note ? { note: payment.note } : {}),
        ...(payment.checkNumber ? { checkNumber: payment.checkNumber } : {}),
      },
    });
    await queueFor(trx, clock, request.id, inserted.id, 'payment', null);
    return inserted.id;
  });
}

function waiveDeposit(
  { db, dialect, clock }: Database,
  reference: string,
  waiver: { actor: `staff:${string}`; reason: string },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const request = await lockedRequest(trx, dialect, reference);
    if (!request) return false;
    await trx
      .updateTable('submissions')
      .set({
        deposit_waived_at: clock.now(),
        deposit_waived_by: waiver.actor,
        deposit_waiver_reason: waiver.reason,
      })
      .where('id', '=', request.id)
      .execute();
    await appendEvent(trx, clock, request.id, {
      actor: waiver.actor,
      type: 'deposit_waived',
      data: { reason: waiver.reason },
    });
    return true;
  });
}

/** Payments, Checkout sessions, refunds and Stripe's events, on the open database. */
export function createPaymentStore(database: Database): PaymentStore {
  return {
    paymentsOf: (reference) => paymentsOf(database, reference),
    checkoutSessionsOf: (reference) => checkoutSessionsOf(database, reference),
    depositWaiverOf: (reference) => depositWaiverOf(database, reference),
    saveCheckoutSession: (reference, session) => saveCheckoutSession(database, reference, session),
    markCheckoutSession: (sessionId, status) => markCheckoutSession(database, sessionId, status),
    noteStripeEvent: (event) => noteStripeEvent(database, event),
    applyCheckoutEvent: (event, sessionId, stripe, judge) =>
      applyCheckoutEvent(database, event, sessionId, stripe, judge),
    applyRefundEvent: (event, refund) => applyRefundEvent(database, event, refund),
    reserveRefund: (reference, ask) => reserveRefund(database, reference, ask),
    confirmRefundAsked: (reservationId, refund) => confirmRefundAsked(database, reservationId, refund),
    releaseRefund: (reservationId) => releaseRefund(database, reservationId),
    checkoutKeySalt: () => checkoutKeySalt(database),
    renewCheckoutKeySalt: () => renewCheckoutKeySalt(database),
    recordOfflinePayment: (reference, payment) => recordOfflinePayment(database, reference, payment),
    waiveDeposit: (reference, waiver) => waiveDeposit(database, reference, waiver),
  };
}
