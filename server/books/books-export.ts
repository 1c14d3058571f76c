import { creditNoteNumberText, invoiceNumberText } from '#shared/books/book-numbers.ts';
import { type CsvCell, csvOf } from '#shared/books/csv.ts';
import { addCalendarDays, termsLabel } from '#shared/books/invoice-terms.ts';
import { periodTotals } from '#shared/books/period-totals.ts';
import { dayIn } from '#shared/desk-format.ts';
import { isTaxLine } from '#shared/requests/quote.ts';
import type { BookDiscount, BookEntry, IssuedInvoice } from './books-store.ts';

/**
 * The files the bookkeeper downloads for a range, each in the layout its program documents for
 * import (docs/books.md names them column by column). Every row carries a number or id that never
 * changes, so the same range exported twice holds the same rows: the programs' own duplicate checks
 * (an invoice number already there, a statement line already imported) add nothing twice.
 */
export const exportLayouts = [
  'quickbooks-invoices',
  'quickbooks-bank',
  'xero-invoices',
  'xero-bank',
  'summary',
] as const;
export type ExportLayout = (typeof exportLayouts)[number];

export const layoutLabels: Record<ExportLayout, string> = {
  'quickbooks-invoices': 'QuickBooks Online: invoices',
  'quickbooks-bank': 'QuickBooks Online: payments, refunds and Stripe fees (bank upload)',
  'xero-invoices': 'Xero: invoices and credit notes',
  'xero-bank': 'Xero: payments, refunds and Stripe fees (bank statement)',
  summary: 'Summary',
};

/** A purged request's invoice has no name left: the contact is the order's reference. */
function customerOf(invoice: IssuedInvoice | undefined, reference: string): string {
  const name = invoice?.customer.company || invoice?.customer.name;
  return name ? name : `Order ${reference}`;
}

/** US dates for QuickBooks Online US (MM/DD/YYYY). */
function usDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${month}/${date}/${year}`;
}

/** What a bank line says of a book entry: the order and its invoice or credit note. */
function entryDescription(entry: BookEntry): string {
  const document =
    entry.kind === 'refund'
      ? `credit note ${creditNoteNumberText(entry.creditNoteNumber ?? 0)}`
      : entry.invoiceNumber
        ? `invoice ${invoiceNumberText(entry.invoiceNumber)}`
        : 'no invoice yet';
  const check = entry.checkNumber ? ` #${entry.checkNumber}` : '';
  return `${entry.kind === 'refund' ? 'Refund' : 'Payment'} ${entry.method}${check}, order ${entry.reference}, ${document}`;
}

/** The day an invoice is due: its issue day plus the days to pay it was issued with. */
const dueDay = (invoice: IssuedInvoice, day: DayOf) => addCalendarDays(day(invoice.issuedAt), invoice.netDays);

/** The customer's purchase-order number, after the order, where the programs take a memo or reference. */
const poText = (invoice: IssuedInvoice) => (invoice.poNumber ? `, PO ${invoice.poNumber}` : '');

/** The entry's own id in the bank files: the payment row's, never reused. */
const entryId = (entry: BookEntry) => (entry.kind === 'refund' ? `REF-${entry.paymentId}` : `PAY-${entry.paymentId}`);

const signed = (entry: BookEntry) => (entry.kind === 'refund' ? -entry.amountCents : entry.amountCents);

/**
 * Stripe's fee on an entry, as a bank line of its own: money out of the Stripe balance, its id the
 * entry's (`FEE-42` for `PAY-42`), so it too is the same line every time. None while the fee is not
 * known yet (it comes in a later export of the same range, under the same id) or when it is nothing.
 */
function feeLine(entry: BookEntry): { id: string; description: string; amountCents: number } | undefined {
  if (entry.feeCents === null || entry.feeCents === 0) return undefined;
  return {
    id: `FEE-${entry.paymentId}`,
    description: `Stripe fee on ${entryId(entry)}, order ${entry.reference}`,
    amountCents: -entry.feeCents,
  };
}

/** What a range's files are made of. */
interface BooksInRange {
  invoices: readonly IssuedInvoice[];
  entries: readonly BookEntry[];
  discounts: readonly BookDiscount[];
  /** The invoices the range's credit notes credit, by number (issued before the range, some of them). */
  creditedInvoices: ReadonlyMap<number, IssuedInvoice>;
}

/** A moment as its day in the shop's time zone (YYYY-MM-DD). */
type DayOf = (at: Date) => string;

/**
 * QuickBooks Online's invoice import, one row per line; the sales tax is the quote's own lines,
 * so they are lines here too, not a rate QuickBooks would work out again.
 */
function quickbooksInvoices(invoices: readonly IssuedInvoice[], day: DayOf): string {
  return csvOf(
    [
      'InvoiceNo',
      'Customer',
      'InvoiceDate',
      'DueDate',
      'Terms',
      'Location',
      'Memo',
      'Item(Product/Service)',
      'ItemDescription',
      'ItemQuantity',
      'ItemRate',
      'ItemAmount',
      'Taxable',
      'TaxRate',
      'Service Date',
    ],
    invoices.flatMap((invoice) =>
      invoice.lines.map((line): CsvCell[] => [
        invoiceNumberText(invoice.number),
        customerOf(invoice, invoice.reference),
        usDay(day(invoice.issuedAt)),
        usDay(dueDay(invoice, day)),
        termsLabel(invoice.netDays),
        '',
        `Order ${invoice.reference}, quote v${invoice.quoteVersion}${poText(invoice)}`,
        isTaxLine(line) ? 'Sales tax' : 'Sales',
        line.label,
        { number: line.quantity },
        { amountCents: line.unitCents },
        { amountCents: line.quantity * line.unitCents },
        'N',
        '',
        '',
      ]),
    ),
  );
}

/**
 * QuickBooks Online's bank upload, three columns: money in positive, money back negative, and each
 * Stripe fee a negative line of its own after its payment (categorised as a bank charge on import).
 */
function quickbooksBank(entries: readonly BookEntry[], day: DayOf): string {
  return csvOf(
    ['Date', 'Description', 'Amount'],
    entries.flatMap((entry) => {
      const fee = feeLine(entry);
      const date = usDay(day(entry.at));
      const row: CsvCell[] = [date, `${entryId(entry)} ${entryDescription(entry)}`, { amountCents: signed(entry) }];
      return fee ? [row, [date, `${fee.id} ${fee.description}`, { amountCents: fee.amountCents }]] : [row];
    }),
  );
}

const xeroInvoiceHeader = [
  '*ContactName',
  'EmailAddress',
  'POAddressLine1',
  'POAddressLine2',
  'POAddressLine3',
  'POAddressLine4',
  'POCity',
  'PORegion',
  'POPostalCode',
  'POCountry',
  '*InvoiceNumber',
  'Reference',
  '*InvoiceDate',
  '*DueDate',
  'InventoryItemCode',
  '*Description',
  '*Quantity',
  '*UnitAmount',
  'Discount',
  '*AccountCode',
  '*TaxType',
  'TrackingName1',
  'TrackingOption1',
  'TrackingName2',
  'TrackingOption2',
  'Currency',
  'BrandingTheme',
];

/** The eight address columns of Xero's import, left empty: the contact is matched by name. */
const blankAddress = ['', '', '', '', '', '', '', ''];

/** Xero's rows of the range's invoices, one per line. */
function xeroInvoiceRows(invoices: readonly IssuedInvoice[], day: DayOf): CsvCell[][] {
  return invoices.flatMap((invoice) =>
    invoice.lines.map((line): CsvCell[] => [
      customerOf(invoice, invoice.reference),
      invoice.customer.email,
      ...blankAddress,
      invoiceNumberText(invoice.number),
      `Order ${invoice.reference}${poText(invoice)}`,
      day(invoice.issuedAt),
      dueDay(invoice, day),
      '',
      line.label,
      { number: line.quantity },
      { amountCents: line.unitCents },
      '',
      isTaxLine(line) ? '820' : '200',
      'Tax Exempt',
      '',
      '',
      '',
      '',
      invoice.currency.toUpperCase(),
      '',
    ]),
  );
}

/** Xero's rows of the range's refunds: each refund's credit note, a negative amount. */
function xeroCreditRows(
  { entries, creditedInvoices }: Pick<BooksInRange, 'entries' | 'creditedInvoices'>,
  day: DayOf,
): CsvCell[][] {
  return entries
    .filter((entry) => entry.kind === 'refund')
    .map((entry): CsvCell[] => {
      const invoice = entry.invoiceNumber === null ? undefined : creditedInvoices.get(entry.invoiceNumber);
      return [
        customerOf(invoice, entry.reference),
        invoice?.customer.email ?? '',
        ...blankAddress,
        creditNoteNumberText(entry.creditNoteNumber ?? 0),
        `Order ${entry.reference}${invoice ? `, credits ${invoiceNumberText(invoice.number)}` : ''}`,
        day(entry.at),
        day(entry.at),
        '',
        `Refund (${entry.method})`,
        { number: 1 },
        { amountCents: -entry.amountCents },
        '',
        '200',
        'Tax Exempt',
        '',
        '',
        '',
        '',
        entry.currency.toUpperCase(),
        '',
      ];
    });
}

/** Xero's rows of the range's discounts: each discount's credit note, a negative amount. */
function xeroDiscountRows(
  { discounts, creditedInvoices }: Pick<BooksInRange, 'discounts' | 'creditedInvoices'>,
  day: DayOf,
): CsvCell[][] {
  return discounts.map((discount): CsvCell[] => {
    const invoice = creditedInvoices.get(discount.invoiceNumber);
    return [
      customerOf(invoice, discount.reference),
      invoice?.customer.email ?? '',
      ...blankAddress,
      creditNoteNumberText(discount.creditNoteNumber),
      `Order ${discount.reference}, credits ${invoiceNumberText(discount.invoiceNumber)}`,
      day(discount.at),
      day(discount.at),
      '',
      discount.reason ? `Discount: ${discount.reason}` : 'Discount',
      { number: 1 },
      { amountCents: -discount.amountCents },
      '',
      '200',
      'Tax Exempt',
      '',
      '',
      '',
      '',
      discount.currency.toUpperCase(),
      '',
    ];
  });
}

/**
 * Xero's sales invoice import; a refund's or a discount's credit note is a row with a negative amount,
 * which Xero imports as a credit note under that number.
 */
function xeroInvoices(books: BooksInRange, day: DayOf): string {
  return csvOf(xeroInvoiceHeader, [
    ...xeroInvoiceRows(books.invoices, day),
    ...xeroCreditRows(books, day),
    ...xeroDiscountRows(books, day),
  ]);
}

/** Xero's bank statement import (its precoded columns); a Stripe fee is a line paid to Stripe after its payment. */
function xeroBank(
  { entries, creditedInvoices }: Pick<BooksInRange, 'entries' | 'creditedInvoices'>,
  day: DayOf,
): string {
  return csvOf(
    ['*Date', '*Amount', 'Payee', 'Description', 'Reference', 'Check Number'],
    entries.flatMap((entry) => {
      const invoice = entry.invoiceNumber === null ? undefined : creditedInvoices.get(entry.invoiceNumber);
      const row: CsvCell[] = [
        day(entry.at),
        { amountCents: signed(entry) },
        customerOf(invoice, entry.reference),
        entryDescription(entry),
        entryId(entry),
        entry.checkNumber,
      ];
      const fee = feeLine(entry);
      return fee
        ? [row, [day(entry.at), { amountCents: fee.amountCents }, 'Stripe', fee.description, fee.id, '']]
        : [row];
    }),
  );
}

/**
 * The range's figures, one a row: the invoices, tax, discounts, payments, refunds, net, Stripe's fees
 * and the net after them, and the net by method.
 */
function summary({ invoices, entries, discounts }: BooksInRange, from: string, to: string): string {
  const totals = periodTotals(invoices, entries, discounts);
  const rows: CsvCell[][] = [
    ['Period', `${from} to ${to}`, ''],
    ['Invoices issued', { number: totals.invoiceCount }, { amountCents: totals.invoicedCents }],
    ['Sales tax invoiced', '', { amountCents: totals.taxCents }],
    ['Discounts given (credit notes)', { number: totals.discountCount }, { amountCents: totals.discountsCents }],
    ['Payments received (gross)', { number: totals.paymentCount }, { amountCents: totals.grossCents }],
    ['Refunds', { number: totals.refundCount }, { amountCents: totals.refundsCents }],
    ['Net received', '', { amountCents: totals.netCents }],
    ['Stripe fees', { number: totals.feeCount }, { amountCents: totals.feesCents }],
    ['Stripe fees not known yet', { number: totals.feesUnknown }, ''],
    ['Net after Stripe fees', '', { amountCents: totals.netAfterFeesCents }],
    ...totals.byMethod.map((row): CsvCell[] => [`Net received: ${row.method}`, '', { amountCents: row.netCents }]),
  ];
  return csvOf(['Figure', 'Count', 'Amount'], rows);
}

export function exportCsv(
  layout: ExportLayout,
  books: BooksInRange,
  { timeZone, from, to }: { timeZone: string; from: string; to: string },
): string {
  const day: DayOf = (at) => dayIn(at.toISOString(), timeZone);
  switch (layout) {
    case 'quickbooks-invoices':
      return quickbooksInvoices(books.invoices, day);
    case 'quickbooks-bank':
      return quickbooksBank(books.entries, day);
    case 'xero-invoices':
      return xeroInvoices(books, day);
    case 'xero-bank':
      return xeroBank(books, day);
    case 'summary':
      return summary(books, from, to);
  }
}
