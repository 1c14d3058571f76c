import type { ReadyMail } from '#server/storage/types.ts';
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
