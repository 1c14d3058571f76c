import { SIGN_IN_LINK_TTL_MS } from '#server/staff/staff-auth.ts';
import type { ReadyMail } from '#server/storage/types.ts';
import { formatDay } from '#shared/desk-format.ts';
import { formatMoney } from '#shared/money.ts';
import { depositOf, type QuoteTerms, quoteTotal } from '#shared/requests/quote.ts';

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

/** The lines that point a customer to their request's private page, when it has one. */
function pageLines(link: string | undefined): string[] {
  return link ? ['', 'Your request, its status and our messages, on your private page:', link] : [];
}

/** The shop's message to a customer, sent with a status change. */
export function customerUpdateMail(
  to: string,
  {
    reference,
    status,
    message,
    shopName,
    link,
  }: { reference: string; status: string; message: string; shopName: string; link?: string },
): ReadyMail {
  return {
    to,
    subject: `${shopName}: your request ${reference} is now ${status.toLowerCase()}`,
    text: [message, '', `Reference: ${reference}`, `Status: ${status}`, ...pageLines(link), '', `${shopName}`].join(
      '\n',
    ),
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
    link,
  }: { reference: string; message: string; shopName: string; kind: 'quote' | 'contact'; link?: string },
): ReadyMail {
  const about = kind === 'quote' ? `your quote request ${reference}` : `your message ${reference}`;
  return {
    to,
    subject: `${shopName}: about ${about}`,
    text: [message, '', `Reference: ${reference}`, ...pageLines(link), '', shopName].join('\n'),
  };
}

/** The customer's new private link, after the shop replaced one that had leaked. */
export function newRequestLinkMail(
  to: string,
  { reference, shopName, link }: { reference: string; shopName: string; link: string },
): ReadyMail {
  return {
    to,
    subject: `${shopName}: a new link to your request ${reference}`,
    text: [
      `We have replaced the link to the private page of your request ${reference}; the old one no longer works.`,
      'Your new link (anyone with it can see the request, so keep it to yourself):',
      link,
      '',
      shopName,
    ].join('\n'),
  };
}

/** A quote version, e-mailed whole: the customer can read every line without opening anything. */
export function quoteMail(
  to: string,
  {
    reference,
    version,
    terms,
    shopName,
    link,
  }: { reference: string; version: number; terms: QuoteTerms; shopName: string; link?: string },
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
      link
        ? `To approve it, or to ask for changes, open your request's private page:\n${link}`
        : 'To go ahead, or to change anything, reply to this e-mail.',
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
    link,
  }: { reference: string; version: number; notes: string; printSize?: string; shopName: string; link?: string },
): ReadyMail {
  return {
    to,
    subject: `${shopName}: your proof for ${reference} is ready${version > 1 ? ` (v${version})` : ''}`,
    text: [
      `Your proof for request ${reference} is ready${version > 1 ? ` (version ${version}, replacing the one before)` : ''}.`,
      ...(printSize ? [`Print size: ${printSize}.`] : []),
      ...(notes ? ['', notes] : []),
      '',
      'Please check the spelling, colors, size and placement. Nothing is printed until you approve it.',
      link
        ? `See it large, approve it or ask for changes on your request's private page:\n${link}`
        : 'Reply to this e-mail to approve it or to ask for changes.',
      '',
      `Reference: ${reference}`,
      shopName,
    ].join('\n'),
  };
}
