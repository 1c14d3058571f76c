import type { Kysely } from 'kysely';
import type { Actor, RequestEvent } from '#server/storage/activity.ts';
import type { Database } from '#server/storage/database.ts';
import { type DatabaseClock, databaseClock, type SqlDialect } from '#server/storage/database-clock.ts';
import { promisedOf } from '#server/storage/promised-date.ts';
import { insertQueuedMail } from '#server/storage/queued-mail.ts';
import { appendEvent as appendRequestEvent } from '#server/storage/request-events.ts';
import { readDate, readJson, type StorageDatabase } from '#server/storage/schema.ts';
import { markCustomerActivity } from './customer-activity.ts';
import type { CustomerStore } from './customer-store.ts';
import { createDecisionStorage } from './decision-queries.ts';

/**
 * The customer's page's store, in the same Kysely code for both
 * databases. Its writes are the customer's: a message with files, a cancel; and the shop's one write
 * about the page, replacing a leaked link. Each appends to the request's activity log in its transaction.
 */
function createCustomerStorage(db: Kysely<StorageDatabase>, dialect: SqlDialect): CustomerStore {
  const clock: DatabaseClock = databaseClock(dialect);

  const appendEvent = (
    trx: Kysely<StorageDatabase>,
    submissionId: number,
    event: { actor: Actor; type: string; data: Record<string, unknown> },
  ) => appendRequestEvent(trx, clock, submissionId, event);

  /** The request's row, locked on PostgreSQL until the transaction ends: two posts at once number their files in turn. */
  function lockRequest(trx: Kysely<StorageDatabase>, reference: string) {
    return trx
      .selectFrom('submissions')
      .where('reference', '=', reference)
      .select(['id', 'status'])
      .$if(dialect === 'postgres', (query) => query.forUpdate())
      .executeTakeFirst();
  }

  return {
    ...createDecisionStorage(db, dialect, clock),

    async requestLinkOf(reference) {
      const row = await db
        .selectFrom('submissions')
        .where('reference', '=', reference)
        .select(['kind', 'link_version', 'link_salt', 'legacy_link_hash'])
        .executeTakeFirst();
      return (
        row && {
          kind: row.kind,
          linkVersion: row.link_version,
          linkSalt: row.link_salt,
          legacyLinkHash: row.legacy_link_hash,
        }
      );
    },

    async replaceRequestLink(reference, { fromVersion, salt, actor }) {
      return db.transaction().execute(async (trx) => {
        const replaced = await trx
          .updateTable('submissions')
          // The link from before the salts goes too: a replaced link must stop opening, whichever it was.
          .set({ link_version: fromVersion + 1, link_salt: salt, legacy_link_hash: null })
          .where('reference', '=', reference)
          .where('link_version', '=', fromVersion)
          .returning('id')
          .executeTakeFirst();
        if (!replaced) return false;
        await appendEvent(trx, replaced.id, { actor, type: 'link_replaced', data: { version: fromVersion + 1 } });
        return true;
      });
    },

    async getCustomerRequest(reference) {
      const row = await db
        .selectFrom('submissions')
        .where('reference', '=', reference)
        .select([
          'id',
          'reference',
          'kind',
          'status',
          'name',
          'email',
          'created_at',
          'payload',
          'promised_date',
          'promised_handover',
          'fresh_quote_asked_at',
        ])
        .executeTakeFirst();
      if (!row) return undefined;
      const [files, events] = await Promise.all([
        db
          .selectFrom('files')
          .where('submission_id', '=', row.id)
          .orderBy('position')
          .select(['position', 'name', 'media_type', 'size'])
          .execute(),
        db
          .selectFrom('request_events')
          .where('submission_id', '=', row.id)
          .orderBy('id')
          .select(['at', 'actor', 'type', 'data'])
          .execute(),
      ]);
      return {
        reference: row.reference,
        kind: row.kind,
        status: row.status,
        name: row.name,
        email: row.email,
        createdAt: readDate(row.created_at),
        payload: readJson(row.payload),
        ...promisedOf(row),
        ...(row.fresh_quote_asked_at === null ? {} : { freshQuoteAskedAt: readDate(row.fresh_quote_asked_at) }),
        files: files.map((file) => ({
          position: file.position,
          name: file.name,
          mediaType: file.media_type,
          size: file.size,
        })),
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

    async addCustomerMessage(reference, { text, files, mail }) {
      return db.transaction().execute(async (trx) => {
        const request = await lockRequest(trx, reference);
        if (!request) return false;
        const last = await trx
          .selectFrom('files')
          .where('submission_id', '=', request.id)
          .select((eb) => eb.fn.max('position').as('position'))
          .executeTakeFirst();
        const first = last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1;
        if (files.length > 0) {
          await trx
            .insertInto('files')
            .values(
              files.map((file, index) => ({
                submission_id: request.id,
                position: first + index,
                name: file.name,
                media_type: file.mediaType,
                size: file.size,
                data: file.data,
              })),
            )
            .execute();
        }
        await appendEvent(trx, request.id, {
          actor: 'customer',
          type: 'message',
          data: { text, files: files.map((file, index) => ({ position: first + index, name: file.name })) },
        });
        await markCustomerActivity(trx, clock, request.id);
        if (mail) await insertQueuedMail(trx, clock, { mail, recipient: 'staff', submissionId: request.id });
        return true;
      });
    },

    async askFreshQuote(reference, { version, mail }) {
      return db.transaction().execute(async (trx) => {
        const request = await lockRequest(trx, reference);
        if (!request) return 'missing';
        // Once until the shop sends a quote (which clears it): a second press changes nothing and mails no one.
        const asked = await trx
          .updateTable('submissions')
          .set({ fresh_quote_asked_at: clock.now() })
          .where('id', '=', request.id)
          .where('status', '=', 'quoted')
          .where('fresh_quote_asked_at', 'is', null)
          .returning('id')
          .executeTakeFirst();
        if (!asked) return request.status === 'quoted' ? 'already' : 'not-quoted';
        await appendEvent(trx, request.id, { actor: 'customer', type: 'fresh_quote_asked', data: { version } });
        await markCustomerActivity(trx, clock, request.id);
        if (mail) await insertQueuedMail(trx, clock, { mail, recipient: 'staff', submissionId: request.id });
        return 'asked';
      });
    },

    async cancelByCustomer(reference, { from, reason, mail }) {
      return db.transaction().execute(async (trx) => {
        const request = await lockRequest(trx, reference);
        if (!request) return 'missing';
        if (!from.includes(request.status)) return 'too-late';
        // Only from the status just read: a shop's move in between makes this one change nothing.
        const cancelled = await trx
          .updateTable('submissions')
          .set({ status: 'cancelled', status_changed_at: clock.now() })
          .where('id', '=', request.id)
          .where('status', '=', request.status)
          .returning('id')
          .executeTakeFirst();
        if (!cancelled) return 'too-late';
        await appendEvent(trx, request.id, {
          actor: 'customer',
          type: 'status',
          data: { from: request.status, to: 'cancelled', ...(reason ? { reason } : {}) },
        });
        await markCustomerActivity(trx, clock, request.id);
        if (mail) await insertQueuedMail(trx, clock, { mail, recipient: 'staff', submissionId: request.id });
        return 'cancelled';
      });
    },
  };
}

/** The customer's private page: its link, what the customer sees, and the decisions taken there. */
export function createCustomerStore(database: Database): CustomerStore {
  return {
    ...createCustomerStorage(database.db, database.dialect),
    ...createDecisionStorage(database.db, database.dialect, database.clock),
  };
}
