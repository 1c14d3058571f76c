import type { Approval } from '#server/customer/customer-store.ts';
import type { NotificationState } from '#server/mail/outbox-store.ts';
import { queuedSubject } from '#server/mail/queued-subject.ts';
import { humanize } from '#server/requests/payload-text.ts';
import type { StoredPin } from '#server/requests/proof-pin-store.ts';
import { pinViews } from '#server/requests/proof-pin-views.ts';
import { daysUntil, isPreviewable } from '#server/requests/request-details.ts';
import type { SentProof, SentQuote } from '#server/requests/version-store.ts';
import { printSizeText, quoteFigures } from '#server/requests/version-views.ts';
import type { Actor } from '#server/storage/activity.ts';
import { readMailFacts } from '#server/storage/mail-facts.ts';
import type { StoredFile } from '#server/submissions/submission-store.ts';
import { invoiceNumberText } from '#shared/books/book-numbers.ts';
import { termsLabel } from '#shared/books/invoice-terms.ts';
import type {
  DeskApproval,
  DeskEvent,
  DeskFile,
  DeskListItem,
  DeskMail,
  DeskMessage,
  DeskProof,
  DeskQuote,
} from '#shared/desk-contract.ts';
import { formatDay } from '#shared/desk-format.ts';
import { formatMoney } from '#shared/money.ts';
import { optionalField } from '#shared/optional-field.ts';
import type { PinView } from '#shared/requests/proof-pins.ts';
import { isQuoteOpen } from '#shared/requests/quote.ts';
import { type RequestStatus, statusLabels } from '#shared/requests/request-status.ts';
import { browserName } from './browser-name.ts';
import type { RequestDetail, RequestListItem } from './desk-store.ts';
import { groupEventText } from './group-event-text.ts';

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/** An inbox row from what the desk store lists. */
export function listItemView(item: RequestListItem, today: Date): DeskListItem {
  const inHandsDate = text(item.payload.inHandsDate);
  const quantity = item.payload.quantity;
  const company = text(item.payload.company);
  const service = text(item.payload.service);
  return {
    reference: item.reference,
    kind: item.kind,
    status: item.status,
    name: item.name,
    email: item.email,
    receivedAt: item.createdAt.toISOString(),
    unread: item.readAt === null,
    ...(item.freshQuoteAskedAt ? { freshQuoteAskedAt: item.freshQuoteAskedAt.toISOString() } : {}),
    ...(company ? { company } : {}),
    ...(service ? { service } : {}),
    ...(typeof quantity === 'number' ? { quantity } : {}),
    ...(inHandsDate && /^\d{4}-\d{2}-\d{2}$/.test(inHandsDate)
      ? { inHandsDate, daysLeft: daysUntil(inHandsDate, today) }
      : {}),
  };
}

/** A file as listed: only PNG and JPEG get a preview. */
export function fileView(file: Pick<StoredFile, 'name' | 'mediaType' | 'size'>, position: number): DeskFile {
  return {
    position,
    name: file.name,
    mediaType: file.mediaType,
    size: file.size,
    previewable: isPreviewable(file.mediaType),
  };
}

/** Who did it, for people: the staff member's address, "The customer" or "The website". */
function actorName(actor: Actor): string {
  if (actor.startsWith('staff:')) return actor.slice('staff:'.length);
  return actor === 'customer' ? 'The customer' : 'The website';
}

/** Logged cents as money; a figure the log does not hold reads as nothing rather than a wrong amount. */
function moneyText(cents: unknown): string {
  return typeof cents === 'number' && Number.isSafeInteger(cents) ? formatMoney(cents) : '';
}

/** ", moving it from Approved to Proof sent" when a send also moved the request. */
function movedText(data: Record<string, unknown>): string {
  const from = statusLabels[data.from as RequestStatus];
  const to = statusLabels[data.to as RequestStatus];
  return from && to ? `, moving it from ${from} to ${to}` : '';
}

/** One activity line, worded. */
export function eventView(event: RequestDetail['events'][number]): DeskEvent {
  const base = { at: event.at.toISOString(), who: actorName(event.actor) };
  const data = event.data;
  switch (event.type) {
    case 'opened':
      return { ...base, what: 'Opened it on the desk' };
    case 'message': {
      const files = Array.isArray(data.files) ? data.files.length : 0;
      const what =
        event.actor === 'customer'
          ? `Wrote to the shop${files > 0 ? `, with ${files === 1 ? 'a file' : `${files} files`} (see Artwork)` : ''}`
          : 'Wrote to the customer';
      return { ...base, what, ...(text(data.text) ? { text: data.text as string } : {}) };
    }
    case 'decision': {
      const what = data.subject === 'proof' ? 'proof' : 'quote';
      const approved = data.decision === 'approved';
      return {
        ...base,
        what: approved
          ? `Approved ${what} v${String(data.version)}, signing as “${String(data.name ?? '')}”${movedText(data)}`
          : `Asked for changes to ${what} v${String(data.version)}`,
        ...(text(data.comment) ? { text: data.comment as string } : {}),
      };
    }
    case 'confirmation_skipped':
      return { ...base, what: 'Confirmation not sent: daily limit (the address had its most in 24 hours)' };
    case 'promised':
      return {
        ...base,
        what: `Promised for ${formatDay(String(data.date))}${data.handover === 'delivery' ? ' (delivery)' : ' (pickup)'}${text(data.was) ? `, was ${formatDay(String(data.was))}` : ''}`,
      };
    case 'press_day':
      return {
        ...base,
        what: `Set the press day to ${formatDay(String(data.date))}${text(data.was) ? `, was ${formatDay(String(data.was))}` : ''}`,
      };
    case 'link_replaced':
      return { ...base, what: 'Replaced the customer’s link (the old one no longer works)' };
    case 'quote':
      return {
        ...base,
        what: `Sent quote v${String(data.version)}${typeof data.totalCents === 'number' ? ` (${formatMoney(data.totalCents)})` : ''}${movedText(data)}`,
      };
    case 'proof':
      return {
        ...base,
        what: `Sent proof v${String(data.version)}${text(data.name) ? `: ${data.name as string}` : ''}${movedText(data)}`,
      };
    case 'payment': {
      const purpose =
        data.purpose === 'deposit'
          ? 'deposit'
          : data.purpose === 'balance'
            ? 'balance'
            : data.purpose === 'group-share'
              ? 'group member’s share'
              : 'payment';
      const how = data.method === 'card' ? 'by card on the site' : `(${humanize(String(data.method ?? ''))})`;
      return {
        ...base,
        what: `Recorded a ${moneyText(data.amountCents)} ${purpose} ${how}${data.flag ? ', flagged for the desk' : ''}`,
        ...(text(data.note) ? { text: data.note as string } : {}),
      };
    }
    case 'refund':
      return { ...base, what: `Refunded ${moneyText(data.amountCents)} (confirmed by Stripe)` };
    case 'refund_asked':
      return {
        ...base,
        what: `Asked Stripe to refund ${moneyText(data.amountCents)}`,
        ...(text(data.note) ? { text: data.note as string } : {}),
      };
    case 'refund_failed':
      return { ...base, what: `Stripe could not refund ${moneyText(data.amountCents)}` };
    case 'payment_failed':
      return { ...base, what: `A ${moneyText(data.amountCents)} card payment failed` };
    case 'deposit_waived':
      return { ...base, what: 'Waived the deposit', ...(text(data.reason) ? { text: data.reason as string } : {}) };
    case 'group_started':
    case 'group_joined':
    case 'group_entry_changed':
    case 'group_entry_removed':
    case 'group_closed':
    case 'group_deadline':
    case 'group_link_revoked':
    case 'group_link_replaced':
      return { ...base, what: groupEventText(event.type, data) };
    case 'design_edited':
      return {
        ...base,
        what: `Edited the studio design${text(data.location) ? ` (${String(data.location)})` : ''}; the design it replaced is kept`,
      };
    case 'note':
      return { ...base, what: 'Added a note', ...(text(data.text) ? { text: data.text as string } : {}) };
    case 'fresh_quote_asked':
      return { ...base, what: `Asked for a fresh quote: quote v${String(data.version)} had expired` };
    case 'reminder':
      return {
        ...base,
        what:
          data.kind === 'invoice-due'
            ? `Reminded the customer that invoice ${invoiceNumberText(Number(data.invoice))} ${data.stage === 'after' ? 'is past due' : `is due ${typeof data.due === 'string' ? formatDay(data.due) : ''}`} (e-mail)`
            : data.about === 'deposit'
              ? 'Reminded the customer of the deposit due (e-mail)'
              : data.about === 'balance'
                ? 'Reminded the customer the order is ready and its balance due (e-mail)'
                : data.about === 'proof-deadline'
                  ? `Reminded the customer to approve proof v${String(data.version)} by ${typeof data.day === 'string' ? formatDay(data.day) : 'its deadline'} (e-mail)`
                  : data.about === 'proof-date-moved'
                    ? `Told the customer the date asked for can no longer be kept: ${typeof data.keeps === 'string' ? formatDay(data.keeps) : 'a later date'} if approved now (e-mail)`
                    : `Reminded the customer that quote v${String(data.version)} expires soon (e-mail)`,
      };
    case 'status': {
      const from = statusLabels[data.from as RequestStatus] ?? String(data.from);
      const to = statusLabels[data.to as RequestStatus] ?? String(data.to);
      if (data.undo === true) return { ...base, what: `Undid the cancel: back from ${from} to ${to}` };
      const message = text(data.message);
      // A customer's cancel may give a reason: it is theirs, not a message to them.
      const reason = text(data.reason);
      return {
        ...base,
        what: `Moved it from ${from} to ${to}${message ? ', with a message to the customer' : reason ? ', saying why' : ''}`,
        ...(message ? { text: message } : reason ? { text: reason } : {}),
      };
    }
    case 'proof_note':
      return { ...base, what: `Pinned note ${String(data.number)} on proof v${String(data.version)}` };
    case 'proof_note_answer':
      return {
        ...base,
        what:
          data.answered === true
            ? `Answered note ${String(data.number)}${data.done === true ? ' and marked it done' : ''}`
            : `${data.done === false ? 'Opened again' : 'Marked done:'} note ${String(data.number)}`,
      };
    case 'payment-terms':
      return {
        ...base,
        what: `Set the payment terms for the next invoice: ${termsLabel(Number(data.netDays))}${text(data.poNumber) ? `, PO ${String(data.poNumber)}` : ''}`,
      };
    default:
      return { ...base, what: humanize(event.type), ...(text(data.text) ? { text: data.text as string } : {}) };
  }
}

/** The state of each mail owed for the request, under the subject it goes (or went) with. */
export function mailView(
  notification: NotificationState,
  about: { reference: string; shopName: string; memberNames?: ReadonlyMap<number, string> },
): DeskMail {
  const facts = readMailFacts(notification.recipient, notification.facts);
  const subject = facts && queuedSubject(facts, about.reference, about.shopName);
  // A group member's receipt goes to the member's own address, not the customer's: said so, by name.
  const member =
    facts?.kind === 'group' && facts.about === 'entry'
      ? `To member ${(facts.entry && about.memberNames?.get(facts.entry)) || 'of the group'}`
      : undefined;
  return {
    recipient:
      subject !== undefined
        ? `${member ?? (notification.recipient === 'customer' ? 'To the customer' : 'To the shop')}: “${subject}”`
        : notification.recipient === 'shop'
          ? 'Shop’s copy'
          : 'Customer’s confirmation',
    state: notification.sentAt ? 'sent' : notification.failedAt ? 'failed' : 'waiting',
    attempts: notification.attempts,
    ...(notification.lastError && !notification.sentAt ? { lastError: notification.lastError } : {}),
  };
}

/**
 * The conversation with the customer: a contact message's text, then each message since. A quote's
 * comments stay with what they sent, not repeated here.
 */
export function threadView(request: Pick<RequestDetail, 'payload' | 'createdAt' | 'name' | 'events'>): DeskMessage[] {
  const first = text(request.payload.message);
  return [
    ...(first
      ? [{ at: request.createdAt.toISOString(), from: 'customer' as const, who: request.name, text: first }]
      : []),
    ...request.events.flatMap((event) => {
      const said = threadText(event);
      if (!said) return [];
      return [
        {
          at: event.at.toISOString(),
          from: event.actor === 'customer' ? ('customer' as const) : ('shop' as const),
          who: event.actor === 'customer' ? request.name : actorName(event.actor),
          text: said,
        },
      ];
    }),
  ];
}

/** What an event said to the other side: a message, or the changes a customer asked for on a version. */
function threadText(event: RequestDetail['events'][number]): string | undefined {
  if (event.type === 'message') return text(event.data.text);
  if (event.type !== 'decision' || event.data.decision !== 'changes') return undefined;
  const comment = text(event.data.comment);
  const subject = event.data.subject === 'proof' ? 'proof' : 'quote';
  return comment && `Changes asked to ${subject} v${String(event.data.version)}: ${comment}`;
}

/** The customer's approval of a version, as the desk shows the record: who signed, when, from where. */
function approvalOf(approvals: Approval[], subject: Approval['subject'], version: number): DeskApproval | undefined {
  const approval = approvals.find(
    (item) => item.subject === subject && item.version === version && item.decision === 'approved',
  );
  if (!approval) return undefined;
  return {
    name: approval.name,
    at: approval.at.toISOString(),
    ip: approval.ip,
    userAgent: approval.userAgent,
    ...optionalField('browser', browserName(approval.userAgent)),
    ...optionalField('fileSha256', approval.fileSha256),
    ...optionalField('terms', approval.terms && termsText(approval.terms)),
  };
}

/** The order terms kept with an approval (JSON), in the words the customer agreed to. */
function termsText(json: string): string | undefined {
  try {
    const terms = JSON.parse(json) as { payments?: { cancelText?: unknown }; salesTax?: unknown };
    const parts = [terms.payments?.cancelText, terms.salesTax].filter(
      (part): part is string => typeof part === 'string' && part !== '',
    );
    return parts.length > 0 ? parts.join(' ') : undefined;
  } catch {
    return undefined;
  }
}

/** The notes as the desk reads them: the customer's by their name, the staff's by theirs. */
export function deskPinViews(pins: readonly StoredPin[], customerName: string): PinView[] {
  return pinViews(pins, (author) => (author === 'customer' ? customerName : actorName(author)));
}

/** A sent quote as the desk lists it: amounts formatted, and whether the customer can still approve it. */
export function quoteView(
  quote: SentQuote,
  latestVersion: number,
  today: string,
  approvals: Approval[] = [],
): DeskQuote {
  const approval = approvalOf(approvals, 'quote', quote.version);
  return {
    version: quote.version,
    ...optionalField('approval', approval),
    ...quoteFigures(quote),
    validUntil: quote.validUntil,
    notes: quote.notes,
    sentAt: quote.sentAt.toISOString(),
    sentBy: actorName(quote.sentBy),
    // Approved says it all: its valid-until date no longer matters once the customer said yes.
    state: approval
      ? 'approved'
      : isQuoteOpen(quote, latestVersion, today)
        ? 'open'
        : quote.version === latestVersion
          ? 'expired'
          : 'superseded',
  };
}

/** A sent proof as the desk lists it. */
export function proofView(
  proof: SentProof,
  latestVersion: number,
  approvals: Approval[] = [],
  notes: { pins: readonly PinView[]; open: boolean; pixels?: { width: number; height: number } } = {
    pins: [],
    open: false,
  },
): DeskProof {
  return {
    version: proof.version,
    ...optionalField('approval', approvalOf(approvals, 'proof', proof.version)),
    name: proof.name,
    size: proof.size,
    // A PDF is shown by its first page when the server drew it (its size known): pinned like a picture.
    previewable: isPreviewable(proof.mediaType, 'proof') || notes.pixels !== undefined,
    ...optionalField('printSize', printSizeText(proof.widthInches, proof.heightInches)),
    notes: proof.notes,
    sentAt: proof.sentAt.toISOString(),
    sentBy: actorName(proof.sentBy),
    current: proof.version === latestVersion,
    pins: notes.pins.filter((pin) => pin.version === proof.version),
    canPin: notes.open && proof.version === latestVersion,
    ...optionalField('pixels', notes.pixels),
  };
}
