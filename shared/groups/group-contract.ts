import type { MockupView } from '#shared/garments/mockup-view.ts';

/** What the group pages are drawn from: the organiser's section and the member's page. */

/** One person on the roster, as the organiser and the desk see it. */
export interface GroupRosterRow {
  id: number;
  name: string;
  email: string;
  size: string;
  quantity: number;
  backName: string;
  backNumber: string;
  /** Added or changed since the organiser's previous visit. */
  changed: boolean;
  /** "paid", "waiting for payment", or '' when nobody pays here. */
  payment: string;
  /** Paid by card: only the shop removes it (and refunds the card). */
  paid: boolean;
  /** When members pay: this entry's share, its size's price times its pieces ("$33.00"). */
  share?: string;
}

/** Form state shown again after a refused post: the values typed and the error beside each field. */
export interface GroupFormState {
  values: Record<string, string>;
  errors: Record<string, string>;
}

/** The start form's fixed parts: the sizes the members will choose from, a deadline to start with. */
export interface GroupStartView {
  action: string;
  sizes: string[];
  /** YYYY-MM-DDTHH:mm on the shop's clock, a week from now at 18:00. */
  suggestedDeadline: string;
  form?: GroupFormState;
}

/** The organiser's view of their group. */
export interface GroupOrganiserView {
  action: string;
  title: string;
  /** The deadline in words ("Dec 5, 2026, 6:00 PM") and for the field. */
  deadline: string;
  deadlineLocal: string;
  state: 'open' | 'past-deadline' | 'closed' | 'cancelled';
  /** The whole share link; absent while revoked. */
  shareUrl?: string;
  asksNames: boolean;
  asksNumbers: boolean;
  note: string;
  /** "You pay for everyone" or "Each person pays $14.50 when joining". */
  payerText: string;
  roster: GroupRosterRow[];
  /** When members pay: the shares paid by card, and the rest still to pay (waiting, or added by hand). */
  money?: { collected: string; owed: string };
  /** Removed since the previous visit: who. */
  removedSince: string[];
  totals: { size: string; count: number }[];
  quantity: number;
  /** "12 more for the next price break: $1.05 less each", from the pricing engine; absent at the top break. */
  tierText?: string;
  /** The sizes to add someone in, each with what it costs when members pay (their share to collect). */
  sizes: { size: string; upcharge: string; price?: string }[];
  csvPath: string;
  form?: GroupFormState;
}

/** The request page's group section: the start form, or the group. */
export type CustomerPageGroup = { start: GroupStartView } | { group: GroupOrganiserView };

/** The member's page at the share link, or their entry's private page. */
export interface GroupMemberView {
  /** Where the form posts: the share link's /join, or the entry's own address. */
  action: string;
  title: string;
  note: string;
  garment: string;
  colour: string;
  /** The design on the garment as the organiser placed it (the request's mockups), when there are any. */
  mockups?: MockupView[];
  /**
   * On a member's own page, when the design has text each member fills in: their shirt with their own
   * back name and number, in place of the mockups (which show the studio's samples).
   */
  preview?: { view: 'front' | 'back'; src: string; alt: string }[];
  /** Else the request's proof or artwork preview, when it has a picture. */
  artwork?: { src: string; alt: string };
  deadline: string;
  /** Each size with its upcharge ("+$2.00") and, when members pay, its price each ("$16.50"). */
  sizes: { size: string; upcharge: string; price?: string }[];
  sizeChart: { size: string; chest: string; length: string }[];
  asksNames: boolean;
  asksNumbers: boolean;
  /** "Each person pays $14.50" when members pay, by card here when the shop takes cards. */
  price?: string;
  /** Open, or why it takes nothing: with whom to contact. */
  closed?: string;
  contact: { name: string; email: string };
  /** A member's own entry: the page is its edit page. */
  /** The member's own entry; one paid by card is removed by the shop, which refunds the card. */
  entry?: { removePath: string; paid: boolean };
  /**
   * A member's share paid by card: paid, or waiting. While waiting the page says so and, unless the member is
   * just back from paying, offers the button to pay (again after a cancel).
   */
  payment?: {
    paid: boolean;
    text: string;
    pay?: { action: string; label: string };
    /** Back from paying, not yet confirmed: the page loads this address again by itself (no script). */
    refresh?: string;
  };
  /** What the page says after a post. */
  notice?: { type: 'success' | 'error'; text: string };
  form: GroupFormState;
  csrfToken: string;
}

/** The group on the desk's request page: the live roster while open, the list it became once closed. */
export interface DeskGroupView {
  title: string;
  /** "Open until Dec 5, 2026, 6:00 PM", "Closed Dec 6, …". */
  stateText: string;
  quantity: number;
  totals: { size: string; count: number }[];
  roster: {
    id: number;
    name: string;
    email: string;
    size: string;
    quantity: number;
    back: string;
    payment: string;
    /** Where the desk removes the entry, while the group is open. */
    removePath?: string;
    /** Paid by card: removing it refunds the card. */
    paid: boolean;
  }[];
  csvPath: string;
  packingPath: string;
}

/** The printable packing sheet: everyone sorted by size, then name. */
export interface GroupPackingView {
  page: 'group-packing';
  staff: string;
  reference: string;
  title: string;
  stateText: string;
  totals: { size: string; count: number }[];
  rows: { id: number; size: string; name: string; quantity: number; back: string }[];
}
