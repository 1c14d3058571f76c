import type { MailDraft } from '#server/mail/mail-draft.ts';
import { SIGN_IN_LINK_TTL_MS } from './staff-auth.ts';

/** The mail with a staff member's one-time sign-in link. */
export function signInLinkMail(to: string, link: string, shopName: string): MailDraft {
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
    look: { button: { href: link, label: `Sign in to the ${shopName} desk` } },
  };
}
