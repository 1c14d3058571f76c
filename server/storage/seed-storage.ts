import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { requestSearchText } from '#shared/search-text.ts';
import type { SeedStorage } from './contract/seed.ts';
import type { StorageDatabase } from './schema.ts';

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

/** The seed command's storage (contract/seed.ts): batched inserts, the same Kysely code on both databases. */
export function createSeedStorage(db: Kysely<StorageDatabase>): SeedStorage {
  return {
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
            promised_date: request.promised?.date ?? null,
            promised_handover: request.promised?.handover ?? null,
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
      });
    },
  };
}
