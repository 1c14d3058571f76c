import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Actor, RequestEvent } from '#server/storage/activity.ts';
import type { Database } from '#server/storage/database.ts';
import { type DatabaseClock, databaseClock, type SqlDialect } from '#server/storage/database-clock.ts';
import { promisedOf, writePromisedDate } from '#server/storage/promised-date.ts';
import { insertQueuedMail } from '#server/storage/queued-mail.ts';
import { appendEvent as appendRequestEvent } from '#server/storage/request-events.ts';
import { readDate, readJson, type StorageDatabase } from '#server/storage/schema.ts';
import type { Submission, SubmissionStore } from '#server/submissions/submission-store.ts';
import type { RequestStatus } from '#shared/requests/request-status.ts';
import type { DeskStore, RequestFilter } from './desk-store.ts';
import { inboxMatching, inboxRecentMatching, searchMatchesUpTo } from './inbox-query.ts';

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

/**
 * The desk's half of the storage contract, in the same Kysely code for both databases; `getSubmission`
 * is the main storage's, so a request reads exactly as the mails and the CLI read it.
 */
function createDeskStorage(
  db: Kysely<StorageDatabase>,
  dialect: SqlDialect,
  getSubmission: (reference: string) => Promise<Submission | undefined>,
): DeskStore {
  const clock: DatabaseClock = databaseClock(dialect);
  const matching = (filter: Pick<RequestFilter, 'kind' | 'search'>, how?: { walk?: boolean }) =>
    inboxMatching(db, dialect, filter, how);

  async function idOf(reference: string, trx: Kysely<StorageDatabase> = db): Promise<number | undefined> {
    const row = await trx.selectFrom('submissions').where('reference', '=', reference).select('id').executeTakeFirst();
    return row?.id;
  }

  const appendEvent = (
    trx: Kysely<StorageDatabase>,
    submissionId: number,
    event: { actor: Actor; type: string; data?: Record<string, unknown> },
  ) => appendRequestEvent(trx, clock, submissionId, event);

  return {
    async listRequests(filter) {
      const search = filter.search?.trim() ? filter.search : undefined;
      const countUpTo = filter.countUpTo ?? SEARCH_COUNT_LIMIT;
      const offset = (filter.page - 1) * filter.pageSize;
      const columns = [
        'reference',
        'kind',
        'status',
        'name',
        'email',
        'created_at',
        'read_at',
        'payload',
        'fresh_quote_asked_at',
      ] as const;
      const inOrder = <Q extends SelectQueryBuilder<StorageDatabase, 'submissions', object>>(query: Q) =>
        query.orderBy('submissions.activity_at', 'desc').orderBy('submissions.id', 'desc') as Q;
      // A page of the filter's requests read in the inbox's order: its ids first, then their columns
      // (sorting whole rows costs more), one more than the page to tell whether another follows.
      const paged = (walk: boolean) =>
        inOrder(
          db
            .selectFrom('submissions')
            .where(
              'submissions.id',
              'in',
              inOrder(
                matching(filter, { walk }).$if(filter.status !== undefined, (query) =>
                  query.where('submissions.status', '=', filter.status as RequestStatus),
                ),
              )
                .select('submissions.id')
                .limit(filter.pageSize + 1)
                .offset(offset),
            )
            .select(columns),
        ).execute();

      // The page out of the newest requests, when it fills there (see RECENT_WINDOW_PER_ROW).
      const recentPage = async () => {
        const wanted = offset + filter.pageSize + 1;
        const recent = inboxRecentMatching(db, filter, Math.min(RECENT_WINDOW_MAX, wanted * RECENT_WINDOW_PER_ROW))
          .select('recent.id')
          .limit(filter.pageSize + 1)
          .offset(offset);
        const found = await inOrder(
          db.selectFrom('submissions').where('submissions.id', 'in', recent).select(columns),
        ).execute();
        return found.length === filter.pageSize + 1 ? found : undefined;
      };

      let rows: Awaited<ReturnType<typeof paged>>;
      let tally: { status: RequestStatus; total: number | string | bigint; unread: number | string | bigint | null }[];
      let total: number | undefined;
      let uncounted = false;
      if (search) {
        // A search reads its matches once, up to countUpTo: counted by status and put in order here (past
        // the count as soon as a company's requests number more, off their own index).
        const { found, past } = await searchMatchesUpTo(db, dialect, filter, countUpTo + 1);
        uncounted = past || found.length > countUpTo;
        if (uncounted) {
          // Past the count: the page is read in the inbox's order (SQLite walks its index).
          tally = [];
          rows = (await recentPage()) ?? (await paged(dialect === 'sqlite'));
        } else {
          tally = found.map((row) => ({ status: row.status, total: 1, unread: row.read_at === null ? 1 : 0 }));
          const at = (row: (typeof found)[number]) =>
            row.activity_at === null ? Number.NEGATIVE_INFINITY : readDate(row.activity_at as string).getTime();
          const listed = found
            .filter((row) => filter.status === undefined || row.status === filter.status)
            .sort((a, b) => at(b) - at(a) || b.id - a.id);
          total = listed.length;
          const ids = listed.slice(offset, offset + filter.pageSize).map((row) => row.id);
          rows =
            ids.length === 0
              ? []
              : await inOrder(
                  db.selectFrom('submissions').where('submissions.id', 'in', ids).select(columns),
                ).execute();
        }
      } else {
        // Without a search, the counts the triggers keep (migration 0019): no request is counted here.
        [tally, rows] = await Promise.all([
          db
            .selectFrom('request_counts')
            .$if(filter.kind !== undefined, (query) => query.where('kind', '=', filter.kind as 'quote'))
            .select(['status', 'total', 'unread'])
            .execute(),
          paged(false),
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
          reference: row.reference,
          kind: row.kind,
          status: row.status,
          name: row.name,
          email: row.email,
          createdAt: readDate(row.created_at),
          readAt: row.read_at === null ? null : readDate(row.read_at),
          payload: readJson(row.payload),
          ...(row.fresh_quote_asked_at === null ? {} : { freshQuoteAskedAt: readDate(row.fresh_quote_asked_at) }),
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
    },

    async getRequest(reference) {
      const submission = await getSubmission(reference);
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
      const events = await db
        .selectFrom('request_events')
        .where('submission_id', '=', row.id)
        .orderBy('id')
        .select(['at', 'actor', 'type', 'data'])
        .execute();
      return {
        ...submission,
        status: row.status,
        statusChangedAt: row.status_changed_at === null ? null : readDate(row.status_changed_at),
        readAt: row.read_at === null ? null : readDate(row.read_at),
        ...promisedOf(row),
        ...(row.fresh_quote_asked_at === null ? {} : { freshQuoteAskedAt: readDate(row.fresh_quote_asked_at) }),
        events: events.map(
          (event): RequestEvent => ({
            at: readDate(event.at),
            actor: event.actor as Actor,
            type: event.type,
            data: readJson(event.data),
          }),
        ),
      };
    },

    async getRequestState(reference) {
      const row = await db
        .selectFrom('submissions')
        .where('reference', '=', reference)
        .select(['kind', 'status', 'name', 'email', 'promised_date', 'promised_handover'])
        .executeTakeFirst();
      return row && { kind: row.kind, status: row.status, name: row.name, email: row.email, ...promisedOf(row) };
    },

    async getRequestFile(reference, position) {
      const row = await db
        .selectFrom('files')
        .innerJoin('submissions', 'submissions.id', 'files.submission_id')
        .where('submissions.reference', '=', reference)
        .where('files.position', '=', position)
        .select(['files.name', 'files.media_type', 'files.size', 'files.data'])
        .executeTakeFirst();
      return row && { name: row.name, mediaType: row.media_type, size: row.size, data: row.data };
    },

    async markRequestRead(reference, actor) {
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
        if (opened) await appendEvent(trx, opened.id, { actor, type: 'opened' });
        return opened !== undefined || (await idOf(reference, trx)) !== undefined;
      });
    },

    async changeRequestStatus(reference, { from, to, actor, message, reason, mail }) {
      return db.transaction().execute(async (trx) => {
        const moved = await trx
          .updateTable('submissions')
          .set({ status: to, status_changed_at: clock.now() })
          .where('reference', '=', reference)
          .where('status', '=', from)
          .returning('id')
          .executeTakeFirst();
        if (!moved) return (await idOf(reference, trx)) === undefined ? 'missing' : 'conflict';
        await appendEvent(trx, moved.id, {
          actor,
          type: 'status',
          data: { from, to, ...(message ? { message } : {}), ...(reason ? { reason } : {}) },
        });
        if (mail) await insertQueuedMail(trx, clock, { mail, recipient: 'customer', submissionId: moved.id });
        return 'changed';
      });
    },

    async undoCancel(reference, { actor, withinMs }) {
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
        if (!cancel?.recent || typeof from !== 'string' || from === 'cancelled')
          return { outcome: 'too-late' as const };
        const to = from as RequestStatus;
        await trx
          .updateTable('submissions')
          .set({ status: to, status_changed_at: clock.now() })
          .where('id', '=', row.id)
          .where('status', '=', 'cancelled')
          .execute();
        await appendEvent(trx, row.id, { actor, type: 'status', data: { from: 'cancelled', to, undo: true } });
        // The cancel's mail to the customer: withdrawn while it waits; once sent (or being sent now),
        // the customer is told in one mail that it is undone. A customer who cancelled knows of it.
        const mails = await trx
          .selectFrom('outbox')
          .where('submission_id', '=', row.id)
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
            submissionId: row.id,
          });
        }
        return { outcome: 'undone' as const, to, told, withdrawn };
      });
    },

    async addRequestNote(reference, actor, text) {
      return db.transaction().execute(async (trx) => {
        const id = await idOf(reference, trx);
        if (id === undefined) return false;
        await appendEvent(trx, id, { actor, type: 'note', data: { text } });
        return true;
      });
    },

    async sendRequestMessage(reference, actor, text, mail) {
      return db.transaction().execute(async (trx) => {
        const id = await idOf(reference, trx);
        if (id === undefined) return false;
        await appendEvent(trx, id, { actor, type: 'message', data: { text } });
        await insertQueuedMail(trx, clock, { mail, recipient: 'customer', submissionId: id });
        return true;
      });
    },

    async changePromisedDate(reference, { promised, actor }) {
      return db.transaction().execute(async (trx) => {
        const id = await idOf(reference, trx);
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
    },

    async createStaffSignInLink(tokenHash, email, ttlMs) {
      await db
        .insertInto('staff_sign_in_links')
        .values({ token_hash: tokenHash, email, created_at: clock.now(), expires_at: clock.after(ttlMs) })
        .execute();
      // Old links are of no use to anyone: swept as new ones are made.
      await db
        .deleteFrom('staff_sign_in_links')
        .where('expires_at', '<', clock.after(-24 * 60 * 60 * 1000))
        .execute();
    },

    async findStaffSignInLink(tokenHash) {
      const link = await db
        .selectFrom('staff_sign_in_links')
        .select(['email', 'expires_at'])
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', clock.now())
        .executeTakeFirst();
      return link && { email: link.email, expiresAt: readDate(link.expires_at) };
    },

    async consumeStaffSignInLink(tokenHash) {
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
    },

    async createStaffSession(idHash, email, absoluteMs) {
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
    },

    async touchStaffSession(idHash, idleMs) {
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
        await db
          .updateTable('staff_sessions')
          .set({ last_seen_at: clock.now() })
          .where('id_hash', '=', idHash)
          .execute();
      }
      return live.email;
    },

    async endStaffSession(idHash) {
      await db.deleteFrom('staff_sessions').where('id_hash', '=', idHash).execute();
    },

    async endStaffSessionsOf(email) {
      return db.transaction().execute(async (trx) => {
        const ended = await trx.deleteFrom('staff_sessions').where('email', '=', email).executeTakeFirst();
        await endUnusedLinksOf(trx, email);
        return Number(ended.numDeletedRows);
      });
    },

    async deleteStaleSignIns() {
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
    },
  };
}

/** Every sign-in link of `email` not used yet stops working (deleted: an ended link is an unknown one). */
async function endUnusedLinksOf(db: Kysely<StorageDatabase>, email: string): Promise<void> {
  await db.deleteFrom('staff_sign_in_links').where('email', '=', email).where('used_at', 'is', null).execute();
}

/** The desk's requests, notes and staff sessions; a request's details are read through the submissions' store. */
export function createDeskStore(database: Database, submissions: Pick<SubmissionStore, 'getSubmission'>): DeskStore {
  return createDeskStorage(database.db, database.dialect, (reference) => submissions.getSubmission(reference));
}
