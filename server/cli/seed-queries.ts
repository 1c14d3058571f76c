import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { companyKey } from '#server/storage/company-key.ts';
import type { Database } from '#server/storage/database.ts';
import type { StorageDatabase } from '#server/storage/schema.ts';
import { requestSearchText } from '#shared/search-text.ts';
import type { SeedPayment, SeedRequest, SeedStore } from './seed-store.ts';

const prefixes = { quote: 'Q', contact: 'C' } as const;
/**
 * Rows per INSERT: a statement's bound values stay under SQLite's and PostgreSQL's limits (32,766 and
 * 65,535) with the widest table's columns, and one round trip carries many rows.
 */
const ROWS_PER_INSERT = 500;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT)
    out.push(rows.slice(start, start + ROWS_PER_INSERT));
  return out;
}

const iso = (date: Date) => date.toISOString();

/**
 * The batch's payments, then its refunds (each names its payment's row), in the payments store's shapes:
 * a card payment carries the Stripe ids a completed Checkout leaves, made up from the reference.
 */
async function insertSeedPayments(
  trx: Kysely<StorageDatabase>,
  batch: readonly SeedRequest[],
  idOf: (index: number) => number,
  references: readonly string[],
) {
  const rowOf = (request: SeedRequest, index: number, at: number, refundOf: number | null) => {
    const payment = request.payments[at] as SeedPayment;
    const stripe = `seed_${references[index]}_${at + 1}`;
    const card = payment.method === 'card';
    return {
      submission_id: idOf(index),
      kind: payment.kind,
      state: 'succeeded' as const,
      method: payment.method,
      purpose: payment.purpose,
      amount_cents: payment.amountCents,
      currency: 'usd',
      note: '',
      flag: null,
      refund_of: refundOf,
      stripe_session_id: card && payment.kind === 'payment' ? `cs_${stripe}` : null,
      stripe_payment_intent: card ? `pi_${stripe}` : null,
      stripe_refund_id: card && payment.kind === 'refund' ? `re_${stripe}` : null,
      recorded_by: payment.by,
      at: iso(payment.at),
    };
  };
  // A request pays its deposit and its balance once each: its id and the purpose name the row.
  const made = new Map<string, number>();
  const key = (submissionId: number, purpose: string) => `${submissionId}:${purpose}`;
  const payments = batch.flatMap((request, index) =>
    request.payments.flatMap((payment, at) => (payment.kind === 'payment' ? [rowOf(request, index, at, null)] : [])),
  );
  for (const part of chunks(payments)) {
    const stored = await trx
      .insertInto('payments')
      .values(part)
      .returning(['id', 'submission_id', 'purpose'])
      .execute();
    for (const row of stored) made.set(key(row.submission_id, row.purpose), row.id);
  }
  const refunds = batch.flatMap((request, index) =>
    request.payments.flatMap((payment, at) => {
      const paid = payment.refundOf === undefined ? undefined : request.payments[payment.refundOf];
      return payment.kind === 'refund' && paid
        ? [rowOf(request, index, at, made.get(key(idOf(index), paid.purpose)) ?? null)]
        : [];
    }),
  );
  for (const part of chunks(refunds)) await trx.insertInto('payments').values(part).execute();
}

/** The seed command's storage (contract/seed.ts): batched inserts, the same Kysely code on both databases. */
export function createSeedStorage(db: Kysely<StorageDatabase>): SeedStore {
  return {
    async analyze() {
      // The same word on both databases: PostgreSQL's statistics, SQLite's sqlite_stat1.
      await sql`analyze`.execute(db);
    },

    async holdsNoRequests() {
      const row = await db.selectFrom('submissions').select('id').limit(1).executeTakeFirst();
      return row === undefined;
    },

    async insertSeedBatch(batch) {
      if (batch.length === 0) return;
      await db.transaction().execute(async (trx) => {
        // Numbered on from each kind and year's counter, bumped once for the batch's share.
        const references: string[] = [];
        const counts = new Map<string, number>();
        for (const request of batch) {
          const key = `${request.kind}:${request.createdAt.getUTCFullYear()}`;
          counts.set(key, (counts.get(key) ?? 0) + 1);
        }
        const firstNumbers = new Map<string, number>();
        for (const [key, count] of counts) {
          const [kind, year] = key.split(':') as ['quote' | 'contact', string];
          const { last_number } = await trx
            .insertInto('reference_counters')
            .values({ kind, year: Number(year), last_number: count })
            .onConflict((conflict) =>
              conflict
                .columns(['kind', 'year'])
                .doUpdateSet((eb) => ({ last_number: eb('reference_counters.last_number', '+', count) })),
            )
            .returning('last_number')
            .executeTakeFirstOrThrow();
          firstNumbers.set(key, last_number - count + 1);
        }
        for (const request of batch) {
          const year = request.createdAt.getUTCFullYear();
          const key = `${request.kind}:${year}`;
          const number = firstNumbers.get(key) ?? 1;
          firstNumbers.set(key, number + 1);
          references.push(`${prefixes[request.kind]}-${year}-${String(number).padStart(6, '0')}`);
        }

        const ids = new Map<string, number>();
        const rows = batch.map((request, index) => {
          const reference = references[index] ?? '';
          const newestProof = request.proofs.at(-1);
          return {
            reference,
            kind: request.kind,
            name: request.name,
            email: request.email,
            payload: JSON.stringify(request.payload),
            created_at: iso(request.createdAt),
            idempotency_key: null,
            status: request.status,
            status_changed_at: request.statusChangedAt && iso(request.statusChangedAt),
            read_at: request.readAt && iso(request.readAt),
            form_values: request.formValues ? JSON.stringify(request.formValues) : null,
            link_salt: request.kind === 'quote' ? randomBytes(32).toString('base64url') : null,
            activity_at: iso(request.activityAt),
            search_text: requestSearchText({ ...request, reference }),
            company_key: companyKey(request.company),
            promised_date: request.promised?.date ?? null,
            promised_handover: request.promised?.handover ?? null,
            proof_sent_at: newestProof ? iso(newestProof.at) : null,
          };
        });
        for (const part of chunks(rows)) {
          const stored = await trx.insertInto('submissions').values(part).returning(['id', 'reference']).execute();
          for (const row of stored) ids.set(row.reference, row.id);
        }
        const idOf = (index: number) => ids.get(references[index] ?? '') as number;

        const files = batch.flatMap((request, index) =>
          request.files.map((file, position) => ({
            submission_id: idOf(index),
            position,
            name: file.name,
            media_type: file.mediaType,
            size: file.size,
            data: file.data,
          })),
        );
        const quotes = batch.flatMap((request, index) =>
          request.quotes.map((quote, at) => ({
            submission_id: idOf(index),
            version: at + 1,
            lines: JSON.stringify(quote.lines),
            notes: quote.notes,
            valid_until: quote.validUntil,
            deposit_percent: quote.depositPercent,
            total_cents: quote.totalCents,
            created_at: iso(quote.at),
            created_by: quote.by,
          })),
        );
        const proofs = batch.flatMap((request, index) =>
          request.proofs.map((proof, at) => ({
            submission_id: idOf(index),
            version: at + 1,
            name: proof.file.name,
            media_type: proof.file.mediaType,
            size: proof.file.size,
            data: proof.file.data,
            width_inches: proof.widthInches,
            height_inches: proof.heightInches,
            notes: proof.notes,
            created_at: iso(proof.at),
            created_by: proof.by,
          })),
        );
        const approvals = batch.flatMap((request, index) =>
          request.approvals.map((approval) => ({
            submission_id: idOf(index),
            subject: approval.subject,
            version: approval.version,
            decision: approval.decision,
            name: approval.name,
            comment: approval.comment,
            ip: '',
            user_agent: '',
            at: iso(approval.at),
          })),
        );
        const events = batch.flatMap((request, index) =>
          request.events.map((event) => ({
            submission_id: idOf(index),
            at: iso(event.at),
            actor: event.actor,
            type: event.type,
            data: JSON.stringify(event.data),
          })),
        );
        for (const part of chunks(files)) await trx.insertInto('files').values(part).execute();
        for (const part of chunks(quotes)) await trx.insertInto('quotes').values(part).execute();
        for (const part of chunks(proofs)) await trx.insertInto('proofs').values(part).execute();
        for (const part of chunks(approvals)) await trx.insertInto('approvals').values(part).execute();
        for (const part of chunks(events)) await trx.insertInto('request_events').values(part).execute();
        await insertSeedPayments(trx, batch, idOf, references);
      });
    },
  };
}

/** The operators' seed command's writes, on the open database. */
export function createSeedStore(database: Database): SeedStore {
  return createSeedStorage(database.db);
}
