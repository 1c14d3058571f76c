import type { GarmentType } from '#shared/garments/catalogue.ts';

/**
 * What the server hands the store's pages (client/team-stores), rendered to static HTML: the public
 * store page, a buyer's order page, and the desk's opening form and store view. Every figure is worded
 * on the server; the pages only lay it out.
 */

export interface StoreNotice {
  type: 'success' | 'error';
  text: string;
}

/** A colour's picture: the garment's drawing in that colour. */
interface ColourPicture {
  name: string;
  hex: string;
}

export interface StoreProductView {
  id: number;
  title: string;
  type: GarmentType;
  /** "$19.50 each", from the smallest size's price. */
  price: string;
  colours: ColourPicture[];
  sizes: { size: string; price: string }[];
  sizeChart: { size: string; chest: string; length: string }[];
}

/** The form posted without JavaScript that came back with errors: its values and messages. */
export interface StoreFormState {
  /** Which form: a product's add form ("add-<id>"), or "checkout". */
  form: string;
  values: Record<string, string>;
  errors: Record<string, string>;
}

export interface StorePageView {
  page: 'store';
  title: string;
  csrfToken: string;
  notice?: StoreNotice;
  /** "Orders close Friday, December 11, 2026, 6:00 PM." or why nothing can be ordered now. */
  when: string;
  open: boolean;
  /** Cards saved and charged at the close above the minimum, or paid when ordering (whatever sells is printed). */
  charging: 'minimum' | 'as-sold';
  counter: { pieces: number; minimum: number; text: string };
  /** Where the page's script asks the count while the store takes orders (the script is an extra). */
  countUrl?: string;
  raises?: string;
  delivery: string;
  asksNames: boolean;
  asksNumbers: boolean;
  /** The checkout asks the buyer's team or class (the bags are sorted by it). */
  sortBy: '' | 'team' | 'class';
  design?: { src: string; alt: string };
  products: StoreProductView[];
  cart: { lines: { id: number; text: string; price: string }[]; total: string } | null;
  /** Card payments are set up: checkout is possible. */
  canCheckout: boolean;
  actions: { add: string; remove: string; checkout: string };
  form?: StoreFormState;
  contactEmail: string;
}

export interface OrderPageView {
  page: 'order';
  title: string;
  csrfToken: string;
  notice?: StoreNotice;
  storePath: string;
  buyer: string;
  lines: string[];
  total: string;
  /** Where the order stands, in a sentence. */
  status: string;
  pay?: { action: string; label: string };
}

/** One garment the desk may sell, with what it offers. */
interface DeskGarmentChoice {
  id: string;
  title: string;
  colours: string[];
  sizes: string[];
}

export interface DeskNewStoreView {
  page: 'desk-new';
  /** The desk's form, or the organiser's own on their request page (when the shop allows it). */
  audience: 'shop' | 'organiser';
  back: { href: string; label: string };
  reference: string;
  requestName: string;
  csrfToken: string;
  action: string;
  garments: DeskGarmentChoice[];
  values: Record<string, string>;
  errors: Record<string, string>;
  timeZone: string;
}

export interface DeskStoreView {
  page: 'desk-store';
  /** The shop's page (staff), or the organiser's read-only page through their link. */
  audience: 'shop' | 'organiser';
  title: string;
  /** The request, for the shop's way back to it. */
  reference?: string;
  /** The organiser's read-only link, for the shop to send. */
  organiserLink?: string;
  csrfToken: string;
  notice?: StoreNotice;
  link: string;
  state: string;
  closes: string;
  counter: string;
  funds: string;
  sales: string;
  shopShare: string;
  products: { title: string; price: string; shopPrice: string }[];
  /** The statement, once the store closed with its minimum: each line with its figure. */
  statement?: { rows: { label: string; value: string; id: string }[]; notes: string[] };
  totals: { product: string; colour: string; size: string; pieces: number }[];
  orders: { id: number; buyer: string; pieces: number; total: string; state: string }[];
  closeAction?: string;
  /** What closing now does, said by the button (the organiser's page). */
  closeHint?: string;
  /** Moving the close (earlier or later) while the store is open; `limit` says how far it may go. */
  extend?: { action: string; value: string; timeZone: string; limit?: string };
  /** The opening form filled from this store, for next season. */
  copyHref?: string;
  /** The run in production, once the store closed with its minimum (the shop's page only). */
  production?: {
    /** Where the run stands on the board, in words. */
    board: string;
    /** "Book on the board" again, when the close could not. */
    bookAction?: string;
    papers: { label: string; href: string }[];
    /** "Bags ready" (mails every buyer who paid), or when it was said. */
    bagsReady: { action: string } | { at: string };
  };
}

export type TeamStoreView = StorePageView | OrderPageView | DeskNewStoreView | DeskStoreView;

/** The request's stores on the desk's request page, and the link to open one. */
export interface DeskTeamStores {
  stores: { title: string; href: string; state: string }[];
  open: string;
}

/** The request's team stores on the organiser's private page: each with the link to its organiser's page. */
export interface CustomerPageStores {
  stores: { title: string; state: string; href: string }[];
  /** The organiser's own opening form, when the shop lets organisers open stores. */
  open?: string;
}
