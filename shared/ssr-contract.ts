import type { BooksMonthView, BooksRenderOptions, CreditNoteView } from './books/books-contract.ts';
import type { CustomerPageOptions, CustomerPageView } from './customer-page-contract.ts';
import type { DeskRenderOptions, DeskView } from './desk-contract.ts';
import type { GroupMemberView } from './groups/group-contract.ts';
import type { FlashNotice } from './notices.ts';
import type { InvoiceRenderOptions, InvoiceView } from './payments/invoice-contract.ts';
import type { DatesAnswer } from './production/dates-answer.ts';
import type { LoadDates } from './production/production-load.ts';
import type { SiteData } from './site-data.ts';
import type { TeamStoreView } from './stores/store-contract.ts';
import type { FormState } from './submissions/form-values.ts';

/**
 * What the server and the server-side React entry (client/entry-server.tsx, built by Vite) agree on.
 * The server owns HTTP; the entry owns React and React Router.
 */

/** URLs of the files a page needs, from Vite's manifest (or the dev server). */
export interface PageAssets {
  /** Module scripts that start the app, in order. */
  bootstrap: string[];
  /** Chunks the matched routes import, preloaded so they download in parallel with the entry. */
  preload: string[];
  stylesheets: string[];
  /** Development only: React Refresh's preamble, which must run before the entry module. */
  devPreamble?: string;
}

/** The state the server renders with and embeds in the page, so the browser hydrates the same tree. */
export interface AppState {
  /** Only the data files the page's routes read (shared/page-data.ts), not the whole site data. */
  site: Partial<SiteData>;
  publicUrl: string;
  assets: PageAssets;
  /** React Router's loaderData/actionData/errors, with errors serialized. */
  hydration: SerializedHydration;
  /** A message handed over from the previous request (a form posted without JavaScript). */
  flash: FlashNotice | null;
  /** A form posted without JavaScript that came back with errors: shown again with the visitor's input. */
  form: FormState | null;
  /**
   * The page's own address when the browser shows another: a form re-rendered in answer to its POST
   * to /api/... The browser puts this address back before React Router reads the location.
   */
  url: string | null;
  /**
   * When the page was rendered (ISO): the estimates count business days from it, and the browser
   * renders with the same instant until hydrated, then with its own clock.
   */
  renderedAt: string;
  /**
   * A calculator page's date from the shop's load, for the quantity it was rendered for: the date its
   * HTML shows, which the calculator hydrates with (client/hooks/use-load-dates.ts).
   */
  load?: DatesAnswer;
}

/** React Router's hydration data made JSON-safe: errors become plain objects, revived by client/hydration.ts. */
export interface SerializedHydration {
  loaderData: Record<string, unknown>;
  actionData: Record<string, unknown> | null;
  errors: Record<string, unknown> | null;
}

declare const queryBrand: unique symbol;
/** React Router's handler context, opaque to the server. */
export type QueryContext = { readonly [queryBrand]: true };

/** What the entry makes of a request: a finished Response (a redirect, say), or a page to render with this status. */
export type QueryOutcome =
  | { kind: 'response'; response: Response }
  | {
      kind: 'page';
      status: number;
      /** Source paths (manifest keys) of the matched lazy route modules. */
      routeModules: string[];
      context: QueryContext;
    };

/** Everything a render depends on besides the matched routes: the site data, assets and per-request values. */
export interface RenderOptions {
  site: SiteData;
  publicUrl: string;
  assets: PageAssets;
  /** The CSP nonce (a placeholder spliced per request): development only, where an inline script runs. */
  nonce?: string;
  flash: FlashNotice | null;
  form: FormState | null;
  url: string | null;
  /** The instant the page's dates are counted from; the page cache keys on the shop's day for it. */
  now: Date;
  /** The shop's load, which a calculator page's date counts from; without it, business days alone. */
  load?: LoadDates;
  /** Where the visitor's CSRF token goes in forms posted without JavaScript (spliced in per request). */
  csrfToken: string;
  /** Where a fresh one-time submission key goes in forms posted without JavaScript (spliced in per page). */
  submissionKey?: string;
  /** Called for errors React recovers from (logged, never shown). */
  onError: (error: unknown) => void;
}

/** What client/entry-server.tsx exports: query matches routes and runs loaders, render turns a page into HTML. */
export interface SsrEntry {
  query(request: Request): Promise<QueryOutcome>;
  /** Renders the whole document; resolves once everything, Suspense boundaries included, is ready. */
  render(outcome: Extract<QueryOutcome, { kind: 'page' }>, options: RenderOptions): Promise<string>;
  /** A staff desk page, whole (client/desk): server-rendered only, no script. */
  renderDesk(view: DeskView, options: DeskRenderOptions): string;
  /** A customer's private request page, whole (client/customer): server-rendered only, no script. */
  renderCustomerPage(view: CustomerPageView, options: CustomerPageOptions): string;
  /** An approved request's invoice, whole (client/invoice): server-rendered only, no script. */
  renderInvoice(view: InvoiceView, options: InvoiceRenderOptions): string;
  /** A refund's credit note, whole (client/books): server-rendered only, no script. */
  renderCreditNote(view: CreditNoteView, options: BooksRenderOptions): string;
  /** The desk's month of books, whole (client/books): server-rendered only, no script. */
  renderBooksMonth(view: BooksMonthView, options: BooksRenderOptions): string;
  /** A group order member's page (client/groups): server-rendered only, no script. */
  renderGroupMember(view: GroupMemberView, options: { stylesheets: readonly string[]; shopName: string }): string;
  /** A team store's page, public or the desk's (client/team-stores): server-rendered only, no script. */
  renderTeamStore(view: TeamStoreView, options: { stylesheets: readonly string[]; shopName: string }): string;
}
