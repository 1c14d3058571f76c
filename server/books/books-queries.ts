import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '#server/storage/database.ts';
import { appendEvent } from '#server/storage/request-events.ts';
import { lockedRequest } from '#server/storage/request-rows.ts';
import { readDate, readJson, type StorageDatabase } from '#server/storage/schema.ts';
import { type QuoteLine, quoteTaxCents } from '#shared/requests/quote.ts';
import type {
  BookDiscount,
  BookEntry,
  BooksKeepStep,
  BooksStore,
  InvoiceTermsSetting,
  IssuedInvoice,
  Receivable,
} from './books-store.ts';

/*
 * The books are written by posting: whatever the requests have come to (an approved quote, a counted
 * payment or refund) that the books do not hold yet is copied in, numbered, in one transaction. The
 * requests' own tables stay as they are; the books never change a row once written except to empty
 * its personal data when the request is purged.
 */

type Db = Kysely<StorageDatabase>;
type Series = 'invoice' | 'credit-note';

const iso = (value: string | Date) => readDate(value).toISOString();

/**
 * Takes both series' rows for this transaction (PostgreSQL holds their lock to commit; SQLite has one
 * writer): two posts at once take turns, so the second sees what the first numbered and no number is
 * handed out for a row that is then not written.
 */
async function lockSeries(trx: Db) {
  await trx
    .updateTable('book_numbers')
    .set((eb) => ({ last_number: eb.ref('last_number') }))
    .execute();
}

async function nextNumber(trx: Db, series: Series): Promise<number> {
  const row = await trx
    .updateTable('book_numbers')
    .set((eb) => ({ last_number: eb('last_number', '+', 1) }))
    .where('series', '=', series)
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

/**
 * The approved quote versions without an invoice get one, numbered in the order they were approved, at most
 * `limit` of them; answers how many it read.
 */
async function issueInvoices(trx: Db, limit: number): Promise<number> {
  const rows = await trx
    .selectFrom('approvals')
    .innerJoin('quotes', (join) =>
      join
        .onRef('quotes.submission_id', '=', 'approvals.submission_id')
        .onRef('quotes.version', '=', 'approvals.version'),
    )
    .innerJoin('submissions', 'submissions.id', 'approvals.submission_id')
    // The request's terms as they are now go onto the invoice, which keeps them from then on.
    .leftJoin('payment_terms', 'payment_terms.submission_id', 'approvals.submission_id')
    .where('approvals.subject', '=', 'quote')
    .where('approvals.decision', '=', 'approved')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('invoices')
            .whereRef('invoices.reference', '=', 'submissions.reference')
            .whereRef('invoices.quote_version', '=', 'approvals.version')
            .select('invoices.number'),
        ),
      ),
    )
    .select([
      'approvals.at',
      'approvals.version',
      'submissions.id as submissionId',
      'submissions.reference',
      'submissions.name',
      'submissions.email',
      'submissions.payload',
      'quotes.lines',
      'quotes.total_cents',
      'payment_terms.net_days',
      'payment_terms.po_number',
    ])
    .orderBy('approvals.at')
    .orderBy('approvals.id')
    .limit(limit)
    .execute();
  const issued = new Set<string>();
  for (const row of rows) {
    const key = `${row.reference}/${row.version}`;
    if (issued.has(key)) continue;
    issued.add(key);
    const lines: QuoteLine[] = typeof row.lines === 'string' ? JSON.parse(row.lines) : row.lines;
    const taxCents = quoteTaxCents(lines);
    const totalCents = Number(row.total_cents);
    const company = readJson(row.payload as string | Record<string, unknown>).company;
    await trx
      .insertInto('invoices')
      .values({
        number: await nextNumber(trx, 'invoice'),
        submission_id: row.submissionId,
        reference: row.reference,
        quote_version: row.version,
        issued_at: iso(row.at),
        currency: 'usd',
        subtotal_cents: totalCents - taxCents,
        tax_cents: taxCents,
        total_cents: totalCents,
        lines: JSON.stringify(lines),
        customer_name: row.name,
        customer_email: row.email,
        company: typeof company === 'string' ? company.trim() : '',
        net_days: row.net_days ?? 0,
        po_number: row.po_number ?? '',
      })
      .execute();
  }
  return rows.length;
}

/**
 * The counted payments and refunds not yet in the books, oldest first, at most `limit` of them; answers how
 * many it read. A refund of money that was never counted (held over a mismatch) returns that money, not any
 * of what was paid: neither is posted, as the request's own sums leave both out.
 */
async function postMoney(trx: Db, limit: number): Promise<number> {
  const rows = await trx
    .selectFrom('payments')
    .innerJoin('submissions', 'submissions.id', 'payments.submission_id')
    .leftJoin('payments as refunded', 'refunded.id', 'payments.refund_of')
    .where('payments.state', '=', 'succeeded')
    .where((eb) => eb.or([eb('payments.refund_of', 'is', null), eb('refunded.state', '=', 'succeeded')]))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('book_entries').whereRef('book_entries.payment_id', '=', 'payments.id').select('book_entries.id'),
        ),
      ),
    )
    .select([
      'payments.id',
      'payments.submission_id',
      'payments.kind',
      'payments.method',
      'payments.purpose',
      'payments.amount_cents',
      'payments.currency',
      'payments.at',
      'payments.note',
      'payments.fee_cents',
      'payments.check_number',
      'payments.invoice_number',
      'submissions.reference',
    ])
    .orderBy('payments.id')
    .limit(limit)
    .execute();
  for (const row of rows) {
    // The invoice the desk took the money against, else the request's newest.
    const invoice =
      row.invoice_number === null
        ? await trx
            .selectFrom('invoices')
            .where('reference', '=', row.reference)
            .select((eb) => eb.fn.max('number').as('number'))
            .executeTakeFirst()
        : { number: row.invoice_number };
    await trx
      .insertInto('book_entries')
      .values({
        payment_id: row.id,
        submission_id: row.submission_id,
        reference: row.reference,
        kind: row.kind,
        method: row.method,
        purpose: row.purpose,
        amount_cents: Number(row.amount_cents),
        currency: row.currency,
        at: iso(row.at),
        invoice_number: invoice?.number == null ? null : Number(invoice.number),
        credit_note_number: row.kind === 'refund' ? await nextNumber(trx, 'credit-note') : null,
        note: row.note,
        fee_cents: row.fee_cents === null ? null : Number(row.fee_cents),
        check_number: row.check_number,
      })
      .execute();
  }
  return rows.length;
}

/** Stripe's fees learnt since their money was posted are copied in (a fee, once there, stays as it is). */
async function postFees(trx: Db) {
  const paymentFee = (eb: ExpressionBuilder<StorageDatabase, 'book_entries'>) =>
    eb.selectFrom('payments').whereRef('payments.id', '=', 'book_entries.payment_id');
  await trx
    .updateTable('book_entries')
    .set((eb) => ({ fee_cents: paymentFee(eb).select('payments.fee_cents').$castTo<{ fee_cents: number | null }>() }))
    .where('book_entries.fee_cents', 'is', null)
    .where((eb) => eb.exists(paymentFee(eb).where('payments.fee_cents', 'is not', null).select('payments.id')))
    .execute();
}

/**
 * What posting reads at once. A database whose history predates the books holds every request ever
 * approved and paid unposted: read whole, its first post held them all in memory (the desk bench's
 * 100,000 requests ran a 128 MB heap out). A batch at a time bounds it, oldest first as the numbers go.
 */
const POST_BATCH = 500;

/**
 * One batch: invoices first (payments name the invoice they pay), then money once every invoice is out,
 * then the fees. Answers whether there may be more.
 */
async function postBatch(trx: Db, size: number): Promise<boolean> {
  await lockSeries(trx);
  if ((await issueInvoices(trx, size)) === size) return true;
  if ((await postMoney(trx, size)) === size) return true;
  await postFees(trx);
  return false;
}

/** Everything unposted, inside the caller's transaction (a discount's, the purge's), a batch at a time. */
async function postIn(trx: Db, size = POST_BATCH) {
  while (await postBatch(trx, Math.max(1, size)));
}

type InvoiceRow = {
  number: number;
  reference: string;
  quote_version: number;
  issued_at: string | Date;
  currency: string;
  subtotal_cents: number | string | bigint;
  tax_cents: number | string | bigint;
  total_cents: number | string | bigint;
  lines: string | QuoteLine[];
  customer_name: string;
  customer_email: string;
  company: string;
  purged_at: string | Date | null;
  net_days: number;
  po_number: string;
};

function invoiceOfRow(row: InvoiceRow): IssuedInvoice {
  return {
    number: Number(row.number),
    reference: row.reference,
    quoteVersion: row.quote_version,
    issuedAt: readDate(row.issued_at),
    currency: row.currency,
    subtotalCents: Number(row.subtotal_cents),
    taxCents: Number(row.tax_cents),
    totalCents: Number(row.total_cents),
    lines: typeof row.lines === 'string' ? (JSON.parse(row.lines) as QuoteLine[]) : row.lines,
    customer: { name: row.customer_name, email: row.customer_email, company: row.company },
    purgedAt: row.purged_at === null ? null : readDate(row.purged_at),
    netDays: Number(row.net_days),
    poNumber: row.po_number,
  };
}

type EntryRow = {
  payment_id: number;
  reference: string;
  kind: 'payment' | 'refund';
  method: string;
  purpose: string;
  amount_cents: number | string | bigint;
  currency: string;
  at: string | Date;
  invoice_number: number | null;
  credit_note_number: number | null;
  note: string;
  purged_at: string | Date | null;
  fee_cents: number | string | bigint | null;
  check_number: string;
};

function entryOfRow(row: EntryRow): BookEntry {
  return {
    paymentId: Number(row.payment_id),
    reference: row.reference,
    kind: row.kind,
    method: row.method,
    purpose: row.purpose,
    amountCents: Number(row.amount_cents),
    currency: row.currency,
    at: readDate(row.at),
    invoiceNumber: row.invoice_number === null ? null : Number(row.invoice_number),
    creditNoteNumber: row.credit_note_number === null ? null : Number(row.credit_note_number),
    note: row.note,
    purgedAt: row.purged_at === null ? null : readDate(row.purged_at),
    feeCents: row.fee_cents === null ? null : Number(row.fee_cents),
    checkNumber: row.check_number,
  };
}

type DiscountRow = {
  id: number;
  reference: string;
  amount_cents: number | string | bigint;
  currency: string;
  reason: string;
  invoice_number: number;
  credit_note_number: number;
  at: string | Date;
  purged_at: string | Date | null;
};

function discountOfRow(row: DiscountRow): BookDiscount {
  return {
    id: Number(row.id),
    reference: row.reference,
    amountCents: Number(row.amount_cents),
    currency: row.currency,
    reason: row.reason,
    invoiceNumber: Number(row.invoice_number),
    creditNoteNumber: Number(row.credit_note_number),
    at: readDate(row.at),
    purgedAt: row.purged_at === null ? null : readDate(row.purged_at),
  };
}

const discountColumns = [
  'id',
  'reference',
  'amount_cents',
  'currency',
  'reason',
  'invoice_number',
  'credit_note_number',
  'at',
  'purged_at',
] as const;

const invoiceColumns = [
  'number',
  'reference',
  'quote_version',
  'issued_at',
  'currency',
  'subtotal_cents',
  'tax_cents',
  'total_cents',
  'lines',
  'customer_name',
  'customer_email',
  'company',
  'purged_at',
  'net_days',
  'po_number',
] as const;

const entryColumns = [
  'payment_id',
  'reference',
  'kind',
  'method',
  'purpose',
  'amount_cents',
  'currency',
  'at',
  'invoice_number',
  'credit_note_number',
  'note',
  'purged_at',
  'fee_cents',
  'check_number',
] as const;

/**
 * Posts what the requests have come to that the books do not hold yet, a batch per transaction: a long
 * history posts without one transaction holding the series' lock, or the memory, for all of it.
 */
async function post({ db }: Database, size = POST_BATCH): Promise<void> {
  const batch = Math.max(1, size);
  while (await db.transaction().execute((trx) => postBatch(trx, batch)));
}

async function invoiceOf(database: Database, reference: string, quoteVersion: number) {
  await post(database);
  const row = await database.db
    .selectFrom('invoices')
    .where('reference', '=', reference)
    .where('quote_version', '=', quoteVersion)
    .select(invoiceColumns)
    .executeTakeFirst();
  return row && invoiceOfRow(row);
}

/** What the request still owes on its newest invoice: its total less the discounts given and the net paid. */
async function owedOn(trx: Db, reference: string, invoiceTotalCents: number): Promise<number> {
  const entries = await trx
    .selectFrom('book_entries')
    .where('reference', '=', reference)
    .select(['kind', 'amount_cents'])
    .execute();
  const given = await trx.selectFrom('discounts').where('reference', '=', reference).select('amount_cents').execute();
  const netPaid = entries.reduce(
    (sum, entry) => sum + (entry.kind === 'payment' ? 1 : -1) * Number(entry.amount_cents),
    0,
  );
  return invoiceTotalCents - given.reduce((sum, row) => sum + Number(row.amount_cents), 0) - netPaid;
}

function giveDiscount(
  { db, dialect, clock }: Database,
  reference: string,
  discount: Parameters<BooksStore['giveDiscount']>[1],
): ReturnType<BooksStore['giveDiscount']> {
  return db.transaction().execute(async (trx) => {
    const request = await lockedRequest(trx, dialect, reference);
    if (!request) return { ok: false, reason: 'no-request' };
    await postIn(trx);
    const invoice = await trx
      .selectFrom('invoices')
      .where('reference', '=', reference)
      .select(['number', 'total_cents'])
      .orderBy('quote_version', 'desc')
      .executeTakeFirst();
    if (!invoice) return { ok: false, reason: 'no-invoice' };
    const owedCents = await owedOn(trx, reference, Number(invoice.total_cents));
    if (discount.amountCents > owedCents) return { ok: false, reason: 'too-much', owedCents: Math.max(0, owedCents) };
    const creditNoteNumber = await nextNumber(trx, 'credit-note');
    await trx
      .insertInto('discounts')
      .values({
        submission_id: request.id,
        reference,
        amount_cents: discount.amountCents,
        currency: 'usd',
        reason: discount.reason,
        invoice_number: Number(invoice.number),
        credit_note_number: creditNoteNumber,
        recorded_by: discount.actor,
        at: clock.now(),
      })
      .execute();
    await appendEvent(trx, clock, request.id, {
      actor: discount.actor,
      type: 'discount',
      data: { amountCents: discount.amountCents, currency: 'usd', reason: discount.reason, creditNoteNumber },
    });
    return { ok: true, creditNoteNumber };
  });
}

async function discountsOf({ db }: Database, reference: string): Promise<BookDiscount[]> {
  const rows = await db
    .selectFrom('discounts')
    .where('reference', '=', reference)
    .select(discountColumns)
    .orderBy('id')
    .execute();
  return rows.map(discountOfRow);
}

async function discountByCreditNote({ db }: Database, number: number) {
  const row = await db
    .selectFrom('discounts')
    .where('credit_note_number', '=', number)
    .select(discountColumns)
    .executeTakeFirst();
  if (!row) return undefined;
  const invoice = await db
    .selectFrom('invoices')
    .where('number', '=', row.invoice_number)
    .select(invoiceColumns)
    .executeTakeFirst();
  return { discount: discountOfRow(row), invoice: invoice && invoiceOfRow(invoice) };
}

async function invoiceByNumber(database: Database, number: number): Promise<IssuedInvoice | undefined> {
  await post(database);
  const row = await database.db
    .selectFrom('invoices')
    .where('number', '=', number)
    .select(invoiceColumns)
    .executeTakeFirst();
  return row && invoiceOfRow(row);
}

async function booksOf(
  database: Database,
  reference: string,
): Promise<{ invoices: IssuedInvoice[]; entries: BookEntry[] }> {
  await post(database);
  const { db } = database;
  const [invoices, entries] = await Promise.all([
    db.selectFrom('invoices').where('reference', '=', reference).select(invoiceColumns).orderBy('number').execute(),
    db
      .selectFrom('book_entries')
      .where('reference', '=', reference)
      .select(entryColumns)
      .orderBy('payment_id')
      .execute(),
  ]);
  return { invoices: invoices.map(invoiceOfRow), entries: entries.map(entryOfRow) };
}

async function refundsNumberedOf({ db }: Database, reference: string): Promise<BookEntry[]> {
  const rows = await db
    .selectFrom('book_entries')
    .where('reference', '=', reference)
    .where('kind', '=', 'refund')
    .select(entryColumns)
    .orderBy('payment_id')
    .execute();
  return rows.map(entryOfRow);
}

async function invoicesIssuedOf({ db }: Database, reference: string): Promise<IssuedInvoice[]> {
  const rows = await db
    .selectFrom('invoices')
    .where('reference', '=', reference)
    .select(invoiceColumns)
    .orderBy('number')
    .execute();
  return rows.map(invoiceOfRow);
}

async function creditNoteOfPayment(database: Database, paymentId: number): Promise<number | undefined> {
  await post(database);
  const row = await database.db
    .selectFrom('book_entries')
    .where('payment_id', '=', paymentId)
    .select('credit_note_number')
    .executeTakeFirst();
  return row?.credit_note_number == null ? undefined : Number(row.credit_note_number);
}

async function creditNote(database: Database, number: number) {
  await post(database);
  const { db } = database;
  const row = await db
    .selectFrom('book_entries')
    .where('credit_note_number', '=', number)
    .select(entryColumns)
    .executeTakeFirst();
  if (!row) return undefined;
  const invoice =
    row.invoice_number === null
      ? undefined
      : await db
          .selectFrom('invoices')
          .where('number', '=', row.invoice_number)
          .select(invoiceColumns)
          .executeTakeFirst();
  return { entry: entryOfRow(row), invoice: invoice && invoiceOfRow(invoice) };
}

async function between(
  database: Database,
  from: Date,
  to: Date,
): Promise<{ invoices: IssuedInvoice[]; entries: BookEntry[]; discounts: BookDiscount[] }> {
  await post(database);
  const { db } = database;
  const [invoices, entries, discounts] = await Promise.all([
    db
      .selectFrom('invoices')
      .where('issued_at', '>=', from.toISOString())
      .where('issued_at', '<', to.toISOString())
      .select(invoiceColumns)
      .orderBy('number')
      .execute(),
    db
      .selectFrom('book_entries')
      .where('at', '>=', from.toISOString())
      .where('at', '<', to.toISOString())
      .select(entryColumns)
      .orderBy('at')
      .orderBy('payment_id')
      .execute(),
    db
      .selectFrom('discounts')
      .where('at', '>=', from.toISOString())
      .where('at', '<', to.toISOString())
      .select(discountColumns)
      .orderBy('credit_note_number')
      .execute(),
  ]);
  return {
    invoices: invoices.map(invoiceOfRow),
    entries: entries.map(entryOfRow),
    discounts: discounts.map(discountOfRow),
  };
}

async function deleteBefore({ db }: Database, cutoff: Date): Promise<{ invoices: number; entries: number }> {
  const before = cutoff.toISOString();
  return db.transaction().execute(async (trx) => {
    const entries = await trx
      .deleteFrom('book_entries')
      .where('submission_id', 'is', null)
      .where('at', '<', before)
      .returning('id')
      .execute();
    await trx.deleteFrom('discounts').where('submission_id', 'is', null).where('at', '<', before).execute();
    // An invoice goes only once no entry or discount still names it.
    const invoices = await trx
      .deleteFrom('invoices')
      .where('submission_id', 'is', null)
      .where('issued_at', '<', before)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('book_entries')
              .whereRef('book_entries.invoice_number', '=', 'invoices.number')
              .select('book_entries.id'),
          ),
        ),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('discounts').whereRef('discounts.invoice_number', '=', 'invoices.number').select('discounts.id'),
          ),
        ),
      )
      .returning('number')
      .execute();
    return { invoices: invoices.length, entries: entries.length };
  });
}

async function termsOf({ db }: Database, reference: string): Promise<InvoiceTermsSetting | undefined> {
  const row = await db
    .selectFrom('submissions')
    .leftJoin('payment_terms', 'payment_terms.submission_id', 'submissions.id')
    .where('submissions.reference', '=', reference)
    .select(['submissions.id', 'payment_terms.net_days', 'payment_terms.po_number'])
    .executeTakeFirst();
  if (!row) return undefined;
  return { netDays: (row.net_days ?? 0) as InvoiceTermsSetting['netDays'], poNumber: row.po_number ?? '' };
}

function setTerms(
  { db, dialect, clock }: Database,
  reference: string,
  terms: Parameters<BooksStore['setTerms']>[1],
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const request = await lockedRequest(trx, dialect, reference);
    if (!request) return false;
    const values = { net_days: terms.netDays, po_number: terms.poNumber, set_by: terms.actor, set_at: clock.now() };
    await trx
      .insertInto('payment_terms')
      .values({ submission_id: request.id, ...values })
      .onConflict((conflict) => conflict.column('submission_id').doUpdateSet(values))
      .execute();
    await appendEvent(trx, clock, request.id, {
      actor: terms.actor,
      type: 'payment-terms',
      data: { netDays: terms.netDays, ...(terms.poNumber ? { poNumber: terms.poNumber } : {}) },
    });
    return true;
  });
}

const DAY_MS = 24 * 60 * 60 * 1000;

async function receivables(database: Database): Promise<Receivable[]> {
  await post(database);
  const { db } = database;
  // Each request's newest invoice: a revision approved later replaces what is owed on the one before.
  const rows = await db
    .selectFrom('invoices')
    .where('net_days', '>', 0)
    // A cancelled order is owed nothing, whatever its invoice said (a purged request keeps no status).
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('submissions')
            .whereRef('submissions.id', '=', 'invoices.submission_id')
            .where('submissions.status', '=', 'cancelled')
            .select('submissions.id'),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('invoices as newer')
            .whereRef('newer.reference', '=', 'invoices.reference')
            .whereRef('newer.quote_version', '>', 'invoices.quote_version')
            .select('newer.number'),
        ),
      ),
    )
    .select(invoiceColumns)
    .orderBy('number')
    .execute();
  const open: Receivable[] = [];
  for (const row of rows) {
    const invoice = invoiceOfRow(row);
    const balanceCents = await owedOn(db, invoice.reference, invoice.totalCents);
    if (balanceCents > 0) open.push({ invoice, balanceCents });
  }
  const due = (item: Receivable) => item.invoice.issuedAt.getTime() + item.invoice.netDays * DAY_MS;
  return open.sort((a, b) => due(a) - due(b) || a.invoice.number - b.invoice.number);
}

export function createBooksStore(database: Database, { postBatch = POST_BATCH } = {}): BooksStore {
  return {
    termsOf: (reference) => termsOf(database, reference),
    setTerms: (reference, terms) => setTerms(database, reference, terms),
    receivables: () => receivables(database),
    post: () => post(database, postBatch),
    invoiceOf: (reference, quoteVersion) => invoiceOf(database, reference, quoteVersion),
    giveDiscount: (reference, discount) => giveDiscount(database, reference, discount),
    discountsOf: (reference) => discountsOf(database, reference),
    discountByCreditNote: (number) => discountByCreditNote(database, number),
    invoiceByNumber: (number) => invoiceByNumber(database, number),
    booksOf: (reference) => booksOf(database, reference),
    refundsNumberedOf: (reference) => refundsNumberedOf(database, reference),
    invoicesIssuedOf: (reference) => invoicesIssuedOf(database, reference),
    creditNoteOfPayment: (paymentId) => creditNoteOfPayment(database, paymentId),
    creditNote: (number) => creditNote(database, number),
    between: (from, to) => between(database, from, to),
    deleteBefore: (cutoff) => deleteBefore(database, cutoff),
  };
}

/** The purge's step: the requests' books posted, then their names, e-mails and notes emptied. */
export function createBooksKeepStep(database: Pick<Database, 'clock'>): BooksKeepStep {
  return {
    async keep(trx, submissionIds) {
      if (submissionIds.length === 0) return;
      await postIn(trx);
      const ids = [...submissionIds];
      await trx
        .updateTable('invoices')
        .set({ customer_name: '', customer_email: '', company: '', purged_at: database.clock.now() })
        .where('submission_id', 'in', ids)
        .execute();
      await trx
        .updateTable('book_entries')
        .set({ note: '', purged_at: database.clock.now() })
        .where('submission_id', 'in', ids)
        .execute();
      await trx
        .updateTable('discounts')
        .set({ reason: '', recorded_by: '', purged_at: database.clock.now() })
        .where('submission_id', 'in', ids)
        .execute();
    },
  };
}
