import { renderToStaticMarkup } from 'react-dom/server';
import { ShopTimeZoneProvider } from '#client/components/shop-time.tsx';
import type { BooksMonthView, BooksRenderOptions, CreditNoteView } from '#shared/books/books-contract.ts';
import { CreditNotePage } from './credit-note-page.tsx';
import { BooksMonthPage } from './month-page.tsx';

/** The books' pages as HTML: rendered on the server only, with no script, like the invoice. */
export function renderCreditNote(view: CreditNoteView, options: BooksRenderOptions): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(
    <ShopTimeZoneProvider timeZone={options.timeZone}>
      <CreditNotePage view={view} options={options} />
    </ShopTimeZoneProvider>,
  )}`;
}

export function renderBooksMonth(view: BooksMonthView, options: BooksRenderOptions): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(
    <ShopTimeZoneProvider timeZone={options.timeZone}>
      <BooksMonthPage view={view} options={options} />
    </ShopTimeZoneProvider>,
  )}`;
}
