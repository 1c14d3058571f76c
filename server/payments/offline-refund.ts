import { type RequestHandler, Router } from 'express';
import createHttpError from 'http-errors';
import { noSuchRequest, referenceOf, staffOf, textField } from '#server/http/desk-request.ts';
import type { Database } from '#server/storage/database.ts';
import { insertQueuedMail } from '#server/storage/queued-mail.ts';
import { appendEvent } from '#server/storage/request-events.ts';
import { lockedRequest } from '#server/storage/request-rows.ts';
import { formatMoney } from '#shared/money.ts';
import { MAX_TOTAL_CENTS, parseMoney } from '#shared/requests/quote.ts';
import { z } from '#shared/zod.ts';

/*
 * Money given back by hand: cash from the till or a check the shop writes. Recorded as a refund of the
 * order (not of one payment: cash back for a card deposit is common), counted at once, with the
 * customer's receipt; the books give it a credit note. Never more than the order has been paid, net of
 * the refunds already counted or still with Stripe.
 */

const offlineRefundMethods = ['cash', 'check'] as const;

interface OfflineRefund {
  amountCents: number;
  method: (typeof offlineRefundMethods)[number];
  note: string;
  actor: `staff:${string}`;
}

type OfflineRefundOutcome =
  | { ok: true; id: number }
  | { ok: false; reason: 'no-request' }
  | { ok: false; reason: 'too-much'; leftCents: number };

/**
 * What can still be given back: counted payments less every refund counted or being asked. A refund
 * of held money (never counted) returns that money, so it is left out of both sides.
 */
async function refundableOf(trx: Database['db'], submissionId: number): Promise<number> {
  const rows = await trx
    .selectFrom('payments')
    .where('submission_id', '=', submissionId)
    .select(['id', 'kind', 'state', 'amount_cents', 'refund_of'])
    .execute();
  const counted = new Set(
    rows.filter((row) => row.kind === 'payment' && row.state === 'succeeded').map((row) => row.id),
  );
  return rows.reduce((left, row) => {
    const amount = Number(row.amount_cents);
    if (row.kind === 'payment') return row.state === 'succeeded' ? left + amount : left;
    if (row.state !== 'succeeded' && row.state !== 'pending') return left;
    if (row.refund_of !== null && !counted.has(row.refund_of)) return left;
    return left - amount;
  }, 0);
}

/** Cash and check refunds, as the desk records them. */
export interface OfflineRefundStore {
  recordOfflineRefund(reference: string, refund: OfflineRefund): Promise<OfflineRefundOutcome>;
}

export function createOfflineRefundStore(database: Database): OfflineRefundStore {
  return { recordOfflineRefund: (reference, refund) => recordOfflineRefund(database, reference, refund) };
}

/** Records the refund under the request's lock, so two at once cannot both give back the same money. */
function recordOfflineRefund(
  { db, dialect, clock }: Database,
  reference: string,
  refund: OfflineRefund,
): Promise<OfflineRefundOutcome> {
  return db.transaction().execute(async (trx) => {
    const request = await lockedRequest(trx, dialect, reference);
    if (!request) return { ok: false, reason: 'no-request' };
    const leftCents = await refundableOf(trx, request.id);
    if (refund.amountCents > leftCents) return { ok: false, reason: 'too-much', leftCents: Math.max(0, leftCents) };
    const inserted = await trx
      .insertInto('payments')
      .values({
        submission_id: request.id,
        kind: 'refund',
        state: 'succeeded',
        method: refund.method,
        purpose: 'other',
        amount_cents: refund.amountCents,
        currency: 'usd',
        note: refund.note,
        flag: null,
        recorded_by: refund.actor,
        at: clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await appendEvent(trx, clock, request.id, {
      actor: refund.actor,
      type: 'refund',
      data: {
        amountCents: refund.amountCents,
        currency: 'usd',
        method: refund.method,
        ...(refund.note ? { note: refund.note } : {}),
      },
    });
    await insertQueuedMail(trx, clock, {
      mail: { kind: 'refund-receipt', payment: inserted.id },
      recipient: 'customer',
      submissionId: request.id,
    });
    return { ok: true, id: inserted.id };
  });
}

const refundSchema = z.object({
  amount: z.string().transform((value, ctx) => {
    const cents = parseMoney(value);
    if (cents === undefined || cents <= 0 || cents > MAX_TOTAL_CENTS) {
      ctx.addIssue({ code: 'custom', message: 'Enter the amount given back, more than 0, such as 20.00.' });
      return z.NEVER;
    }
    return cents;
  }),
  method: z.enum(offlineRefundMethods, { message: 'Say how it was given back: cash or check.' }),
  note: z.string().max(500, 'Keep the note under 500 characters.'),
});

/**
 * The desk's form for a cash or check refund. A mistake in it is the staff's to correct, so it is
 * answered 422 with what was wrong, and nothing is stored.
 */
function recordRefund(store: OfflineRefundStore, onQueued?: () => void): RequestHandler {
  return async (req, res) => {
    const reference = referenceOf(req);
    const read = refundSchema.safeParse({
      amount: textField(req.body, 'amount'),
      method: textField(req.body, 'method'),
      note: textField(req.body, 'note'),
    });
    if (!read.success) throw createHttpError(422, read.error.issues.map((issue) => issue.message).join(' '));
    const outcome = await store.recordOfflineRefund(reference, {
      amountCents: read.data.amount,
      method: read.data.method,
      note: read.data.note,
      actor: `staff:${staffOf(res)}`,
    });
    if (!outcome.ok && outcome.reason === 'no-request') throw noSuchRequest();
    if (!outcome.ok)
      throw createHttpError(
        422,
        `That is more than was paid: at most ${formatMoney(outcome.leftCents ?? 0)} can be given back on this order. Nothing was recorded.`,
      );
    req.log.info({ reference, payment: outcome.id, reason: 'offline_refund_recorded' }, 'offline refund recorded');
    onQueued?.();
    res.redirect(303, `/staff/requests/${reference}?done=refund-recorded#money`);
  };
}

/** The route; staff only, behind the desk's gates like the other money forms. */
export function offlineRefundRoutes({
  refunds,
  onQueued,
}: {
  refunds: OfflineRefundStore;
  onQueued?: () => void;
}): Router {
  const router = Router();
  router.post('/staff/requests/:reference/refunds', recordRefund(refunds, onQueued));
  return router;
}
