import type { LinkKeys } from '#server/http/link-secrets.ts';
import type { SiteConfig } from '#shared/site-data.ts';

/** Who the mails come from, where the shop's go, and what links they carry: the same for every mail. */
export interface MailSettings {
  /** MAIL_FROM: the sender of every mail. */
  from: string;
  /** SHOP_EMAIL: where the shop's copy of each submission, and the customer's notes, go. */
  shopEmail: string;
  /**
   * The shop as the site presents it (data/config.json): its name, phone and public e-mail; its address
   * and opening hours for the mails that say where and when to pick an order up.
   */
  shop: Pick<SiteConfig, 'appName' | 'contact'> & Partial<Pick<SiteConfig, 'address' | 'openingHours'>>;
  /** PUBLIC_URL: the origin of every link a mail carries. */
  publicUrl: string;
  /**
   * The links' keys (from CSRF_SECRET): a link is put in its mail as it is sent, from what is stored
   * and these. Without them a mail goes without the customer's link, and a sign-in link cannot be sent.
   */
  linkKeys?: LinkKeys;
  /**
   * The staff desk's address (PUBLIC_URL/staff) when STAFF_EMAILS opens it: the shop's copy is then a
   * summary with a link to the request, its files staying in the database. Without a desk the copy
   * carries everything, files attached, as the shop has no other way to see them.
   */
  deskUrl?: string;
  /** Stripe is set up: a customer can pay by card on their private page (the mails say so only then). */
  cardPayments?: boolean;
  /** The shop's time zone (the order terms'): times in mails read as the desk shows them. UTC without it. */
  timeZone?: string;
}
