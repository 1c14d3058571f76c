import type { Kysely } from 'kysely';
import type { Actor } from '#server/storage/activity.ts';
import type { Database } from '#server/storage/database.ts';
import { insertQueuedMail } from '#server/storage/queued-mail.ts';
import { appendEvent } from '#server/storage/request-events.ts';
import { readDate, readJson, type StorageDatabase } from '#server/storage/schema.ts';
import type { StoredFile } from '#server/submissions/submission-store.ts';
import type { QuoteLine, QuoteTerms } from '#shared/requests/quote.ts';
import { quoteTotal } from '#shared/requests/quote.ts';
import { DESIGN_FIELD } from '#shared/submissions/design-field-name.ts';
import { formValuesFrom } from './form-values-column.ts';
import { createProofPinStore } from './proof-pin-queries.ts';
import type { ReplacedDesign, SentProof, SentQuote, VersionSend, VersionStore } from './version-store.ts';

type VersionTable = 'quotes' | 'proofs';

// Quotes and proofs: numbered versions of a request, each frozen when sent (rows are inserted, never
// updated). Sending one moves the request, logs it and queues the customer's mail in one transaction,
// and only while the request is still where the sender saw it; the request's row is written first, so
// two sends at once take their version numbers one after the other. One function per operation, each
// taking the open database first; createVersionStore at the end maps the contract onto them.

/** Sends the next version of `table`: `insert` writes its row, `logged` goes into the log line with its number. */
async function send(
  { db, clock }: Database,
  reference: string,
  table: VersionTable,
  { from, to, actor, mail }: VersionSend,
  insert: (trx: Kysely<StorageDatabase>, submissionId: number, version: number) => Promise<unknown>,
  logged: Record<string, unknown>,
) {
  return db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('submissions')
      .set({
        ...(from === to ? { status: to } : { status: to, status_changed_at: clock.now() }),
        // A new quote answers the customer's ask for a fresh one.
        ...(table === 'quotes' ? { fresh_quote_asked_at: null } : {}),
        // The inbox's proofs waiting for approval are found by when the newest went out.
        ...(table === 'proofs' ? { proof_sent_at: clock.now() } : {}),
      })
      .where('reference', '=', reference)
      .where('status', '=', from)
      .returning('id')
      .executeTakeFirst();
    if (!moved) {
      const exists = await trx
        .selectFrom('submissions')
        .where('reference', '=', reference)
        .select('id')
        .executeTakeFirst();
      return { sent: false as const, reason: exists ? ('conflict' as const) : ('missing' as const) };
    }
    const last = await trx
      .selectFrom(table)
      .where('submission_id', '=', moved.id)
      .select((eb) => eb.fn.max('version').as('version'))
      .executeTakeFirst();
    const version = Number(last?.version ?? 0) + 1;
    await insert(trx, moved.id, version);
    await appendEvent(trx, clock, moved.id, {
      actor,
      type: table === 'quotes' ? 'quote' : 'proof',
      data: { version, ...logged, ...(from !== to ? { from, to } : {}) },
    });
    await insertQueuedMail(trx, clock, { mail: mail(version), recipient: 'customer', submissionId: moved.id });
    return { sent: true as const, version };
  });
}

/** The versions of `table` sent on the request. */
function ofRequest(db: Kysely<StorageDatabase>, table: VersionTable, reference: string) {
  return db
    .selectFrom(table)
    .innerJoin('submissions', 'submissions.id', `${table}.submission_id`)
    .where('submissions.reference', '=', reference);
}

function sendQuote(database: Database, reference: string, terms: QuoteTerms, sending: VersionSend) {
  const totalCents = quoteTotal(terms.lines);
  return send(
    database,
    reference,
    'quotes',
    sending,
    (trx, submissionId, version) =>
      trx
        .insertInto('quotes')
        .values({
          submission_id: submissionId,
          version,
          lines: JSON.stringify(terms.lines),
          notes: terms.notes,
          valid_until: terms.validUntil,
          deposit_percent: terms.depositPercent,
          total_cents: totalCents,
          created_at: database.clock.now(),
          created_by: sending.actor,
        })
        .execute(),
    { totalCents },
  );
}

async function quotesOf({ db }: Database, reference: string): Promise<SentQuote[]> {
  const rows = await ofRequest(db, 'quotes', reference)
    .select([
      'quotes.version',
      'quotes.lines',
      'quotes.notes',
      'quotes.valid_until',
      'quotes.deposit_percent',
      'quotes.total_cents',
      'quotes.created_at',
      'quotes.created_by',
    ])
    .orderBy('quotes.version')
    .execute();
  return rows.map((row) => ({
    version: row.version,
    // jsonb arrives parsed; SQLite's text is parsed here.
    lines: (typeof row.lines === 'string' ? JSON.parse(row.lines) : row.lines) as QuoteLine[],
    notes: row.notes,
    validUntil: row.valid_until,
    depositPercent: row.deposit_percent,
    totalCents: Number(row.total_cents),
    sentAt: readDate(row.created_at),
    sentBy: row.created_by as Actor,
  }));
}

function sendProof(
  database: Database,
  reference: string,
  proof: { file: StoredFile; widthInches: number | null; heightInches: number | null; notes: string },
  sending: VersionSend,
) {
  return send(
    database,
    reference,
    'proofs',
    sending,
    (trx, submissionId, version) =>
      trx
        .insertInto('proofs')
        .values({
          submission_id: submissionId,
          version,
          name: proof.file.name,
          media_type: proof.file.mediaType,
          size: proof.file.size,
          data: proof.file.data,
          width_inches: proof.widthInches,
          height_inches: proof.heightInches,
          notes: proof.notes,
          created_at: database.clock.now(),
          created_by: sending.actor,
        })
        .execute(),
    { name: proof.file.name },
  );
}

async function proofsOf({ db }: Database, reference: string): Promise<SentProof[]> {
  const rows = await ofRequest(db, 'proofs', reference)
    .select([
      'proofs.version',
      'proofs.name',
      'proofs.media_type',
      'proofs.size',
      'proofs.width_inches',
      'proofs.height_inches',
      'proofs.notes',
      'proofs.created_at',
      'proofs.created_by',
    ])
    .orderBy('proofs.version')
    .execute();
  return rows.map((row) => ({
    version: row.version,
    name: row.name,
    mediaType: row.media_type,
    size: row.size,
    widthInches: row.width_inches,
    heightInches: row.height_inches,
    notes: row.notes,
    sentAt: readDate(row.created_at),
    sentBy: row.created_by as Actor,
  }));
}

async function getProofFile({ db }: Database, reference: string, version: number): Promise<StoredFile | undefined> {
  const row = await ofRequest(db, 'proofs', reference)
    .where('proofs.version', '=', version)
    .select(['proofs.name', 'proofs.media_type', 'proofs.size', 'proofs.data'])
    .executeTakeFirst();
  return row && { name: row.name, mediaType: row.media_type, size: row.size, data: row.data };
}

async function formValuesOf({ db }: Database, reference: string): Promise<Record<string, string> | undefined> {
  const row = await db
    .selectFrom('submissions')
    .where('reference', '=', reference)
    .select('form_values')
    .executeTakeFirst();
  return formValuesFrom(row?.form_values);
}

// The form's other fields stay as the customer sent them: the desk prices from them, "Order again" refills the
// quote form with them. The replaced design goes into the activity log whole, so what the customer made stays
// readable after the shop's edit (the log is never changed).
async function replaceDesign(
  { db, clock }: Database,
  reference: string,
  json: string,
  edit: { actor: Actor; location: string },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('submissions')
      .where('reference', '=', reference)
      .select(['id', 'form_values'])
      .executeTakeFirst();
    if (!row?.form_values) return false;
    const values = readJson(row.form_values);
    await trx
      .updateTable('submissions')
      .set({ form_values: JSON.stringify({ ...values, [DESIGN_FIELD]: json }) })
      .where('id', '=', row.id)
      .execute();
    await appendEvent(trx, clock, row.id, {
      actor: edit.actor,
      type: 'design_edited',
      data: { location: edit.location, previous: typeof values[DESIGN_FIELD] === 'string' ? values[DESIGN_FIELD] : '' },
    });
    return true;
  });
}

async function designsReplaced({ db }: Database, reference: string): Promise<ReplacedDesign[]> {
  const rows = await db
    .selectFrom('request_events')
    .innerJoin('submissions', 'submissions.id', 'request_events.submission_id')
    .where('submissions.reference', '=', reference)
    .where('request_events.type', '=', 'design_edited')
    .orderBy('request_events.id')
    .select(['request_events.at', 'request_events.actor', 'request_events.data'])
    .execute();
  return rows.map((row) => {
    const data = readJson(row.data);
    return {
      json: typeof data.previous === 'string' ? data.previous : '',
      location: typeof data.location === 'string' ? data.location : '',
      replacedAt: readDate(row.at),
      replacedBy: row.actor as Actor,
    };
  });
}

/** The quotes and proofs sent on each request, on the open database. */
export function createVersionStore(database: Database): VersionStore {
  return {
    ...createProofPinStore(database),
    sendQuote: (reference, terms, sending) => sendQuote(database, reference, terms, sending),
    quotesOf: (reference) => quotesOf(database, reference),
    sendProof: (reference, proof, sending) => sendProof(database, reference, proof, sending),
    proofsOf: (reference) => proofsOf(database, reference),
    getProofFile: (reference, version) => getProofFile(database, reference, version),
    formValuesOf: (reference) => formValuesOf(database, reference),
    replaceDesign: (reference, json, edit) => replaceDesign(database, reference, json, edit),
    designsReplaced: (reference) => designsReplaced(database, reference),
  };
}
