import type { StoredPin } from '#server/requests/proof-pin-store.ts';
import { pinViews } from '#server/requests/proof-pin-views.ts';
import { handoverOfPayload } from '#server/requests/quote-payload.ts';
import { daysUntil, isPreviewable } from '#server/requests/request-details.ts';
import type { SentProof, SentQuote } from '#server/requests/version-store.ts';
import { printSizeText, quoteFigures } from '#server/requests/version-views.ts';
import type {
  CustomerPageMessage,
  CustomerPageProof,
  CustomerPageQuote,
  CustomerPageView,
  VersionState,
} from '#shared/customer-page-contract.ts';
import { optionalField } from '#shared/optional-field.ts';
import type { AskedView } from '#shared/requests/asked-view.ts';
import { customerCancellable, nextStepOf, timelineOf } from '#shared/requests/customer-steps.ts';
import { type PinView, pinStatuses } from '#shared/requests/proof-pins.ts';
import { isQuoteOpen, taxWords } from '#shared/requests/quote.ts';
import { isStatusOf, type RequestStatus } from '#shared/requests/request-status.ts';
import { localToday } from '#shared/submissions/quote-fields.ts';
import type { Approval, CustomerRequest } from './customer-store.ts';

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/** The files a message named, as the log keeps them. */
function filesOf(value: unknown): { position: number; name: string }[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((file: unknown) =>
    typeof file === 'object' &&
    file !== null &&
    typeof (file as { position?: unknown }).position === 'number' &&
    typeof (file as { name?: unknown }).name === 'string'
      ? [{ position: (file as { position: number }).position, name: (file as { name: string }).name }]
      : [],
  );
}

/**
 * The customer's page of a request, from what the customer and version stores keep: only what is
 * theirs to see. The activity log gives the timeline's dates and the messages; notes, who opened it
 * and the staff's addresses stay on the desk (the shop writes as the shop).
 */
export function requestPageView(
  request: CustomerRequest,
  {
    path,
    shopName,
    today,
    quotes = [],
    proofs = [],
    approvals = [],
    pins = [],
    asked,
  }: {
    path: string;
    /** What they asked for, as the desk reads it too (server/requests/request-details.ts). */
    asked: AskedView;
    shopName: string;
    today: Date;
    quotes?: SentQuote[];
    proofs?: SentProof[];
    approvals?: Approval[];
    pins?: StoredPin[];
  },
): Omit<CustomerPageView, 'notice'> {
  const reachedAt: Partial<Record<RequestStatus, string>> = { new: request.createdAt.toISOString() };
  let cancelledFrom: RequestStatus | undefined;
  const thread: CustomerPageMessage[] = [];
  for (const event of request.events) {
    // A status change, a quote or proof sent, an approval: each says where it moved the request.
    if (isStatusOf('quote', event.data.to)) {
      reachedAt[event.data.to] = event.at.toISOString();
      if (event.data.to === 'cancelled' && isStatusOf('quote', event.data.from)) cancelledFrom = event.data.from;
    }
    // A message sent with a status change is a message too, as is the reason the customer gave for a cancel.
    const said =
      event.type === 'message'
        ? text(event.data.text)
        : event.type === 'status'
          ? (text(event.data.message) ?? text(event.data.reason))
          : event.type === 'decision'
            ? text(event.data.comment)
            : undefined;
    const files = event.type === 'message' ? filesOf(event.data.files) : [];
    if (said || files.length > 0) {
      const fromCustomer = event.actor === 'customer';
      thread.push({
        at: event.at.toISOString(),
        from: fromCustomer ? 'customer' : 'shop',
        who: fromCustomer ? 'You' : shopName,
        text: said ?? '',
        files,
      });
    }
  }
  const inHands = text(request.payload.inHandsDate);
  const quote = quoteOf(request.status, quotes, approvals, localToday(today));
  const handover = request.promised?.handover ?? handoverOfPayload(request.payload);
  const freshQuoteAsked = request.status === 'quoted' && request.freshQuoteAskedAt !== undefined;
  return {
    reference: request.reference,
    path,
    status: request.status,
    receivedAt: request.createdAt.toISOString(),
    timeline: timelineOf(request.status, reachedAt, cancelledFrom),
    next: nextStepOf(request.status, { handover, quoteExpired: quote?.state === 'expired', freshQuoteAsked }),
    ...(inHands && /^\d{4}-\d{2}-\d{2}$/.test(inHands)
      ? { inHands: { date: inHands, daysLeft: daysUntil(inHands, today) } }
      : {}),
    // A promise is of a day ahead: an order cancelled, ready for pickup now or complete has none to keep.
    // While a proof waits, the day holds only if it is approved in time: the proof's deadline says both.
    ...optionalField(
      'promised',
      request.status === 'proof_sent' ||
        request.status === 'cancelled' ||
        request.status === 'completed' ||
        (request.status === 'ready' && handover === 'pickup')
        ? undefined
        : request.promised,
    ),
    asked,
    files: request.files.map((file) => ({
      position: file.position,
      name: file.name,
      size: file.size,
      previewable: isPreviewable(file.mediaType),
    })),
    thread,
    ...optionalField('quote', quote),
    ...(freshQuoteAsked && request.freshQuoteAskedAt
      ? { freshQuoteAskedAt: request.freshQuoteAskedAt.toISOString() }
      : {}),
    ...optionalField(
      'proof',
      proofOf(
        request.status,
        proofs,
        approvals,
        pinViews(pins, (author) => (author === 'customer' ? 'You' : shopName)),
      ),
    ),
    canCancel: customerCancellable.includes(request.status),
  };
}

/** Their approval of a version, if they gave it. */
function approvalOf(approvals: Approval[], subject: Approval['subject'], version: number) {
  const approval = approvals.find(
    (item) => item.subject === subject && item.version === version && item.decision === 'approved',
  );
  return approval && { name: approval.name, at: approval.at.toISOString() };
}

/** The newest quote: earlier versions are replaced and no longer theirs to approve. */
function quoteOf(
  status: RequestStatus,
  quotes: SentQuote[],
  approvals: Approval[],
  today: string,
): CustomerPageQuote | undefined {
  const quote = quotes.at(-1);
  if (!quote) return undefined;
  const approval = approvalOf(approvals, 'quote', quote.version);
  const state: VersionState = approval
    ? 'approved'
    : status !== 'quoted'
      ? 'closed'
      : isQuoteOpen(quote, quote.version, today)
        ? 'open'
        : 'expired';
  return {
    version: quote.version,
    ...quoteFigures(quote),
    validUntil: quote.validUntil,
    notes: quote.notes,
    sentAt: quote.sentAt.toISOString(),
    state,
    ...optionalField('approval', approval),
    taxNote: taxWords(quote.lines, 'Sales tax is added where it applies.'),
  };
}

/** The newest proof, with its notes and the versions it replaced. */
function proofOf(
  status: RequestStatus,
  proofs: SentProof[],
  approvals: Approval[],
  pins: PinView[],
): CustomerPageProof | undefined {
  const proof = proofs.at(-1);
  if (!proof) return undefined;
  const found = approvals.find(
    (item) => item.subject === 'proof' && item.version === proof.version && item.decision === 'approved',
  );
  const approval = found && {
    name: found.name,
    at: found.at.toISOString(),
    ...optionalField('fileSha256', found.fileSha256),
  };
  const sizeText = printSizeText(proof.widthInches, proof.heightInches);
  return {
    version: proof.version,
    name: proof.name,
    previewable: isPreviewable(proof.mediaType, 'proof'),
    ...(sizeText && proof.widthInches !== null && proof.heightInches !== null
      ? { print: { width: proof.widthInches, height: proof.heightInches, text: sizeText } }
      : {}),
    notes: proof.notes,
    sentAt: proof.sentAt.toISOString(),
    state: approval ? 'approved' : status === 'proof_sent' ? 'open' : status === 'quoted' ? 'draft' : 'closed',
    ...optionalField('approval', approval),
    pins: pins.filter((pin) => pin.version === proof.version),
    canPin: !approval && pinStatuses.includes(status) && status !== 'approved',
    earlier: proofs.slice(0, -1).map((older) => ({
      version: older.version,
      name: older.name,
      previewable: isPreviewable(older.mediaType, 'proof'),
      sentAt: older.sentAt.toISOString(),
      pins: pins.filter((pin) => pin.version === older.version),
    })),
  };
}
