/**
 * The most sign-in links one staff address is sent at the asking of one visitor address: each is a live credential and a mail queued ahead of customers', so a few visitor
 * addresses must not flood one mailbox. Counted per asker and staff address together, so someone who
 * knows a staff address uses up only their own share of it, never the staff member's. Past either cap
 * the sign-in page answers exactly as for any address and nothing is sent. Shared so the page can tell
 * staff the numbers the server counts by.
 */
export const SIGN_IN_LINK_CAPS = [
  { per: '15 minutes', limit: 3, windowMs: 15 * 60 * 1000 },
  { per: 'day', limit: 10, windowMs: 24 * 60 * 60 * 1000 },
] as const;

/**
 * The most links one staff address is sent whoever asks: a ceiling against many visitor addresses
 * spraying one mailbox, set well above what one asker may cause (four askers' full shares and more),
 * so no single other sender can lock the staff member out.
 */
export const SIGN_IN_ADDRESS_CEILINGS = [
  { per: '15 minutes', limit: 12, windowMs: 15 * 60 * 1000 },
  { per: 'day', limit: 40, windowMs: 24 * 60 * 60 * 1000 },
] as const;

export type SignInLinkCap = (typeof SIGN_IN_LINK_CAPS)[number] | (typeof SIGN_IN_ADDRESS_CEILINGS)[number];
