import type { BookedWork } from '#shared/production/production-load.ts';
import type { Booking } from '#shared/requests/promised-date.ts';
import type { OfferedSize, StoreDelivery } from '#shared/stores/store-rules.ts';

/** Team and fundraiser stores: a request's store, its products, the buyers' carts and orders, the close. */

type StoreState = 'open' | 'closing' | 'charged' | 'missed';
export type OrderState = 'cart' | 'saving' | 'saved' | 'charged' | 'failed' | 'paid' | 'released' | 'abandoned';

/** A product as the desk sets it: a catalogue garment, the colours and sizes offered, the shop's price. */
export interface StoreProductInput {
  garment: string;
  title: string;
  colours: string[];
  sizes: OfferedSize[];
  /** The pricing engine's price per piece at the store's expected quantity, in cents. */
  shopPriceCents: number;
}

export interface StoredProduct extends StoreProductInput {
  id: number;
  storeId: number;
  position: number;
}

/** What the desk sets when opening a store. */
export interface StoreSettings {
  title: string;
  opensAt: Date;
  closesAt: Date;
  minimumPieces: number;
  /**
   * 'minimum': the buyer's card is saved and charged at the close only if the minimum sold; 'as-sold':
   * the buyer pays when ordering and the shop prints whatever sells (for shops that prefer that).
   */
  charging: 'minimum' | 'as-sold';
  expectedPieces: number;
  markupCents: number;
  delivery: StoreDelivery;
  shippingCents: number;
  asksNames: boolean;
  asksNumbers: boolean;
  /** What the pickup list and the bags are sorted by before the surname: nothing, the team or the class. */
  sortBy: '' | 'team' | 'class';
  /** Days after a close that met the minimum during which add-ons are still taken, paid at once (0: none). */
  lateDays: number;
}

export interface StoredStore extends StoreSettings {
  id: number;
  slug: string;
  reference: string;
  state: StoreState;
  closeRound: number;
  closedAt: Date | null;
  /** The organiser's read-only link's salt (server/stores/store-links.ts). */
  organiserSalt: string;
  /** When the close booked the run on the production board; null before (or when it could not be). */
  bookedAt: Date | null;
  /** When the shop said the bags were ready and the buyers were mailed. */
  bagsReadyAt: Date | null;
  /** The end of the late window, set by a close that met the minimum; null without one. */
  lateUntil: Date | null;
  createdBy: string;
  createdAt: Date;
  products: StoredProduct[];
}

export interface CartLine {
  productId: number;
  colour: string;
  size: string;
  quantity: number;
  backName: string;
  backNumber: string;
}

export interface StoredItem extends CartLine {
  id: number;
  orderId: number;
}

export interface StoredOrder {
  id: number;
  storeId: number;
  linkSalt: string;
  buyerName: string;
  buyerEmail: string;
  /** The team or class the buyer gave, when the store asks; '' otherwise. */
  buyerGroup: string;
  state: OrderState;
  totalCents: number | null;
  customerId: string | null;
  setupSessionId: string | null;
  paymentMethod: string | null;
  paymentIntent: string | null;
  chargeError: string | null;
  paySessionId: string | null;
  /** Stripe's fee on the charge, as Stripe reports it; null until charged (or when it did not say). */
  feeCents: number | null;
  createdAt: Date;
  changedAt: Date;
  items: StoredItem[];
}

/** Why a cart took nothing: the store is not open now, or the cart is full. */
export type CartRefusal = 'closed' | 'full' | 'gone' | 'not-cart';
export type CartOutcome = { ok: true; order: StoredOrder } | { ok: false; reason: CartRefusal };

/** What the close records of one order, with its mail queued in the same transaction. */
type OrderOutcome =
  | { state: 'charged'; totalCents: number; paymentIntent: string; feeCents: number | null }
  | { state: 'failed'; totalCents: number; error: string; paymentIntent: string | null }
  | { state: 'released' }
  | { state: 'abandoned' }
  | { state: 'saved'; paymentMethod: string };

/**
 * Booking a closed store's run on the board: 'booked'; 'already' booked before; 'not-closed' (not closed
 * with its minimum); 'on-board' (the request is on the board with another order, so the shop books the
 * run by hand); 'unpriced' (no date from the request's decoration: the shop sets it on the board).
 */
export type RunBooking = 'booked' | 'already' | 'not-closed' | 'on-board' | 'unpriced';

/** An order's mail: the receipt, the pay link after a refused charge, the missed minimum. */
export type StoreMailAbout = 'placed' | 'charged' | 'pay-link' | 'missed' | 'paid' | 'bag-ready';

export interface TeamStoreStore {
  /** Opens a store for the request with its products; undefined when the request is not a stored quote request. */
  openStore(
    reference: string,
    settings: StoreSettings,
    products: StoreProductInput[],
    links: { slug: string; organiserSalt: string },
    actor: string,
  ): Promise<StoredStore | undefined>;
  storeBySlug(slug: string): Promise<StoredStore | undefined>;
  storeById(id: number): Promise<StoredStore | undefined>;
  /** The request's stores, newest first. */
  storesOf(reference: string): Promise<StoredStore[]>;
  /** The cart behind a cookie's secret's hash, in any state. */
  orderByCart(storeId: number, cartHash: string): Promise<StoredOrder | undefined>;
  orderById(id: number): Promise<StoredOrder | undefined>;
  /** Every order of the store but empty carts, oldest first. */
  ordersOf(storeId: number): Promise<StoredOrder[]>;
  /**
   * Adds a line to the cart (made on the first line), in one transaction that checks the store is open
   * by the database's clock and the cart is still a cart: a closed store or a checked-out cart takes nothing.
   */
  addToCart(storeId: number, cartHash: string, linkSalt: string, line: CartLine): Promise<CartOutcome>;
  /** Takes a line off a cart while the store is open. */
  removeFromCart(storeId: number, cartHash: string, itemId: number): Promise<CartOutcome>;
  /** The cart goes to Stripe to save the card: its buyer, customer and session; refused once closed. */
  startSaving(
    orderId: number,
    checkout: { name: string; email: string; group?: string; customerId: string | null; sessionId: string },
  ): Promise<CartOutcome>;
  /** Pieces in orders whose card is saved (or charged): the counter and the minimum's test. */
  piecesCounted(storeId: number): Promise<number>;
  /** Moves the close to `at` (earlier to close now, later to extend) while the store is open. */
  moveClose(storeId: number, at: Date): Promise<boolean>;
  /**
   * Moves the close to `at` only while the store is open and its close is still ahead: a close already
   * come (the job about to take it) is never pushed back. False when refused.
   */
  moveCloseAhead(storeId: number, at: Date): Promise<boolean>;
  /** Open stores past their close, and closes left halfway whose lease ran out. */
  storesDue(): Promise<number[]>;
  /**
   * Claims the store's close for `leaseMs`: an open store past its close begins a new round, a close
   * left halfway (lease run out) is taken up again in the same round. Undefined when another holds it
   * or it is not due. One statement: of any number of instances, one gets it.
   */
  claimClose(storeId: number, leaseMs: number): Promise<{ round: number } | undefined>;
  /** Records what became of an order, its mail queued once (per order and kind) in the same transaction. */
  recordOrder(orderId: number, outcome: OrderOutcome, mail?: StoreMailAbout): Promise<void>;
  /** The store's close done: charged (minimum met) or missed. */
  finishClose(storeId: number, state: 'charged' | 'missed'): Promise<void>;
  /**
   * Books the closed store's run on the production board in one transaction under the production lock:
   * `plan` gives the booking for the pieces paid for from the load booked now (every order but the
   * request's own); the request goes on the board with it, and the store is marked booked once.
   */
  bookRun(storeId: number, plan: (booked: readonly BookedWork[]) => Booking | undefined): Promise<RunBooking>;
  /**
   * The shop says the bags are ready: recorded once, with a mail queued to every buyer who paid. The
   * number of mails queued, or undefined when the store did not close with its minimum (or was already).
   */
  markBagsReady(storeId: number): Promise<number | undefined>;
  /**
   * The buyer's card is saved (their return from Stripe, or Stripe's event): a checkout still `saving`
   * becomes `saved` with its "placed" mail queued, in one transaction. False when the order was past that
   * already (saved by the other of the two, or settled by the close), changing nothing.
   */
  markSaved(orderId: number, paymentMethod: string): Promise<boolean>;
  /**
   * A payment Stripe took that does not match what the order owes: kept on the order (its charge error) for
   * the shop to sort out, the order left unpaid. Only an order still waiting for its money is noted.
   */
  holdPayment(orderId: number, note: string): Promise<boolean>;
  /** A failed order's pay link opened a Checkout Session. */
  markPaySession(orderId: number, sessionId: string): Promise<void>;
  /**
   * An order paid through Checkout (a failed order's pay link, or an order in a store that charges as
   * it sells): recorded once, its receipt queued.
   */
  markPaid(
    orderId: number,
    paid: { paymentIntent: string; totalCents: number; feeCents: number | null },
  ): Promise<boolean>;
}
