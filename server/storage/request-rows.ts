import type { Kysely, Selectable } from 'kysely';
import type { SqlDialect } from './database-clock.ts';
import { readDate, readJson, type StorageDatabase } from './schema.ts';

type SubmissionRow = Selectable<StorageDatabase['submissions']>;

/** The columns of a request's row that both the desk's inbox and the customer's page read. */
export const requestColumns = [
  'reference',
  'kind',
  'status',
  'name',
  'email',
  'created_at',
  'payload',
  'fresh_quote_asked_at',
] as const;

/**
 * A request as its row says it, the same on both sides of it: who sent what and when, where it stands,
 * and the customer's ask for a fresh quote while it waits.
 */
export function requestOfRow(row: Pick<SubmissionRow, (typeof requestColumns)[number]>) {
  return {
    reference: row.reference,
    kind: row.kind,
    status: row.status,
    name: row.name,
    email: row.email,
    createdAt: readDate(row.created_at),
    payload: readJson(row.payload),
    ...freshQuoteOf(row),
  };
}

/** A file of a request without its bytes, for lists (position is its place among the request's files). */
export interface StoredFileInfo {
  position: number;
  name: string;
  mediaType: string;
  size: number;
}

/** A request's files without their bytes, in their order: what a page lists, never the artwork itself. */
export async function fileInfosOf(db: Kysely<StorageDatabase>, submissionId: number): Promise<StoredFileInfo[]> {
  const files = await db
    .selectFrom('files')
    .where('submission_id', '=', submissionId)
    .orderBy('position')
    .select(['position', 'name', 'media_type', 'size'])
    .execute();
  return files.map((file) => ({
    position: file.position,
    name: file.name,
    mediaType: file.media_type,
    size: file.size,
  }));
}

/** When the customer asked for a fresh quote: absent unless they did, and again once the shop sends one. */
export function freshQuoteOf(row: Pick<SubmissionRow, 'fresh_quote_asked_at'>): { freshQuoteAskedAt?: Date } {
  return row.fresh_quote_asked_at === null ? {} : { freshQuoteAskedAt: readDate(row.fresh_quote_asked_at) };
}

/**
 * A request's id and status, its row locked on PostgreSQL until the transaction ends (SQLite writes one
 * at a time): two posts at once on the same request take their turns.
 */
export function lockedRequest(trx: Kysely<StorageDatabase>, dialect: SqlDialect, reference: string) {
  return trx
    .selectFrom('submissions')
    .where('reference', '=', reference)
    .select(['id', 'status'])
    .$if(dialect === 'postgres', (query) => query.forUpdate())
    .executeTakeFirst();
}
