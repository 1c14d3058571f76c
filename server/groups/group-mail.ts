import type { MailDraft } from '#server/mail/mail-draft.ts';
import type { MailSettings } from '#server/mail/mail-settings.ts';
import { groupSubject } from '#server/mail/queued-subject.ts';
import { inertText } from '#server/mail/user-text.ts';
import { formatDateTime } from '#shared/desk-format.ts';
import { formatMoney } from '#shared/money.ts';
import { entryPath, sharePath } from './group-links.ts';
import type { StoredGroup, StoredGroupEntry } from './group-store.ts';

/** To the organiser: the link to pass round, the deadline, and that it shows nothing of their request. */
export function shareLinkMail(
  to: string,
  group: StoredGroup,
  settings: Pick<MailSettings, 'publicUrl' | 'timeZone' | 'shop'> & { linkKeys: NonNullable<MailSettings['linkKeys']> },
): MailDraft {
  const path = sharePath(settings.linkKeys, group);
  const link = path ? `${settings.publicUrl}${path}` : undefined;
  const deadline = formatDateTime(group.deadline.toISOString(), settings.timeZone);
  return {
    to,
    subject: groupSubject('share-link', settings.shop.appName),
    text: [
      `Your group order "${inertText(group.title)}" (${group.reference}) is open until ${deadline}.`,
      '',
      ...(link
        ? [
            'Send this link to everyone in your group. Each person picks their size and adds their own entry:',
            '',
            link,
            '',
            'The link shows the garment and your note, never your address, your quote or your messages.',
          ]
        : ['The share link is turned off. Make a new one from your request page.']),
      '',
      'You see the roster, the size totals and the price breaks on your request page.',
    ].join('\n'),
    ...(link ? { look: { button: { href: link, label: 'Open the group page' } } } : {}),
  };
}

/** To a member: what they entered, and their private link to change or remove it before the deadline. */
export function entryReceiptMail(
  group: StoredGroup,
  entry: StoredGroupEntry,
  settings: Pick<MailSettings, 'publicUrl' | 'timeZone' | 'shop'> & { linkKeys: NonNullable<MailSettings['linkKeys']> },
  /** What the member's card payment brought in, from its row; absent for a receipt of joining alone. */
  paidCents?: number,
): MailDraft {
  const link = `${settings.publicUrl}${entryPath(settings.linkKeys, entry)}`;
  const deadline = formatDateTime(group.deadline.toISOString(), settings.timeZone);
  const back = inertText([entry.backName, entry.backNumber].filter(Boolean).join(' '));
  return {
    to: entry.email,
    subject: groupSubject('entry', settings.shop.appName),
    text: [
      `Hello ${inertText(entry.name)},`,
      '',
      `You are on the list for "${inertText(group.title)}":`,
      `Size: ${entry.size}`,
      `Quantity: ${entry.quantity}`,
      ...(back ? [`On the back: ${back}`] : []),
      // Queued by the webhook once a member's share is paid by card: this is their receipt for it, so it
      // states the money received, never a figure worked out again from the entry.
      ...(paidCents !== undefined ? [`Paid by card: ${formatMoney(paidCents)}. Thank you.`] : []),
      '',
      `To change or remove your entry before ${deadline}, open your private link:`,
      '',
      link,
      '',
      'Keep it to yourself: anyone with it can change your entry.',
    ].join('\n'),
    look: { button: { href: link, label: 'Change my entry' } },
  };
}
