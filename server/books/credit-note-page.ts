import { creditNoteNumberText, invoiceNumberText, readCreditNoteNumber } from '#shared/books/book-numbers.ts';
import type { BooksRenderOptions, CreditNoteView } from '#shared/books/books-contract.ts';
import { dayIn } from '#shared/desk-format.ts';
import { letterheadOf } from '#shared/letterhead.ts';
import { formatMoney } from '#shared/money.ts';
import { paymentMethodLabel } from '#shared/payments/method-labels.ts';
import type { SiteConfig } from '#shared/site-data.ts';
import type { BookDiscount, BookEntry, BooksStore, IssuedInvoice } from './books-store.ts';

/** What a credit note's page is drawn from: the books, the shop's letterhead, and the page renderer. */
export interface CreditNotePages {
  books: Pick<BooksStore, 'creditNote' | 'discountByCreditNote'>;
  shop: () => Pick<SiteConfig, 'appName' | 'contact' | 'address'>;
  timeZone: () => string;
  renderCreditNote: (view: CreditNoteView, options: BooksRenderOptions) => Promise<string>;
  stylesheets: () => readonly string[];
}

/** The way back from a note: where it was opened from, which may depend on whether its request was purged. */
export type NoteBack = (reference: string, purged: boolean) => { path: string; label: string };

/** Who a note is to: the invoice's customer while the request is kept. */
function customerOf(invoice: IssuedInvoice | undefined, purged: boolean): CreditNoteView['customer'] {
  if (purged || !invoice || invoice.purgedAt !== null) return null;
  const { name, email, company } = invoice.customer;
  return { name, email, ...(company ? { company } : {}) };
}

function invoiceLine(invoice: IssuedInvoice | undefined, timeZone: string): Pick<CreditNoteView, 'invoice'> {
  return invoice
    ? {
        invoice: {
          number: invoiceNumberText(invoice.number),
          issued: dayIn(invoice.issuedAt.toISOString(), timeZone),
          total: formatMoney(invoice.totalCents),
        },
      }
    : {};
}

/** A refund's note or a discount's: the money and the invoice it credits, the same on every page. */
function noteView(
  pages: CreditNotePages,
  note:
    | { kind: 'refund'; entry: BookEntry; invoice: IssuedInvoice | undefined }
    | { kind: 'discount'; discount: BookDiscount; invoice: IssuedInvoice | undefined },
  back: NoteBack,
): CreditNoteView {
  const row = note.kind === 'refund' ? note.entry : note.discount;
  const purged = row.purgedAt !== null;
  const way = back(row.reference, purged);
  return {
    number: creditNoteNumberText(row.creditNoteNumber ?? 0),
    reference: row.reference,
    at: row.at.toISOString(),
    shop: letterheadOf(pages.shop()),
    customer: customerOf(note.invoice, purged),
    ...invoiceLine(note.invoice, pages.timeZone()),
    kind: note.kind,
    method: note.kind === 'refund' ? paymentMethodLabel(note.entry.method) : '',
    ...(note.kind === 'discount' && note.discount.reason ? { reason: note.discount.reason } : {}),
    amount: formatMoney(row.amountCents),
    backPath: way.path,
    backLabel: way.label,
  };
}

/** The note numbered `text` ("CN-000042"), a refund's or a discount's; undefined when there is none. */
export async function creditNoteView(
  pages: CreditNotePages,
  text: string,
  back: NoteBack,
): Promise<CreditNoteView | undefined> {
  const number = readCreditNoteNumber(text);
  if (number === undefined) return undefined;
  const refund = await pages.books.creditNote(number);
  if (refund) return noteView(pages, { kind: 'refund', ...refund }, back);
  const given = await pages.books.discountByCreditNote(number);
  return given && noteView(pages, { kind: 'discount', ...given }, back);
}

/** The note as its printable page. */
export function renderCreditNotePage(pages: CreditNotePages, view: CreditNoteView): Promise<string> {
  const timeZone = pages.timeZone();
  return pages.renderCreditNote(view, { timeZone, stylesheets: pages.stylesheets() });
}

/** A note as a page of the customer's own: only a note of that request, leading back to its page. */
export function customerCreditNote(pages: CreditNotePages) {
  return async (text: string, reference: string, back: { path: string; label: string }) => {
    const view = await creditNoteView(pages, text, () => back);
    return view && view.reference === reference ? renderCreditNotePage(pages, view) : undefined;
  };
}
