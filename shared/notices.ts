/** The four kinds of notice, toasts and flash messages alike. */
export const noticeTypes = ['success', 'error', 'info', 'warning'] as const;
/** Sets a notice's style and label; the flash cookie refuses any other value. */
export type NoticeType = (typeof noticeTypes)[number];

/** A flash message as it travels from a form post to the next page (cookie, then page state). */
export interface FlashNotice {
  type: NoticeType;
  /** Plain text, never HTML. */
  text: string;
  key?: string;
  /** A link the message offers (the private page of a quote request just sent): a path of this site. */
  link?: FlashLink;
  /**
   * The reference of a request just sent without JavaScript: the message is then a receipt for the
   * confirmation page it leads to (/pricing/sent), which shows it whole, and no banner repeats it.
   */
  reference?: string;
  /** No confirmation was mailed (the address's daily limit): the confirmation page says so. */
  confirmationSkipped?: true;
  /** The views of the request's mockups: the confirmation page shows them from its private page. */
  mockups?: ('front' | 'back')[];
}

/** Whether a page shows the flash as a banner: a receipt is its confirmation page's to show, whole. */
export function isBanner(flash: FlashNotice | null): flash is FlashNotice {
  return flash !== null && flash.reference === undefined;
}

/** A link in a flash message: where, and its words. */
export interface FlashLink {
  href: string;
  text: string;
}

/**
 * The flash cookie's name where cookies are Secure (production) and where they are not (development over
 * plain http). Browsers take a `__Host-` cookie only from the host itself, Secure, with Path=/ and no
 * Domain: a sibling subdomain can neither plant nor shadow it.
 */
export function flashCookieName(secure: boolean): string {
  return secure ? '__Host-flash' : 'flash';
}
