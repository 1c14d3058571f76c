import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Actor } from '#server/storage/activity.ts';
import type { Database } from '#server/storage/database.ts';
import { promisedOf, writePromisedDate } from '#server/storage/promised-date.ts';
import { insertQueuedMail } from '#server/storage/queued-mail.ts';
import { appendEvent, requestEventsOf } from '#server/storage/request-events.ts';
import { fileInfosOf, freshQuoteOf, requestColumns, requestOfRow } from '#server/storage/request-rows.ts';
import { readDate, readJson, type StorageDatabase } from '#server/storage/schema.ts';
import type { SubmissionStore } from '#server/submissions/submission-store.ts';
import type { RequestStatus } from '#shared/requests/request-status.ts';
import type { DeskStore, RequestDetail, RequestFilter, RequestView } from './desk-store.ts';
import { inboxMatching, inboxRecentMatching, searchMatchesUpTo } from './inbox-query.ts';

// The desk's half of the storage contract, in the same Kysely code for both databases: one function per
// operation, each taking the open database first; createDeskStore at the end maps the contract onto them.

const DAY_MS = 24 * 60 * 60 * 1000;
/** How stale a staff session's last-seen time may get before a page refreshes it. */
const TOUCH_EVERY_MS = 60 * 1000;
/**
 * How many matches a search counts by status: counting every match of a common word among years of
 * requests costs more than the page, and past this the staff narrow the search anyway.
 */
const SEARCH_COUNT_LIMIT = 200;
/**
 * A search past its count first looks for its page among the newest requests, this many per row wanted
 * (up to RECENT_WINDOW_MAX): enough when one request in 60 matches, as a company's or a common
 * surname's do; a rarer search reads its page through the trigram index instead.
 */
const RECENT_WINDOW_PER_ROW = 60;
const RECENT_WINDOW_MAX = 3_000;

/** The inbox's columns: the request as both sides read it, and whether the shop has opened it. */
const inboxColumns = [...requestColumns, 'read_at'] as const;

/** The submissions of a query in the inbox's order: the latest activity first. */
function inInboxOrder<Q extends SelectQueryBuilder<StorageDatabase, 'submissions', object>>(query: Q): Q {
  return query.orderBy('submissions.activity_at', 'desc').orderBy('submissions.id', 'desc') as Q;
}

type InboxRow = Awaited<ReturnType<typeof pageOf>>[number];
type Tally = { status: RequestStatus; total: number | string | bigint; unread: number | string | bigint | null }[];

/**
 * A page of the filter's requests read in the inbox's order: its ids first, then their columns (sorting
 * whole rows costs more), one more than the page to tell whether another follows.
 */
function pageOf({ db, dialect }: Database, filter: RequestFilter, offset: number, walk: boolean) {
  return inInboxOrder(
    db
      .selectFrom('submissions')
      .where(
        'submissions.id',
        'in',
        inInboxOrder(
          inboxMatching(db, dialect, filter, { walk }).$if(filter.status !== undefined, (query) =>
            query.where('submissions.status', '=', filter.status as RequestStatus),
          ),
        )
          .select('submissions.id')
          .limit(filter.pageSize + 1)
          .offset(offset),
      )
      .select(inboxColumns),
  ).execute();
}

/** The page out of the newest requests, when it fills there (see RECENT_WINDOW_PER_ROW); undefined when not. */
async function recentPageOf({ db }: Database, filter: RequestFilter, offset: number) {
  const wanted = offset + filter.pageSize + 1;
  const recent = inboxRecentMatching(db, filter, Math.min(RECENT_WINDOW_MAX, wanted * RECENT_WINDOW_PER_ROW))
    .select('recent.id')
    .limit(filter.pageSize + 1)
    .offset(offset);
  const found = await inInboxOrder(
    db.selectFrom('submissions').where('submissions.id', 'in', recent).select(inboxColumns),
  ).execute();
  return found.length === filter.pageSize + 1 ? found : undefined;
}

/**
 * A search reads its matches once, up to countUpTo: counted by status and put in order here (past the
 * count as soon as a company's requests number more, off their own index).
 */
async function searchedPage(
  database: Database,
  filter: RequestFilter,
  offset: number,
  countUpTo: number,
): Promise<{ rows: InboxRow[]; tally: Tally; total?: number; uncounted: boolean }> {
  const { db, dialect } = database;
  const { found, past } = await searchMatchesUpTo(db, dialect, filter, countUpTo + 1);
  if (past || found.length > countUpTo) {
    // Past the count: the page is read in the inbox's order (SQLite walks its index).
    const rows =
      (await recentPageOf(database, filter, offset)) ?? (await pageOf(database, filter, offset, dialect === 'sqlite'));
    return { rows, tally: [], uncounted: true };
  }
  const tally = found.map((row) => ({ status: row.status, total: 1, unread: row.read_at === null ? 1 : 0 }));
  const at = (row: (typeof found)[number]) =>
    row.activity_at === null ? Number.NEGATIVE_INFINITY : readDate(row.activity_at as string).getTime();
  const listed = found
    .filter((row) => filter.status === undefined || row.status === filter.status)
    .sort((a, b) => at(b) - at(a) || b.id - a.id);
  const ids = listed.slice(offset, offset + filter.pageSize).map((row) => row.id);
  const rows =
    ids.length === 0
      ? []
      : await inInboxOrder(
          db.selectFrom('submissions').where('submissions.id', 'in', ids).select(inboxColumns),
        ).execute();
  return { rows, tally, total: listed.length, uncounted: false };
}

/** One page of the inbox, with the counts its tabs show. */
async function listRequests(database: Database, filter: RequestFilter) {
  const { db } = database;
  const search = filter.search?.trim() ? filter.search : undefined;
  const countUpTo = filter.countUpTo ?? SEARCH_COUNT_LIMIT;
  const offset = (filter.page - 1) * filter.pageSize;

  let rows: InboxRow[];
  let tally: Tally;
  let total: number | undefined;
  let uncounted = false;
  if (search) {
    ({ rows, tally, total, uncounted } = await searchedPage(database, filter, offset, countUpTo));
  } else {
    // Without a search, the counts the triggers keep (migration 0019): no request is counted here.
    [tally, rows] = await Promise.all([
      db
        .selectFrom('request_counts')
        .$if(filter.kind !== undefined, (query) => query.where('kind', '=', filter.kind as 'quote'))
        .select(['status', 'total', 'unread'])
        .execute(),
      pageOf(database, filter, offset, false),
    ]);
  }
  const counts: Partial<Record<RequestStatus, number>> = {};
  let unread = 0;
  for (const row of tally) {
    const count = Number(row.total);
    // Zero rows stay once a status has emptied: the inbox lists only statuses with requests.
    if (count > 0) counts[row.status] = (counts[row.status] ?? 0) + count;
    unread += Number(row.unread ?? 0);
  }
  return {
    items: rows.slice(0, filter.pageSize).map((row) => ({
      ...requestOfRow(row),
      readAt: row.read_at === null ? null : readDate(row.read_at),
    })),
    total:
      total ??
      (uncounted
        ? offset + rows.length
        : filter.status === undefined
          ? Object.values(counts).reduce((sum, count) => sum + count, 0)
          : (counts[filter.status] ?? 0)),
    counts,
    unread,
    ...(uncounted ? { uncounted: countUpTo } : {}),
  };
}

/** The request's row id, in the caller's transaction when there is one. */
async function idOf(db: Kysely<StorageDatabase>, reference: string): Promise<number | undefined> {
  const row = await db.selectFrom('submissions').where('reference', '=', reference).select('id').executeTakeFirst();
  return row?.id;
}

/** A request as the desk shows it: what the customer sent (read as the mails and the CLI read it), and its log. */
async function getRequest(
  { db }: Database,
  submissions: Pick<SubmissionStore, 'getSubmission'>,
  reference: string,
): Promise<RequestDetail | undefined> {
  const submission = await submissions.getSubmission(reference);
  if (!submission) return undefined;
  const row = await db
    .selectFrom('submissions')
    .where('reference', '=', reference)
    .select([
      'id',
      'status',
      'status_changed_at',
      'read_at',
      'promised_date',
      'promised_handover',
      'fresh_quote_asked_at',
    ])
    .executeTakeFirstOrThrow();
  return {
    ...submission,
    status: row.status,
    statusChangedAt: row.status_changed_at === null ? null : readDate(row.status_changed_at),
    readAt: row.read_at === null ? null : readDate(row.read_at),
    ...promisedOf(row),
    ...freshQuoteOf(row),
    events: await requestEventsOf(db, row.id),
  };
}

async function getRequestView({ db }: Database, reference: string): Promise<RequestView | undefined> {
  const row = await db
    .selectFrom('submissions')
    .where('reference', '=', reference)
    .select(['id', ...requestColumns, 'promised_date', 'promised_handover', 'status_changed_at', 'read_at'])
    .executeTakeFirst();
  if (!row) return undefined;
  const [files, events] = await Promise.all([fileInfosOf(db, row.id), requestEventsOf(db, row.id)]);
  return {
    ...requestOfRow(row),
    ...promisedOf(row),
    statusChangedAt: row.status_changed_at === null ? null : readDate(row.status_changed_at),
    readAt: row.read_at === null ? null : readDate(row.read_at),
    files,
    events,
  };
}

async function getRequestState({ db }: Database, reference: string) {
  const row = await db
    .selectFrom('submissions')
    .where('reference', '=', reference)
    .select(['kind', 'status', 'name', 'email', 'promised_date', 'promised_handover'])
    .executeTakeFirst();
  return row && { kind: row.kind, status: row.status, name: row.name, email: row.email, ...promisedOf(row) };
}

async function getRequestFile({ db }: Database, reference: string, position: number) {
  const row = await db
    .selectFrom('files')
    .innerJoin('submissions', 'submissions.id', 'files.submission_id')
    .where('submissions.reference', '=', reference)
    .where('files.position', '=', position)
    .select(['files.name', 'files.media_type', 'files.size', 'files.data'])
    .executeTakeFirst();
  return row && { name: row.name, mediaType: row.media_type, size: row.size, data: row.data };
}

async function markRequestRead({ db, clock }: Database, reference: string, actor: Actor) {
  // Most views are of a request opened before: one read, no transaction (the update below still
  // guards a first opening that two members of staff make at once).
  const seen = await db
    .selectFrom('submissions')
    .where('reference', '=', reference)
    .select('read_at')
    .executeTakeFirst();
  if (!seen) return false;
  if (seen.read_at !== null) return true;
  return db.transaction().execute(async (trx) => {
    const opened = await trx
      .updateTable('submissions')
      .set({ read_at: clock.now() })
      .where('reference', '=', reference)
      .where('read_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (opened) await appendEvent(trx, clock, opened.id, { actor, type: 'opened' });
    return opened !== undefined || (await idOf(trx, reference)) !== undefined;
  });
}

async function changeRequestStatus(
  { db, clock }: Database,
  reference: string,
  { from, to, actor, message, reason, mail }: Parameters<DeskStore['changeRequestStatus']>[1],
) {
  return db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('submissions')
      .set({ status: to, status_changed_at: clock.now() })
      .where('reference', '=', reference)
      .where('status', '=', from)
      .returning('id')
      .executeTakeFirst();
    if (!moved) return (await idOf(trx, reference)) === undefined ? ('missing' as const) : ('conflict' as const);
    await appendEvent(trx, clock, moved.id, {
      actor,
      type: 'status',
      data: { from, to, ...(message ? { message } : {}), ...(reason ? { reason } : {}) },
    });
    if (mail) await insertQueuedMail(trx, clock, { mail, recipient: 'customer', submissionId: moved.id });
    return 'changed' as const;
  });
}

async function undoCancel(
  { db, dialect, clock }: Database,
  reference: string,
  { actor, withinMs }: Parameters<DeskStore['undoCancel']>[1],
) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('submissions')
      .where('reference', '=', reference)
      .select(['id', 'status'])
      .$if(dialect === 'postgres', (query) => query.forUpdate())
      .executeTakeFirst();
    if (!row) return { outcome: 'missing' as const };
    if (row.status !== 'cancelled') return { outcome: 'not-cancelled' as const };
    // The cancel is the last status event to Cancelled: undone only within its day, by the database's clock.
    const statusEvents = await trx
      .selectFrom('request_events')
      .where('submission_id', '=', row.id)
      .where('type', '=', 'status')
      .orderBy('id', 'desc')
      .select(['id', 'at', 'actor', 'data', sql<boolean | number>`at >= ${clock.after(-withinMs)}`.as('recent')])
      .limit(5)
      .execute();
    const cancel = statusEvents.find((event) => readJson(event.data).to === 'cancelled');
    const from = cancel && readJson(cancel.data).from;
    if (!cancel?.recent || typeof from !== 'string' || from === 'cancelled') return { outcome: 'too-late' as const };
    const to = from as RequestStatus;
    await trx
      .updateTable('submissions')
      .set({ status: to, status_changed_at: clock.now() })
      .where('id', '=', row.id)
      .where('status', '=', 'cancelled')
      .execute();
    await appendEvent(trx, clock, row.id, { actor, type: 'status', data: { from: 'cancelled', to, undo: true } });
    const { told, withdrawn } = await withdrawCancelMail(trx, clock, row.id, cancel, to);
    return { outcome: 'undone' as const, to, told, withdrawn };
  });
}

/**
 * The cancel's mail to the customer, as a cancel is undone in the caller's transaction: withdrawn while
 * it waits; once sent (or being sent now), the customer is told in one mail that it is undone. A
 * customer who cancelled knows of it.
 */
async function withdrawCancelMail(
  trx: Kysely<StorageDatabase>,
  clock: Database['clock'],
  submissionId: number,
  cancel: { at: string | Date; actor: string },
  to: RequestStatus,
) {
  const mails = await trx
    .selectFrom('outbox')
    .where('submission_id', '=', submissionId)
    .where('recipient', '=', 'customer')
    .where('created_at', '>=', readDate(cancel.at).toISOString())
    .select(['id', 'facts'])
    .execute();
  const cancelMails = mails
    .filter((mail) => {
      const facts = mail.facts === null ? null : readJson(mail.facts);
      return facts?.kind === 'status-changed' && facts.status === 'cancelled';
    })
    .map((mail) => mail.id);
  const withdrawn =
    cancelMails.length === 0
      ? 0
      : Number(
          (
            await trx
              .deleteFrom('outbox')
              .where('id', 'in', cancelMails)
              .where('sent_at', 'is', null)
              .where((eb) => eb.or([eb('claim', 'is', null), eb('next_attempt_at', '<=', clock.now())]))
              .executeTakeFirst()
          ).numDeletedRows,
        );
  const told = cancel.actor === 'customer' || withdrawn < cancelMails.length;
  if (told) {
    await insertQueuedMail(trx, clock, {
      mail: { kind: 'cancel-undone', status: to },
      recipient: 'customer',
      submissionId,
    });
  }
  return { told, withdrawn };
}

async function addRequestNote({ db, clock }: Database, reference: string, actor: Actor, text: string) {
  return db.transaction().execute(async (trx) => {
    const id = await idOf(trx, reference);
    if (id === undefined) return false;
    await appendEvent(trx, clock, id, { actor, type: 'note', data: { text } });
    return true;
  });
}

async function sendRequestMessage(
  { db, clock }: Database,
  reference: string,
  actor: Actor,
  text: string,
  mail: Parameters<DeskStore['sendRequestMessage']>[3],
) {
  return db.transaction().execute(async (trx) => {
    const id = await idOf(trx, reference);
    if (id === undefined) return false;
    await appendEvent(trx, clock, id, { actor, type: 'message', data: { text } });
    await insertQueuedMail(trx, clock, { mail, recipient: 'customer', submissionId: id });
    return true;
  });
}

async function changePromisedDate(
  { db, clock }: Database,
  reference: string,
  { promised, actor }: Parameters<DeskStore['changePromisedDate']>[1],
) {
  return db.transaction().execute(async (trx) => {
    const id = await idOf(trx, reference);
    if (id === undefined) return false;
    const was = await writePromisedDate(trx, clock, id, promised, actor);
    // A later change of the date is a message to the customer, in the same transaction.
    await insertQueuedMail(trx, clock, {
      mail: { kind: 'promised-changed', ...promised, ...(was ? { was } : {}) },
      recipient: 'customer',
      submissionId: id,
    });
    return true;
  });
}

async function createStaffSignInLink({ db, clock }: Database, tokenHash: string, email: string, ttlMs: number) {
  await db
    .insertInto('staff_sign_in_links')
    .values({ token_hash: tokenHash, email, created_at: clock.now(), expires_at: clock.after(ttlMs) })
    .execute();
  // Old links are of no use to anyone: swept as new ones are made.
  await db.deleteFrom('staff_sign_in_links').where('expires_at', '<', clock.after(-DAY_MS)).execute();
}

async function findStaffSignInLink({ db, clock }: Database, tokenHash: string) {
  const link = await db
    .selectFrom('staff_sign_in_links')
    .select(['email', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', clock.now())
    .executeTakeFirst();
  return link && { email: link.email, expiresAt: readDate(link.expires_at) };
}

async function consumeStaffSignInLink({ db, clock }: Database, tokenHash: string) {
  return db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('staff_sign_in_links')
      .set({ used_at: clock.now() })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', clock.now())
      .returning('email')
      .executeTakeFirst();
    // The newest sign-in ends the address's other links: one left in a mailbox opens nothing later.
    if (used) await endUnusedLinksOf(trx, used.email);
    return used?.email;
  });
}

async function createStaffSession({ db, clock }: Database, idHash: string, email: string, absoluteMs: number) {
  await db
    .insertInto('staff_sessions')
    .values({
      id_hash: idHash,
      email,
      created_at: clock.now(),
      last_seen_at: clock.now(),
      expires_at: clock.after(absoluteMs),
    })
    .execute();
}

async function touchStaffSession({ db, clock }: Database, idHash: string, idleMs: number) {
  const live = await db
    .selectFrom('staff_sessions')
    .where('id_hash', '=', idHash)
    .where('last_seen_at', '>', clock.after(-idleMs))
    .where('expires_at', '>', clock.now())
    .select(['email', sql<boolean | number>`last_seen_at < ${clock.after(-TOUCH_EVERY_MS)}`.as('stale')])
    .executeTakeFirst();
  if (!live) {
    await db.deleteFrom('staff_sessions').where('id_hash', '=', idHash).execute();
    return undefined;
  }
  // The idle time counts from the last page to the minute: a desk at work writes once a minute, not
  // on every page it reads.
  if (live.stale) {
    await db.updateTable('staff_sessions').set({ last_seen_at: clock.now() }).where('id_hash', '=', idHash).execute();
  }
  return live.email;
}

async function endStaffSession({ db }: Database, idHash: string) {
  await db.deleteFrom('staff_sessions').where('id_hash', '=', idHash).execute();
}

async function endStaffSessionsOf({ db }: Database, email: string) {
  return db.transaction().execute(async (trx) => {
    const ended = await trx.deleteFrom('staff_sessions').where('email', '=', email).executeTakeFirst();
    await endUnusedLinksOf(trx, email);
    return Number(ended.numDeletedRows);
  });
}

async function deleteStaleSignIns({ db, clock }: Database) {
  // A day of margin: nothing here is of use past its end, but a clock a little off must not matter.
  const dayAgo = clock.after(-DAY_MS);
  const links = await db.deleteFrom('staff_sign_in_links').where('expires_at', '<', dayAgo).executeTakeFirst();
  const sessions = await db.deleteFrom('staff_sessions').where('expires_at', '<', dayAgo).executeTakeFirst();
  // Mail about no request is a sign-in link's: a day on, its link has expired, sent or not.
  const mails = await db
    .deleteFrom('outbox')
    .where('submission_id', 'is', null)
    .where('created_at', '<', dayAgo)
    .executeTakeFirst();
  return {
    links: Number(links.numDeletedRows),
    sessions: Number(sessions.numDeletedRows),
    mails: Number(mails.numDeletedRows),
  };
}

/** Every sign-in link of `email` not used yet stops working (deleted: an ended link is an unknown one). */
async function endUnusedLinksOf(db: Kysely<StorageDatabase>, email: string): Promise<void> {
  await db.deleteFrom('staff_sign_in_links').where('email', '=', email).where('used_at', 'is', null).execute();
}

/** The desk's requests, notes and staff sessions; a request's details are read through the submissions' store. */
export function createDeskStore(database: Database, submissions: Pick<SubmissionStore, 'getSubmission'>): DeskStore {
  return {
    listRequests: (filter) => listRequests(database, filter),
    getRequest: (reference) => getRequest(database, submissions, reference),
    getRequestView: (reference) => getRequestView(database, reference),
    getRequestState: (reference) => getRequestState(database, reference),
    getRequestFile: (reference, position) => getRequestFile(database, reference, position),
    markRequestRead: (reference, actor) => markRequestRead(database, reference, actor),
    changeRequestStatus: (reference, change) => changeRequestStatus(database, reference, change),
    undoCancel: (reference, undo) => undoCancel(database, reference, undo),
    addRequestNote: (reference, actor, text) => addRequestNote(database, reference, actor, text),
    sendRequestMessage: (reference, actor, text, mail) => sendRequestMessage(database, reference, actor, text, mail),
    changePromisedDate: (reference, change) => changePromisedDate(database, reference, change),
    createStaffSignInLink: (tokenHash, email, ttlMs) => createStaffSignInLink(database, tokenHash, email, ttlMs),
    findStaffSignInLink: (tokenHash) => findStaffSignInLink(database, tokenHash),
    consumeStaffSignInLink: (tokenHash) => consumeStaffSignInLink(database, tokenHash),
    createStaffSession: (idHash, email, absoluteMs) => createStaffSession(database, idHash, email, absoluteMs),
    touchStaffSession: (idHash, idleMs) => touchStaffSession(database, idHash, idleMs),
    endStaffSession: (idHash) => endStaffSession(database, idHash),
    endStaffSessionsOf: (email) => endStaffSessionsOf(database, email),
    deleteStaleSignIns: () => deleteStaleSignIns(database),
  };
}
