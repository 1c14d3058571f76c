import type { Kysely, Selectable } from 'kysely';
import type { Actor } from '#server/storage/activity.ts';
import type { Database } from '#server/storage/database.ts';
import type { DatabaseClock, SqlDialect } from '#server/storage/database-clock.ts';
import { insertQueuedMail } from '#server/storage/queued-mail.ts';
import { appendEvent } from '#server/storage/request-events.ts';
import { readDate, readJson, type StorageDatabase } from '#server/storage/schema.ts';
import { countsTowardOrder, rosterLine, sizeFieldsOf, sizeOrder, sizeTotals } from '#shared/groups/group-sizes.ts';
import { sizesLine } from '#shared/submissions/sizes-line.ts';
import type {
  ClosedRoster,
  EntryOutcome,
  GroupApprovalStep,
  GroupEntryInput,
  GroupSettings,
  GroupStore,
  NewEntry,
  Reprice,
  StoredGroup,
  StoredGroupEntry,
} from './group-store.ts';

type Db = Kysely<StorageDatabase>;
type GroupRow = Selectable<StorageDatabase['groups']> & { reference: string; status: string };
type EntryRow = Selectable<StorageDatabase['group_entries']>;

/** A request's stored form values as text, which is all the quote form ever stores. */
const stringValues = (values: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(Object.entries(values).filter((pair): pair is [string, string] => typeof pair[1] === 'string'));

const optionalDate = (value: string | Date | null) => (value === null ? null : readDate(value));
/** The same person, however they typed their name's case and spaces or their address's case. */
const personKey = (entry: { name: string; email: string }) =>
  `${entry.name.trim().replace(/\s+/g, ' ').toLowerCase()}\n${entry.email.trim().toLowerCase()}`;

function groupOfRow(row: GroupRow): StoredGroup {
  return {
    id: row.id,
    reference: row.reference,
    title: row.title,
    deadline: readDate(row.deadline),
    asksNames: row.asks_names === 1,
    asksNumbers: row.asks_numbers === 1,
    note: row.note,
    payer: row.payer,
    priceCents: row.price_cents === null ? null : Number(row.price_cents),
    allowRepeat: row.allow_repeat === 1,
    shareSalt: row.share_salt,
    state: row.state,
    closedAt: optionalDate(row.closed_at),
    closedBy: row.closed_by,
    organiserSeenAt: optionalDate(row.organiser_seen_at),
    createdAt: readDate(row.created_at),
  };
}

function entryOfRow(row: EntryRow): StoredGroupEntry {
  return {
    id: row.id,
    groupId: row.group_id,
    name: row.name,
    email: row.email,
    size: row.size,
    quantity: Number(row.quantity),
    backName: row.back_name,
    backNumber: row.back_number,
    editSalt: row.edit_salt,
    addedBy: row.added_by,
    visitor: row.visitor,
    payment: row.payment,
    createdAt: readDate(row.created_at),
    changedAt: readDate(row.changed_at),
    removedAt: optionalDate(row.removed_at),
  };
}

const entryValues = (input: GroupEntryInput) => ({
  name: input.name,
  email: input.email,
  size: input.size,
  quantity: input.quantity,
  back_name: input.backName,
  back_number: input.backNumber,
});

/** Request statuses in which a group collects entries: before the quote is approved. */
const OPEN_STATUSES = new Set(['new', 'quoted']);

/**
 * Closes a group whose row is locked by the caller's transaction. With 'roster' the request's sizes,
 * quantity and per-piece list become the entries that count (paid, or nobody pays here); with 'keep'
 * the request keeps what it holds and the group only stops taking entries. An activity line says which.
 */
async function closeLockedGroup(
  trx: Db,
  clock: DatabaseClock,
  group: Pick<GroupRow, 'id' | 'submission_id'>,
  actor: Actor,
  write: 'roster' | 'keep',
  reprice?: Reprice,
): Promise<ClosedRoster> {
  const entries = (
    await trx
      .selectFrom('group_entries')
      .where('group_id', '=', group.id)
      .where('removed_at', 'is', null)
      .orderBy('id')
      .selectAll()
      .execute()
  ).map(entryOfRow);
  const counted = entries.filter(countsTowardOrder);
  const sizes = sizeTotals(sizeOrder.slice(0, -1), counted);
  const quantity = counted.reduce((sum, entry) => sum + entry.quantity, 0);
  // One line per piece, in size order then as they joined: what the press and the packer read.
  const roster = [...counted]
    .sort((a, b) => sizeOrder.indexOf(a.size) - sizeOrder.indexOf(b.size))
    .flatMap((entry) => Array.from({ length: entry.quantity }, () => rosterLine(entry)));
  if (write === 'roster') {
    const request = await trx
      .selectFrom('submissions')
      .where('id', '=', group.submission_id)
      .select(['payload', 'form_values', 'created_at'])
      .executeTakeFirstOrThrow();
    const payload = readJson(request.payload);
    const stored = request.form_values === null ? null : readJson(request.form_values);
    const values = stored && { ...stringValues(stored), ...sizeFieldsOf(sizes) };
    // The estimate follows the roster, as the quote form would price these sizes: the desk quotes from it.
    const websiteEstimate = values && reprice ? reprice(values, quantity, readDate(request.created_at)) : undefined;
    await trx
      .updateTable('submissions')
      .set({
        payload: JSON.stringify({
          ...payload,
          sizes: sizesLine(sizeOrder, sizes),
          quantity,
          roster,
          ...(websiteEstimate ? { websiteEstimate } : {}),
        }),
        ...(stored ? { form_values: JSON.stringify({ ...stored, ...sizeFieldsOf(sizes) }) } : {}),
      })
      .where('id', '=', group.submission_id)
      .execute();
  }
  await trx
    .updateTable('groups')
    .set({ state: 'closed', closed_at: clock.now(), closed_by: actor })
    .where('id', '=', group.id)
    .execute();
  await appendEvent(trx, clock, group.submission_id, {
    actor,
    type: 'group_closed',
    data: {
      group: group.id,
      entries: counted.length,
      quantity,
      sizes,
      waiting: entries.length - counted.length,
      ...(write === 'keep' ? { kept: true } : {}),
    },
  });
  return { sizes, quantity, roster };
}

/**
 * At the quote's approval, in the approval's transaction: the request's open group is closed, so no
 * join or change can reach an order the customer has consented to (a later change is a new quote
 * version). Its counted roster becomes the request's sizes as at any close; with nobody counted the
 * request keeps the sizes it was quoted on.
 */
async function closeGroupAtApproval(
  trx: Db,
  dialect: SqlDialect,
  clock: DatabaseClock,
  submissionId: number,
  actor: Actor,
): Promise<void> {
  const group = await trx
    .selectFrom('groups')
    .where('submission_id', '=', submissionId)
    .where('state', '=', 'open')
    .select(['id', 'submission_id'])
    .$if(dialect === 'postgres', (query) => query.forUpdate())
    .executeTakeFirst();
  if (!group) return;
  const counted = await trx
    .selectFrom('group_entries')
    .where('group_id', '=', group.id)
    .where('removed_at', 'is', null)
    .where('payment', '!=', 'pending')
    .select('id')
    .executeTakeFirst();
  await closeLockedGroup(trx, clock, group, actor, counted ? 'roster' : 'keep');
}

/** The group's row with its request's reference and status, which decide what the group takes. */
const groupQuery = (trx: Db) =>
  trx
    .selectFrom('groups')
    .innerJoin('submissions', 'submissions.id', 'groups.submission_id')
    .selectAll('groups')
    .select(['submissions.reference', 'submissions.status']);

/**
 * The group's row read under lock (PostgreSQL) or the database's single writer (SQLite): every change
 * that a limit or the group's state decides is made in one transaction after this read, so two members
 * joining at once cannot both pass a cap, and nothing joins a group being closed.
 */
async function lockedGroup(trx: Db, dialect: SqlDialect, groupId: number) {
  const row = await groupQuery(trx)
    .where('groups.id', '=', groupId)
    .$if(dialect === 'postgres', (query) => query.forUpdate(['groups']))
    .executeTakeFirst();
  return row && { row, group: groupOfRow(row) };
}

/** Why an open-looking group takes nothing from `by` now, or undefined when it takes it. */
function refusalOf({ row, group }: { row: GroupRow; group: StoredGroup }, by: 'member' | Actor, now: () => Date) {
  if (group.state === 'closed') return 'closed' as const;
  if (group.state === 'cancelled') return 'cancelled' as const;
  // Once the quote is approved the roster is the order: a group left open from before approvals
  // closed it takes nothing more from the members or the organiser (a change to the order is a new
  // quote version). The shop may still take an entry off, and refund it, as on any open group.
  if ((by === 'member' || by === 'customer') && !OPEN_STATUSES.has(row.status))
    return row.status === 'cancelled' ? ('cancelled' as const) : ('closed' as const);
  // The organiser and the shop may still tidy the roster after the deadline, until it is closed.
  if (by === 'member' && group.deadline.getTime() <= now().getTime()) return 'past-deadline' as const;
  return undefined;
}

const liveEntries = (trx: Db, groupId: number) =>
  trx.selectFrom('group_entries').where('group_id', '=', groupId).where('removed_at', 'is', null).selectAll();

function logEntry(
  trx: Db,
  clock: DatabaseClock,
  group: GroupRow,
  actor: 'member' | Actor,
  type: string,
  entry: StoredGroupEntry,
) {
  return appendEvent(trx, clock, group.submission_id, {
    actor: actor === 'member' ? 'customer' : actor,
    type,
    data: { group: group.id, entry: entry.id, name: entry.name, size: entry.size, quantity: entry.quantity },
  });
}

/**
 * Starts the request's group with its first share link salt, logged and the link mailed to the
 * organiser in one transaction. 'exists' when the request has one already; undefined when the
 * request is gone or is not a quote request.
 */
function startGroup(
  { db, dialect, clock }: Database,
  reference: string,
  settings: GroupSettings,
  shareSalt: string,
): Promise<StoredGroup | 'exists' | undefined> {
  return db.transaction().execute(async (trx) => {
    const request = await trx
      .selectFrom('submissions')
      .where('reference', '=', reference)
      .select(['id', 'kind'])
      .$if(dialect === 'postgres', (query) => query.forUpdate())
      .executeTakeFirst();
    if (request?.kind !== 'quote') return undefined;
    const existing = await trx
      .selectFrom('groups')
      .where('submission_id', '=', request.id)
      .select('id')
      .executeTakeFirst();
    if (existing) return 'exists' as const;
    const inserted = await trx
      .insertInto('groups')
      .values({
        submission_id: request.id,
        title: settings.title,
        deadline: settings.deadline.toISOString(),
        asks_names: settings.asksNames ? 1 : 0,
        asks_numbers: settings.asksNumbers ? 1 : 0,
        note: settings.note,
        payer: settings.payer,
        price_cents: settings.priceCents,
        allow_repeat: settings.allowRepeat ? 1 : 0,
        share_salt: shareSalt,
        state: 'open',
        created_at: clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await appendEvent(trx, clock, request.id, {
      actor: 'customer',
      type: 'group_started',
      data: { group: inserted.id, title: settings.title, deadline: settings.deadline.toISOString() },
    });
    await insertQueuedMail(trx, clock, {
      mail: { kind: 'group', about: 'share-link' },
      recipient: 'customer',
      submissionId: request.id,
    });
    const row = await groupQuery(trx).where('groups.id', '=', inserted.id).executeTakeFirstOrThrow();
    return groupOfRow(row);
  });
}

/** The request's group, if it has one. */
async function groupOf({ db }: Database, reference: string): Promise<StoredGroup | undefined> {
  const row = await groupQuery(db).where('submissions.reference', '=', reference).executeTakeFirst();
  return row && groupOfRow(row);
}

/** A group by its id (the share link's first part). */
async function groupById({ db }: Database, id: number): Promise<StoredGroup | undefined> {
  const row = await groupQuery(db).where('groups.id', '=', id).executeTakeFirst();
  return row && groupOfRow(row);
}

/** Every entry of the group, oldest first, removed ones included (with removedAt). */
async function entriesOf({ db }: Database, groupId: number): Promise<StoredGroupEntry[]> {
  const rows = await db.selectFrom('group_entries').where('group_id', '=', groupId).selectAll().orderBy('id').execute();
  return rows.map(entryOfRow);
}

/** One entry with its group. */
async function entryById({ db }: Database, entryId: number) {
  const row = await db.selectFrom('group_entries').where('id', '=', entryId).selectAll().executeTakeFirst();
  if (!row) return undefined;
  const group = await groupQuery(db).where('groups.id', '=', row.group_id).executeTakeFirst();
  return group && { entry: entryOfRow(row), group: groupOfRow(group) };
}

/**
 * Adds an entry if the group takes it now (open, before the deadline for a member, within the caps,
 * not a second entry for the same name and e-mail unless allowed), checked in the entry's transaction.
 */
function addEntry({ db, dialect, clock, now }: Database, groupId: number, entry: NewEntry): Promise<EntryOutcome> {
  return db.transaction().execute(async (trx): Promise<EntryOutcome> => {
    const locked = await lockedGroup(trx, dialect, groupId);
    if (!locked) return { ok: false, reason: 'gone' };
    const refusal = refusalOf(locked, entry.addedBy, now);
    if (refusal) return { ok: false, reason: refusal };
    const live = (await liveEntries(trx, groupId).execute()).map(entryOfRow);
    if (live.length >= entry.limits.perGroup) return { ok: false, reason: 'group-full' };
    if (entry.visitor && live.filter((item) => item.visitor === entry.visitor).length >= entry.limits.perVisitor)
      return { ok: false, reason: 'visitor-full' };
    if (!locked.group.allowRepeat && live.some((item) => personKey(item) === personKey(entry.input)))
      return { ok: false, reason: 'duplicate' };
    const row = await trx
      .insertInto('group_entries')
      .values({
        group_id: groupId,
        ...entryValues(entry.input),
        edit_salt: entry.editSalt,
        added_by: entry.addedBy,
        visitor: entry.visitor,
        payment: entry.payment,
        created_at: clock.now(),
        changed_at: clock.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const stored = entryOfRow(row);
    await logEntry(trx, clock, locked.row, entry.addedBy, 'group_joined', stored);
    // Nothing is mailed here: anyone with the share link may type any address, so a mail at joining
    // would let them make the shop write to whoever they like. A member's receipt goes only once
    // they paid their share by card (the webhook queues it); otherwise their entry's page is their link.
    return { ok: true, entry: stored };
  });
}

/**
 * An entry still in its group, with the group locked, when `by` may change it now; otherwise why not
 * (gone, or what the group's state refuses): the first step of every change to an entry.
 */
async function openEntry(trx: Db, dialect: SqlDialect, entryId: number, by: 'member' | Actor, now: () => Date) {
  const row = await trx.selectFrom('group_entries').where('id', '=', entryId).selectAll().executeTakeFirst();
  if (!row || row.removed_at !== null) return { ok: false as const, reason: 'gone' as const };
  const locked = await lockedGroup(trx, dialect, row.group_id);
  if (!locked) return { ok: false as const, reason: 'gone' as const };
  const refusal = refusalOf(locked, by, now);
  if (refusal) return { ok: false as const, reason: refusal };
  return { ok: true as const, row, locked };
}

/** Changes an entry while the group is open (and, for a member, before the deadline). */
function changeEntry(
  { db, dialect, clock, now }: Database,
  entryId: number,
  input: GroupEntryInput,
  by: 'member' | Actor,
): Promise<EntryOutcome> {
  return db.transaction().execute(async (trx): Promise<EntryOutcome> => {
    const found = await openEntry(trx, dialect, entryId, by, now);
    if (!found.ok) return found;
    const { row, locked } = found;
    if (by === 'member' && row.payment === 'paid' && input.quantity !== row.quantity)
      return { ok: false, reason: 'paid-quantity' };
    // A Checkout page still open asks for the old count's and size's amount: they may change only
    // once it is closed (the member's page expires it with Stripe first), so an old amount is never
    // paid for a new count or a size priced differently.
    if (row.payment === 'pending' && (input.quantity !== row.quantity || input.size !== row.size)) {
      const open = await trx
        .selectFrom('checkout_sessions')
        .where('group_entry_id', '=', entryId)
        .where('status', '=', 'open')
        .select('id')
        .executeTakeFirst();
      if (open) return { ok: false, reason: 'payment-open' };
    }
    if (!locked.group.allowRepeat) {
      const others = (await liveEntries(trx, row.group_id).where('id', '!=', entryId).execute()).map(entryOfRow);
      if (others.some((item) => personKey(item) === personKey(input))) return { ok: false, reason: 'duplicate' };
    }
    const changed = await trx
      .updateTable('group_entries')
      .set({ ...entryValues(input), changed_at: clock.now() })
      .where('id', '=', entryId)
      .returningAll()
      .executeTakeFirstOrThrow();
    const stored = entryOfRow(changed);
    await logEntry(trx, clock, locked.row, by, 'group_entry_changed', stored);
    return { ok: true, entry: stored };
  });
}

/**
 * Removes an entry (its row stays, marked); refused once the group is closed, and to the member and
 * the organiser when the entry is paid by card (the desk removes it and refunds the card).
 */
function removeEntry(
  { db, dialect, clock, now }: Database,
  entryId: number,
  by: 'member' | Actor,
): Promise<EntryOutcome> {
  return db.transaction().execute(async (trx): Promise<EntryOutcome> => {
    const found = await openEntry(trx, dialect, entryId, by, now);
    if (!found.ok) return found;
    const { row, locked } = found;
    if ((by === 'member' || by === 'customer') && row.payment === 'paid') return { ok: false, reason: 'paid-entry' };
    const removed = await trx
      .updateTable('group_entries')
      .set({ removed_at: clock.now(), changed_at: clock.now() })
      .where('id', '=', entryId)
      .returningAll()
      .executeTakeFirstOrThrow();
    const stored = entryOfRow(removed);
    await logEntry(trx, clock, locked.row, by, 'group_entry_removed', stored);
    return { ok: true, entry: stored };
  });
}

/** Moves the deadline of an open group; false when it is not open. */
function extendDeadline({ db, dialect, clock }: Database, groupId: number, deadline: Date, actor: Actor) {
  return db.transaction().execute(async (trx) => {
    const locked = await lockedGroup(trx, dialect, groupId);
    if (locked?.group.state !== 'open') return false;
    await trx.updateTable('groups').set({ deadline: deadline.toISOString() }).where('id', '=', groupId).execute();
    await appendEvent(trx, clock, locked.row.submission_id, {
      actor,
      type: 'group_deadline',
      data: { group: groupId, deadline: deadline.toISOString(), was: locked.group.deadline.toISOString() },
    });
    return true;
  });
}

/** A new share link salt (null: revoked, no link works); false when the group is gone. */
function replaceShareSalt({ db, dialect, clock }: Database, groupId: number, salt: string | null, actor: Actor) {
  return db.transaction().execute(async (trx) => {
    const locked = await lockedGroup(trx, dialect, groupId);
    if (!locked) return false;
    await trx.updateTable('groups').set({ share_salt: salt }).where('id', '=', groupId).execute();
    await appendEvent(trx, clock, locked.row.submission_id, {
      actor,
      type: salt === null ? 'group_link_revoked' : 'group_link_replaced',
      data: { group: groupId },
    });
    return true;
  });
}

/** Notes the organiser's visit: the next visit marks what changed after this one. */
async function markOrganiserSeen({ db, clock }: Database, groupId: number): Promise<void> {
  await db.updateTable('groups').set({ organiser_seen_at: clock.now() }).where('id', '=', groupId).execute();
}

/** Closes an open group; undefined when it was not open (closed already: nothing changes twice). */
function closeGroup(
  { db, dialect, clock }: Database,
  groupId: number,
  actor: Actor,
  reprice?: Reprice,
): Promise<ClosedRoster | undefined> {
  return db.transaction().execute(async (trx) => {
    const locked = await lockedGroup(trx, dialect, groupId);
    if (locked?.group.state !== 'open') return undefined;
    // A group still open on an approved request (left from before approvals closed it) must not
    // rewrite the approved order: it is frozen as it is.
    return closeLockedGroup(
      trx,
      clock,
      locked.row,
      actor,
      OPEN_STATUSES.has(locked.row.status) ? 'roster' : 'keep',
      reprice,
    );
  });
}

/** Open groups whose deadline has passed, for the closing job. */
async function groupsPastDeadline({ db, now }: Database): Promise<number[]> {
  const rows = await db
    .selectFrom('groups')
    .where('state', '=', 'open')
    .where('deadline', '<=', now().toISOString())
    .select('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Group orders and their entries, on the open database. */
/** The approval's step for the groups, bound to the open database's dialect and clock. */
export function createGroupApprovalStep({ dialect, clock }: Database): GroupApprovalStep {
  return {
    closeAtApproval: (trx, submissionId, actor) => closeGroupAtApproval(trx, dialect, clock, submissionId, actor),
  };
}

export function createGroupStore(database: Database): GroupStore {
  return {
    startGroup: (reference, settings, shareSalt) => startGroup(database, reference, settings, shareSalt),
    groupOf: (reference) => groupOf(database, reference),
    groupById: (id) => groupById(database, id),
    entriesOf: (groupId) => entriesOf(database, groupId),
    entryById: (entryId) => entryById(database, entryId),
    addEntry: (groupId, entry) => addEntry(database, groupId, entry),
    changeEntry: (entryId, input, by) => changeEntry(database, entryId, input, by),
    removeEntry: (entryId, by) => removeEntry(database, entryId, by),
    extendDeadline: (groupId, deadline, actor) => extendDeadline(database, groupId, deadline, actor),
    replaceShareSalt: (groupId, salt, actor) => replaceShareSalt(database, groupId, salt, actor),
    markOrganiserSeen: (groupId) => markOrganiserSeen(database, groupId),
    closeGroup: (groupId, actor, reprice) => closeGroup(database, groupId, actor, reprice),
    groupsPastDeadline: () => groupsPastDeadline(database),
  };
}
