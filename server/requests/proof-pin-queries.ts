import type { Kysely } from 'kysely';
import type { Actor } from '#server/storage/activity.ts';
import type { Database } from '#server/storage/database.ts';
import { appendEvent } from '#server/storage/request-events.ts';
import { readDate, readJson, type StorageDatabase } from '#server/storage/schema.ts';
import { pinStatuses } from '#shared/requests/proof-pins.ts';
import type { RequestStatus } from '#shared/requests/request-status.ts';
import { formValuesFrom } from './form-values-column.ts';
import type { PinRefusal, ProofPinStore, StoredPin, WaitingProof } from './proof-pin-store.ts';

// Notes pinned on proofs. Every write takes the request's row first (locked on PostgreSQL; SQLite runs
// one write at a time) and reads the newest proof and the status under it, so a note never lands on a
// version replaced a moment before, and two notes at once take their numbers one after the other.

/** The request, locked, and whether its proof `version` may take notes now. */
async function openProof(
  trx: Kysely<StorageDatabase>,
  dialect: Database['dialect'],
  reference: string,
  version: number,
): Promise<{ id: number } | { refused: PinRefusal }> {
  const request = await trx
    .selectFrom('submissions')
    .where('reference', '=', reference)
    .where('kind', '=', 'quote')
    .select(['id', 'status'])
    .$if(dialect === 'postgres', (query) => query.forUpdate())
    .executeTakeFirst();
  if (!request) return { refused: 'missing' };
  const newest = await trx
    .selectFrom('proofs')
    .where('submission_id', '=', request.id)
    .select((eb) => eb.fn.max('version').as('version'))
    .executeTakeFirst();
  const latest = Number(newest?.version ?? 0);
  if (!Number.isInteger(version) || version < 1 || version > latest) return { refused: 'missing' };
  if (version !== latest) return { refused: 'superseded' };
  if (!pinStatuses.includes(request.status as RequestStatus)) return { refused: 'closed' };
  return { id: request.id };
}

/** The customer's word makes the request unread on the desk, as their messages do. */
function markUnread(trx: Kysely<StorageDatabase>, { clock }: Database, submissionId: number, author: Actor) {
  if (author !== 'customer') return Promise.resolve();
  return trx
    .updateTable('submissions')
    .set({ read_at: null, activity_at: clock.now() })
    .where('id', '=', submissionId)
    .execute();
}

function addPin(
  database: Database,
  reference: string,
  version: number,
  note: Parameters<ProofPinStore['addPin']>[2],
  author: Actor,
) {
  const { db, dialect, clock } = database;
  return db.transaction().execute(async (trx) => {
    const proof = await openProof(trx, dialect, reference, version);
    if ('refused' in proof) return { added: false as const, reason: proof.refused };
    const last = await trx
      .selectFrom('proof_pins')
      .where('submission_id', '=', proof.id)
      .select((eb) => eb.fn.max('number').as('number'))
      .executeTakeFirst();
    const number = Number(last?.number ?? 0) + 1;
    await trx
      .insertInto('proof_pins')
      .values({
        submission_id: proof.id,
        proof_version: version,
        number,
        x: note.x,
        y: note.y,
        place: note.place,
        text: note.text,
        author,
        created_at: clock.now(),
      })
      .execute();
    await appendEvent(trx, clock, proof.id, { actor: author, type: 'proof_note', data: { version, number } });
    await markUnread(trx, database, proof.id, author);
    return { added: true as const, number };
  });
}

function answerPin(
  database: Database,
  reference: string,
  number: number,
  answer: { text?: string; done?: boolean; author: Actor },
): Promise<'answered' | PinRefusal> {
  const { db, dialect, clock } = database;
  return db.transaction().execute(async (trx) => {
    const pin = await trx
      .selectFrom('proof_pins')
      .innerJoin('submissions', 'submissions.id', 'proof_pins.submission_id')
      .where('submissions.reference', '=', reference)
      .where('proof_pins.number', '=', number)
      .select(['proof_pins.id', 'proof_pins.proof_version'])
      .executeTakeFirst();
    if (!pin) return 'missing';
    const proof = await openProof(trx, dialect, reference, pin.proof_version);
    if ('refused' in proof) return proof.refused;
    if (answer.text) {
      await trx
        .insertInto('proof_pin_replies')
        .values({ pin_id: pin.id, author: answer.author, text: answer.text, created_at: clock.now() })
        .execute();
    }
    if (answer.done !== undefined) {
      await trx
        .updateTable('proof_pins')
        .set(answer.done ? { done_at: clock.now(), done_by: answer.author } : { done_at: null, done_by: null })
        .where('id', '=', pin.id)
        .execute();
    }
    await appendEvent(trx, clock, proof.id, {
      actor: answer.author,
      type: 'proof_note_answer',
      data: {
        number,
        ...(answer.text ? { answered: true } : {}),
        ...(answer.done !== undefined ? { done: answer.done } : {}),
      },
    });
    await markUnread(trx, database, proof.id, answer.author);
    return 'answered';
  });
}

async function pinsOf({ db }: Database, reference: string): Promise<StoredPin[]> {
  const pins = await db
    .selectFrom('proof_pins')
    .innerJoin('submissions', 'submissions.id', 'proof_pins.submission_id')
    .where('submissions.reference', '=', reference)
    .orderBy('proof_pins.number')
    .select([
      'proof_pins.id',
      'proof_pins.number',
      'proof_pins.proof_version',
      'proof_pins.x',
      'proof_pins.y',
      'proof_pins.place',
      'proof_pins.text',
      'proof_pins.author',
      'proof_pins.created_at',
      'proof_pins.done_at',
      'proof_pins.done_by',
    ])
    .execute();
  const replies =
    pins.length === 0
      ? []
      : await db
          .selectFrom('proof_pin_replies')
          .where(
            'pin_id',
            'in',
            pins.map((pin) => pin.id),
          )
          .orderBy('id')
          .select(['pin_id', 'author', 'text', 'created_at'])
          .execute();
  return pins.map((pin) => ({
    number: pin.number,
    version: pin.proof_version,
    // PostgreSQL's double precision arrives as a number; kept as such on both.
    x: pin.x === null ? null : Number(pin.x),
    y: pin.y === null ? null : Number(pin.y),
    place: pin.place,
    text: pin.text,
    author: pin.author as Actor,
    createdAt: readDate(pin.created_at),
    ...(pin.done_at && pin.done_by ? { done: { at: readDate(pin.done_at), by: pin.done_by as Actor } } : {}),
    replies: replies
      .filter((reply) => reply.pin_id === pin.id)
      .map((reply) => ({ author: reply.author as Actor, text: reply.text, createdAt: readDate(reply.created_at) })),
  }));
}

/**
 * The requests waiting on a proof, the longest waiting first, off the index of migration 0034 (status, then
 * when the newest proof went out): a hundred index entries, not an anti-join over every proof of every
 * request waiting on one. Each row brings its newest proof's version and that proof's open pins (subqueries
 * on the proofs' and the pins' own indexes), so the inbox pays one round trip for the list, not four.
 */
export function proofsWaitingQuery(db: Kysely<StorageDatabase>) {
  return db
    .selectFrom('submissions')
    .where('submissions.status', '=', 'proof_sent')
    .where('submissions.proof_sent_at', 'is not', null)
    .select((eb) => {
      const newest = eb
        .selectFrom('proofs')
        .whereRef('proofs.submission_id', '=', 'submissions.id')
        .select((max) => max.fn.max('proofs.version').as('version'));
      return [
        'submissions.id',
        'submissions.proof_sent_at',
        'submissions.reference',
        'submissions.name',
        'submissions.payload',
        'submissions.promised_date',
        'submissions.date_missed',
        'submissions.form_values',
        newest.as('version'),
        eb
          .selectFrom('proof_pins')
          .whereRef('proof_pins.submission_id', '=', 'submissions.id')
          .where('proof_pins.done_at', 'is', null)
          .where('proof_pins.proof_version', '=', newest)
          .select((count) => count.fn.countAll().as('open'))
          .as('open_pins'),
      ];
    })
    .orderBy('submissions.proof_sent_at')
    .limit(100);
}

async function proofsWaiting({ db }: Database): Promise<WaitingProof[]> {
  const rows = await proofsWaitingQuery(db).execute();
  return rows.flatMap((row) => {
    if (row.version === null || row.proof_sent_at === null) return [];
    const inHands = readJson(row.payload).inHandsDate;
    const target = row.promised_date ?? (typeof inHands === 'string' ? inHands : undefined);
    const formValues = formValuesFrom(row.form_values);
    return [
      {
        reference: row.reference,
        name: row.name,
        version: Number(row.version),
        sentAt: readDate(row.proof_sent_at),
        openPins: Number(row.open_pins ?? 0),
        ...(target ? { target } : {}),
        ...(row.date_missed ? { missed: row.date_missed } : {}),
        ...(formValues ? { formValues } : {}),
      },
    ];
  });
}

/** The notes pinned on proofs, on the open database (part of the version store's contract). */
export function createProofPinStore(database: Database): ProofPinStore {
  return {
    addPin: (reference, version, note, author) => addPin(database, reference, version, note, author),
    answerPin: (reference, number, answer) => answerPin(database, reference, number, answer),
    pinsOf: (reference) => pinsOf(database, reference),
    proofsWaiting: () => proofsWaiting(database),
  };
}
