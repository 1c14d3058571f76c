import type { CustomerRequest } from '#server/storage/types.ts';
import type { RequestPageMessage, RequestPageView } from '#shared/request-page-contract.ts';
import { customerCancellable, nextStepOf, timelineOf } from '#shared/requests/customer-steps.ts';
import { isStatusOf, type RequestStatus } from '#shared/requests/request-status.ts';
import { daysUntil, detailViews, isPreviewable } from './request-details.ts';

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
 * The customer's page of a request, from what the storage keeps: only what is theirs to see. The
 * activity log gives the timeline's dates and the messages; notes, who opened it and the staff's
 * addresses stay on the desk (the shop writes as the shop).
 */
export function requestPageView(
  request: CustomerRequest,
  { path, shopName, today }: { path: string; shopName: string; today: Date },
): Omit<RequestPageView, 'notice'> {
  const reachedAt: Partial<Record<RequestStatus, string>> = { new: request.createdAt.toISOString() };
  let cancelledFrom: RequestStatus | undefined;
  const thread: RequestPageMessage[] = [];
  for (const event of request.events) {
    if (event.type === 'status' && isStatusOf('quote', event.data.to)) {
      reachedAt[event.data.to] = event.at.toISOString();
      if (event.data.to === 'cancelled' && isStatusOf('quote', event.data.from)) cancelledFrom = event.data.from;
    }
    // A message sent with a status change is a message too, as is the reason the customer gave for a cancel.
    const said =
      event.type === 'message'
        ? text(event.data.text)
        : event.type === 'status'
          ? (text(event.data.message) ?? text(event.data.reason))
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
  const estimate = text(request.payload.websiteEstimate);
  const { websiteEstimate: _shownApart, ...payload } = request.payload;
  return {
    reference: request.reference,
    path,
    status: request.status,
    receivedAt: request.createdAt.toISOString(),
    timeline: timelineOf(request.status, reachedAt, cancelledFrom),
    next: nextStepOf(request.status),
    ...(inHands && /^\d{4}-\d{2}-\d{2}$/.test(inHands)
      ? { inHands: { date: inHands, daysLeft: daysUntil(inHands, today) } }
      : {}),
    details: detailViews({ ...request, payload }),
    ...(estimate ? { estimate } : {}),
    files: request.files.map((file) => ({
      position: file.position,
      name: file.name,
      size: file.size,
      previewable: isPreviewable(file.mediaType),
    })),
    thread,
    canCancel: customerCancellable.includes(request.status),
  };
}
