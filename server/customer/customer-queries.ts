import type { Database } from '#server/storage/database.ts';
import { promisedOf } from '#server/storage/promised-date.ts';
import { insertQueuedMail } from '#server/storage/queued-mail.ts';
import { appendEvent, requestEventsOf } from '#server/storage/request-events.ts';
import { fileInfosOf, lockedRequest, requestColumns, requestOfRow } from '#server/storage/request-rows.ts';
import { markCustomerActivity } from './customer-activity.ts';
import type { CustomerRequest, CustomerStore } from './customer-store.ts';
import { type ApprovalSteps, approvalsOf, decideVersion } from './decision-queries.ts';

// The customer's page's store, in the same Kysely code for both databases: one function per operation,
// each taking the open database first; createCustomerStore at the end maps the contract onto them. Its
// writes are the customer's: a message with files, a cancel; and the shop's one write about the page,
// replacing a leaked link. Each appends to the request's activity log in its transaction.

async function requestLinkOf({ db }: Database, reference: string) {
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
}

async function replaceRequestLink(
  { db, clock }: Database,
  reference: string,
  { fromVersion, salt, actor }: Parameters<CustomerStore['replaceRequestLink']>[1],
) {
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
    await appendEvent(trx, clock, replaced.id, { actor, type: 'link_replaced', data: { version: fromVersion + 1 } });
    return true;
  });
}

async function getCustomerRequest({ db }: Database, reference: string): Promise<CustomerRequest | undefined> {
  const row = await db
    .selectFrom('submissions')
    .where('reference', '=', reference)
    .select(['id', ...requestColumns, 'promised_date', 'promised_handover'])
    .executeTakeFirst();
  if (!row) return undefined;
  const [files, events] = await Promise.all([fileInfosOf(db, row.id), requestEventsOf(db, row.id)]);
  return { ...requestOfRow(row), ...promisedOf(row), files, events };
}

async function addCustomerMessage(
  { db, dialect, clock }: Database,
  reference: string,
  { text, files, mail }: Parameters<CustomerStore['addCustomerMessage']>[1],
) {
  return db.transaction().execute(async (trx) => {
    const request = await lockedRequest(trx, dialect, reference);
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
    await appendEvent(trx, clock, request.id, {
      actor: 'customer',
      type: 'message',
      data: { text, files: files.map((file, index) => ({ position: first + index, name: file.name })) },
    });
    await markCustomerActivity(trx, clock, request.id);
    if (mail) await insertQueuedMail(trx, clock, { mail, recipient: 'staff', submissionId: request.id });
    return true;
  });
}

async function askFreshQuote(
  { db, dialect, clock }: Database,
  reference: string,
  { version, mail }: Parameters<CustomerStore['askFreshQuote']>[1],
) {
  return db.transaction().execute(async (trx) => {
    const request = await lockedRequest(trx, dialect, reference);
    if (!request) return 'missing' as const;
    // Once until the shop sends a quote (which clears it): a second press changes nothing and mails no one.
    const asked = await trx
      .updateTable('submissions')
      .set({ fresh_quote_asked_at: clock.now() })
      .where('id', '=', request.id)
      .where('status', '=', 'quoted')
      .where('fresh_quote_asked_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!asked) return request.status === 'quoted' ? ('already' as const) : ('not-quoted' as const);
    await appendEvent(trx, clock, request.id, { actor: 'customer', type: 'fresh_quote_asked', data: { version } });
    await markCustomerActivity(trx, clock, request.id);
    if (mail) await insertQueuedMail(trx, clock, { mail, recipient: 'staff', submissionId: request.id });
    return 'asked' as const;
  });
}

async function cancelByCustomer(
  { db, dialect, clock }: Database,
  reference: string,
  { from, reason, mail }: Parameters<CustomerStore['cancelByCustomer']>[1],
) {
  return db.transaction().execute(async (trx) => {
    const request = await lockedRequest(trx, dialect, reference);
    if (!request) return 'missing' as const;
    if (!from.includes(request.status)) return 'too-late' as const;
    // Only from the status just read: a shop's move in between makes this one change nothing.
    const cancelled = await trx
      .updateTable('submissions')
      .set({ status: 'cancelled', status_changed_at: clock.now() })
      .where('id', '=', request.id)
      .where('status', '=', request.status)
      .returning('id')
      .executeTakeFirst();
    if (!cancelled) return 'too-late' as const;
    await appendEvent(trx, clock, request.id, {
      actor: 'customer',
      type: 'status',
      data: { from: request.status, to: 'cancelled', ...(reason ? { reason } : {}) },
    });
    await markCustomerActivity(trx, clock, request.id);
    if (mail) await insertQueuedMail(trx, clock, { mail, recipient: 'staff', submissionId: request.id });
    return 'cancelled' as const;
  });
}

/** The customer's private page: its link, what the customer sees, and the decisions taken there. */
/** The customer's page's store; an approval runs the groups' and production's steps (ApprovalSteps). */
export function createCustomerStore(database: Database, steps: ApprovalSteps): CustomerStore {
  return {
    requestLinkOf: (reference) => requestLinkOf(database, reference),
    replaceRequestLink: (reference, change) => replaceRequestLink(database, reference, change),
    getCustomerRequest: (reference) => getCustomerRequest(database, reference),
    addCustomerMessage: (reference, message) => addCustomerMessage(database, reference, message),
    decideVersion: (reference, decision, judge) => decideVersion(database, steps, reference, decision, judge),
    approvalsOf: (reference) => approvalsOf(database, reference),
    cancelByCustomer: (reference, cancel) => cancelByCustomer(database, reference, cancel),
    askFreshQuote: (reference, ask) => askFreshQuote(database, reference, ask),
  };
}
