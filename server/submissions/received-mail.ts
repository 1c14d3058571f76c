import type { MailDraft } from '#server/mail/mail-draft.ts';
import type { MailSettings } from '#server/mail/mail-settings.ts';
import { customerLook } from '#server/mail/order-summary.ts';
import { inertText } from '#server/mail/user-text.ts';
import type { StoredMockup } from '#server/mockups/mockup-store.ts';
import { detailsOf, formatFields } from '#server/requests/payload-text.ts';
import { formatDateTime } from '#shared/desk-format.ts';
import { formatUsPhone } from '#shared/phone.ts';
import { formatFullCalendarDate, isCalendarDate } from '#shared/pricing/calendar-date.ts';
import { formatBytes } from '#shared/submissions/format-bytes.ts';
import { receivedSummary } from '#shared/submissions/received-summary.ts';
import type { Submission, SubmissionKind } from './submission-store.ts';

const kindLabels: Record<SubmissionKind, { shop: string; customer: string }> = {
  quote: { shop: 'Quote request', customer: 'quote request' },
  contact: { shop: 'Message', customer: 'message' },
};

/** The shop's copy: everything the visitor sent, files attached, and a reply goes to the visitor. */
export function shopMessage(
  submission: Submission,
  settings: MailSettings,
  mockups: readonly StoredMockup[] = [],
): MailDraft {
  const label = kindLabels[submission.kind].shop;
  const text = [
    `${label} ${submission.reference}`,
    '',
    `Name: ${inertText(submission.name)}`,
    `E-mail: ${submission.email}`,
    `Received: ${formatDateTime(submission.createdAt.toISOString(), settings.timeZone)}`,
    ...(submission.kind === 'quote' ? [`In short: ${quoteSummary(submission)}`, ...atAGlance(submission.payload)] : []),
    ...(settings.deskUrl
      ? [
          `Files: ${
            submission.files.length === 0
              ? 'none'
              : `${submission.files.length} (${formatBytes(
                  submission.files.reduce((sum, file) => sum + file.size, 0),
                  'staff',
                )}), on the desk`
          }`,
          '',
          `Open it on the desk: ${settings.deskUrl}/requests/${submission.reference}`,
        ]
      : ['', 'Details', ...formatFields(detailsOf(submission), '').map(inertText), '', ...formatFiles(submission)]),
    ...mockupLines(submission.reference, mockups),
  ].join('\n');
  return {
    to: settings.shopEmail,
    replyTo: { name: submission.name, address: submission.email },
    subject: `${label} ${submission.reference} from ${inertText(submission.name)}`,
    text,
    // The mockups go whatever the desk: small pictures the shop sees before opening anything.
    attachments: [
      ...mockups.map((mockup) => ({
        filename: mockupFileName(submission.reference, mockup.view),
        content: mockup.data,
        contentType: mockup.mediaType,
      })),
      ...(settings.deskUrl ? [] : submission.files.map((file) => attachmentOf(file))),
    ],
  };
}

const mockupFileName = (reference: string, view: string) => `${reference}-mockup-${view}.jpg`;

/** What each mockup shows, in the mail's text: the garment and colour, each print's size in inches. */
function mockupLines(reference: string, mockups: readonly StoredMockup[]): string[] {
  if (mockups.length === 0) return [];
  return [
    '',
    'Mockups (attached)',
    ...mockups.flatMap((mockup) => [
      `  ${mockupFileName(reference, mockup.view)}: ${mockup.details.garmentName}, ${mockup.details.color}`,
      ...mockup.details.placements.map(
        (placed) =>
          `    ${placed.placement}: ${placed.widthInches} × ${placed.heightInches} in${placed.dpi ? `, ${placed.dpi} dpi` : ''}${placed.notes.length > 0 ? ` (${placed.notes.join(' ')})` : ''}`,
      ),
    ]),
  ];
}

/**
 * A visitor's file as a mail attachment, with the type detected on upload, except SVG: an SVG is a
 * document that can carry script, and a mail client or browser that opens an image/svg+xml
 * attachment inline may run it. It goes as application/octet-stream, to be saved, not shown.
 */
function attachmentOf(file: Submission['files'][number]) {
  if (file.mediaType === 'image/svg+xml') {
    return {
      filename: file.name,
      content: file.data,
      contentType: 'application/octet-stream',
      contentDisposition: 'attachment' as const,
    };
  }
  return { filename: file.name, content: file.data, contentType: file.mediaType };
}

/**
 * The visitor's confirmation. It repeats nothing they typed, not even their name (in the greeting or as
 * the To: display name): anyone can put someone else's address in the form, and a "name" such as "Your
 * account is locked, call 555 0100" would make the shop a relay for their text. The reference is ours.
 */
export function customerMessage(submission: Submission, settings: MailSettings, requestLink?: string): MailDraft {
  const { appName, contact } = settings.shop;
  const label = kindLabels[submission.kind].customer;
  const text = [
    'Hello,',
    '',
    `Thank you for your ${label}. It has reached us, and its reference is ${submission.reference}.`,
    '',
    ...(requestLink
      ? [
          'Follow it on your private page, where you can also write to us, send more artwork or cancel it. ' +
            'Anyone with this link can see the request, so keep it to yourself:',
          requestLink,
          '',
        ]
      : []),
    'What happens next: one of us reads it and answers you within one business day. To add anything, ' +
      'reply to this e-mail or call us and mention the reference.',
    '',
    `Phone: ${formatUsPhone(contact.phone)}`,
    `E-mail: ${contact.email}`,
    '',
    `Thank you for choosing ${appName}.`,
  ].join('\n');
  return {
    to: submission.email,
    // The public address, which a person reads, rather than the sending mailbox.
    replyTo: contact.email,
    subject: `We received your ${label} ${submission.reference}`,
    text,
    look: customerLook({
      reference: submission.reference,
      request: submission,
      rows: submission.kind === 'quote' ? [{ label: 'In short', value: quoteSummary(submission) }] : [],
      ...(requestLink ? { link: requestLink } : {}),
    }),
  };
}

/**
 * What the shop decides on first, under the counts: the service, the day it is wanted (as the desk
 * writes a date) and the website's estimate, its total alone (the whole of it is in the details or on
 * the desk). Each from the stored request (server/submissions/quote-payload.ts), when it holds it.
 */
function atAGlance({ service, inHandsDate, websiteEstimate }: Record<string, unknown>): string[] {
  const estimate =
    typeof websiteEstimate === 'string' ? /^(\$[\d,]+\.\d{2}) in total\b/.exec(websiteEstimate)?.[1] : undefined;
  return [
    ...(typeof service === 'string' && service ? [`Service: ${service}`] : []),
    ...(typeof inHandsDate === 'string' && isCalendarDate(inHandsDate)
      ? [`In-hands date: ${formatFullCalendarDate(inHandsDate)}`]
      : typeof inHandsDate === 'undefined' && typeof service === 'string'
        ? ['In-hands date: none given']
        : []),
    ...(estimate ? [`Website estimate: ${estimate}`] : []),
  ];
}

/** The order's size at a glance, before the details: pieces, files, images, comments. */
function quoteSummary({ payload, files }: Submission): string {
  return receivedSummary({
    pieces: typeof payload.quantity === 'number' ? payload.quantity : 0,
    fileTypes: files.map((file) => file.mediaType),
    comments: typeof payload.comments === 'string' && payload.comments.trim() !== '' ? 1 : 0,
  });
}

function formatFiles(submission: Submission): string[] {
  if (submission.files.length === 0) return ['Files: none'];
  return [
    'Files (attached)',
    ...submission.files.map(
      (file) => `  - ${inertText(file.name)} (${file.mediaType}, ${formatBytes(file.size, 'staff')})`,
    ),
  ];
}
