import type { Database } from '#server/storage/database.ts';
import type { FeeToFetch, StripeFeeStore } from './stripe-fee-store.ts';

/** Only what Stripe charged through Checkout has a balance transaction: card money, counted. */
async function feesToFetch({ db }: Database, limit: number): Promise<FeeToFetch[]> {
  const rows = await db
    .selectFrom('payments')
    .where('method', '=', 'card')
    .where('state', '=', 'succeeded')
    .where('fee_cents', 'is', null)
    .where((eb) =>
      eb.or([
        eb.and([eb('kind', '=', 'payment'), eb('stripe_payment_intent', 'is not', null)]),
        eb.and([eb('kind', '=', 'refund'), eb('stripe_refund_id', 'is not', null)]),
      ]),
    )
    .select(['id', 'kind', 'stripe_payment_intent', 'stripe_refund_id'])
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) =>
    row.kind === 'payment'
      ? { paymentId: row.id, kind: 'payment', paymentIntent: row.stripe_payment_intent ?? '' }
      : { paymentId: row.id, kind: 'refund', refundId: row.stripe_refund_id ?? '' },
  );
}

async function recordFee({ db }: Database, paymentId: number, figures: Parameters<StripeFeeStore['recordFee']>[1]) {
  const written = await db
    .updateTable('payments')
    .set({
      fee_cents: figures.feeCents,
      net_cents: figures.netCents,
      balance_transaction: figures.balanceTransaction,
    })
    .where('id', '=', paymentId)
    .where('fee_cents', 'is', null)
    .executeTakeFirst();
  return Number(written.numUpdatedRows) > 0;
}

async function feeOf({ db }: Database, paymentId: number) {
  const row = await db
    .selectFrom('payments')
    .where('id', '=', paymentId)
    .select(['fee_cents', 'net_cents', 'balance_transaction'])
    .executeTakeFirst();
  if (row?.fee_cents == null || row.net_cents == null) return undefined;
  return {
    feeCents: Number(row.fee_cents),
    netCents: Number(row.net_cents),
    balanceTransaction: row.balance_transaction ?? '',
  };
}

export function createStripeFeeStore(database: Database): StripeFeeStore {
  return {
    feesToFetch: (limit) => feesToFetch(database, limit),
    recordFee: (paymentId, figures) => recordFee(database, paymentId, figures),
    feeOf: (paymentId) => feeOf(database, paymentId),
  };
}
