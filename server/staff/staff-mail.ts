import type { ReadyMail } from '#server/storage/types.ts';
import { formatDay } from '#shared/desk-format.ts';
import { formatMoney } from '#shared/money.ts';
import { depositOf, type QuoteTerms, quoteTotal } from '#shared/requests/quote.ts';
import { SIGN_IN_LINK_TTL_MS } from './staff-auth.ts';

/** The mail with a staff member's one-time sign-in link. */
export function signInLinkMail(to: string, link: string, shopName: string): ReadyMail {
  const minutes = SIGN_IN_LINK_TTL_MS / 60_000;
  return {
    to,
    subject: `Your sign-in link for the ${shopName} desk`,
    text: [
      `Open this link within ${minutes} minutes to sign in to the ${shopName} desk:`,
      '',
      link,
      '',
      'It works once. If you did not ask for it, ignore this mail: nobody can sign in without it.',
    ].join('\n'),
  };
}

/** The shop's message to a customer, sent with a status change. */
export function customerUpdateMail(
  to: string,
  { reference, status, message, shopName }: { reference: string; status: string; message: string; shopName: string },
): ReadyMail {
  return {
    to,
    subject: `${shopName}: your request ${reference} is now ${status.toLowerCase()}`,
    text: [message, '', `Reference: ${reference}`, `Status: ${status}`, '', `${shopName}`].join('\n'),
  };
}

/** The shop's message to a customer from the desk (a reply to a contact message, a question about a quote). */
export function customerMessageMail(
  to: string,
  {
    reference,
    message,
    shopName,
    kind,
  }: { reference: string; message: string; shopName: string; kind: 'quote' | 'contact' },
): ReadyMail {
  const about = kind === 'quote' ? `your quote request ${reference}` : `your message ${reference}`;
  return {
    to,
    subject: `${shopName}: about ${about}`,
    text: [message, '', `Reference: ${reference}`, '', shopName].join('\n'),
  };
}

/** A quote version, e-mailed whole: the customer can read every line without opening anything. */
export function quoteMail(
  to: string,
  { reference, version, terms, shopName }: { reference: string; version: number; terms: QuoteTerms; shopName: string },
): ReadyMail {
  const total = quoteTotal(terms.lines);
  const lines = terms.lines.map(
    (line) =>
      `- ${line.label}: ${line.quantity} × ${formatMoney(line.unitCents)} = ${formatMoney(line.quantity * line.unitCents)}`,
  );
  return {
    to,
    subject: `${shopName}: your quote for ${reference}${version > 1 ? ` (revised, v${version})` : ''}`,
    text: [
      `Here is our quote for your request ${reference}${version > 1 ? `. It replaces the one we sent before (this is version ${version})` : ''}.`,
      '',
      ...lines,
      '',
      `Total: ${formatMoney(total)}`,
      `Deposit before production: ${formatMoney(depositOf(total, terms.depositPercent))} (${terms.depositPercent}%)`,
      `Good until: ${formatDay(terms.validUntil)}`,
      ...(terms.notes ? ['', terms.notes] : []),
      '',
      'To go ahead, or to change anything, reply to this e-mail.',
      '',
      `Reference: ${reference}`,
      shopName,
    ].join('\n'),
  };
}

/** A proof to approve: the file stays on the server, the mail says what to look at. */
export function proofMail(
  to: string,
  {
    reference,
    version,
    notes,
    printSize,
    shopName,
  }: { reference: string; version: number; notes: string; printSize?: string; shopName: string },
): ReadyMail {
  return {
    to,
    subject: `${shopName}: your proof for ${reference} is ready${version > 1 ? ` (v${version})` : ''}`,
    text: [
      `Your proof for request ${reference} is ready${version > 1 ? ` (version ${version}, replacing the one before)` : ''}.`,
      ...(printSize ? [`Print size: ${printSize}.`] : []),
      ...(notes ? ['', notes] : []),
      '',
      'Please check the spelling, colors, size and placement. Nothing is printed until you approve it: reply to this e-mail to approve or to ask for changes.',
      '',
      `Reference: ${reference}`,
      shopName,
    ].join('\n'),
  };
}
