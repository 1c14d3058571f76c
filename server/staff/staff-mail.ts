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
