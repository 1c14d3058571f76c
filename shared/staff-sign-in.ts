/**
 * The most sign-in links one staff address is sent (issue 24, finding 2): each is a live credential
 * and a mail queued ahead of customers', so a few visitor addresses must not flood one mailbox. Past
 * either cap the sign-in page answers exactly as for any address and nothing is sent. Shared so the
 * page can tell staff the numbers the server counts by.
 */
export const SIGN_IN_LINK_CAPS = [
  { per: '15 minutes', limit: 3, windowMs: 15 * 60 * 1000 },
  { per: 'day', limit: 10, windowMs: 24 * 60 * 60 * 1000 },
] as const;

export type SignInLinkCap = (typeof SIGN_IN_LINK_CAPS)[number];
