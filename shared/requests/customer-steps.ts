import type { TimelineStep } from '#shared/customer-page-contract.ts';
import { quoteStatuses, type RequestStatus, statusLabels } from './request-status.ts';

/**
 * A quote request as its customer follows it: the steps of the order, what happens next and who is
 * waiting on whom, and until when they may cancel. The states themselves are request-status.ts's.
 */

/** A customer may cancel until they have approved a quote: after that the shop has started work. */
export const customerCancellable: readonly RequestStatus[] = ['new', 'quoted'];

/** The order's steps in their usual order (cancelled is not a step: it ends the way). */
const steps = quoteStatuses.filter((status) => status !== 'cancelled');

/** What the customer calls each step. */
const stepLabels: Partial<Record<RequestStatus, string>> = { new: 'Received', quoted: 'Quote sent' };

const nextSteps: Record<RequestStatus, { text: string; waitingOn: 'shop' | 'customer' | 'nobody' }> = {
  new: {
    waitingOn: 'shop',
    text: 'We are reading your request and working out your quote. You will have it by e-mail, usually within one business day.',
  },
  quoted: {
    waitingOn: 'customer',
    text: 'Your quote is below. Approve it to book your order, or ask us for changes.',
  },
  approved: {
    waitingOn: 'shop',
    text: 'Thank you for approving the quote. We are preparing a proof of your print for you to check.',
  },
  proof_sent: {
    waitingOn: 'customer',
    text: 'Your proof is below. Check every detail, then approve it or tell us what to change: nothing is printed before you approve.',
  },
  proof_approved: {
    waitingOn: 'shop',
    text: 'Proof approved. Your order is booked in for production.',
  },
  in_production: {
    waitingOn: 'shop',
    text: 'Your order is being made now.',
  },
  ready: {
    waitingOn: 'customer',
    text: 'Your order is ready: pick it up at the shop, or we will be in touch about the delivery you asked for.',
  },
  completed: {
    waitingOn: 'nobody',
    text: 'Your order is complete. Thank you for choosing us.',
  },
  cancelled: {
    waitingOn: 'nobody',
    text: 'This request is cancelled: nothing more will happen to it. Send a new quote request whenever you like.',
  },
  handled: { waitingOn: 'nobody', text: 'We have answered this message.' },
};

/** What the page knows beyond the status that changes what happens next. */
export interface NextStepContext {
  /** How the order is handed over: a Ready order is waiting at the shop, or its delivery is being arranged. */
  handover?: 'pickup' | 'delivery';
  /** The newest quote is past its date: it can no longer be approved. */
  quoteExpired?: boolean;
  /** They asked for a fresh quote, and none has come yet. */
  freshQuoteAsked?: boolean;
}

/** What happens next, and who is waiting on whom: never an approval that cannot be given. */
export function nextStepOf(status: RequestStatus, context: NextStepContext = {}) {
  if (status === 'quoted' && context.freshQuoteAsked) {
    return {
      waitingOn: 'shop' as const,
      text: 'You asked for a fresh quote. We will e-mail it to you, usually within one business day.',
    };
  }
  if (status === 'quoted' && context.quoteExpired) {
    return {
      waitingOn: 'customer' as const,
      text: 'Your quote’s date has passed, so it can no longer be approved. Press “Ask for a fresh quote” under your quote, and we will send you a new one.',
    };
  }
  if (status === 'ready' && context.handover === 'pickup') {
    return { waitingOn: 'customer' as const, text: 'Your order is ready for pickup at the shop.' };
  }
  if (status === 'ready' && context.handover === 'delivery') {
    return {
      waitingOn: 'shop' as const,
      text: 'Your order is ready. We will be in touch to arrange the delivery you asked for.',
    };
  }
  return nextSteps[status];
}

/**
 * The timeline: the steps the request really took, each dated with the last time the log shows it
 * reached there, then the current one, then those ahead. A step passed over with no record (no proof
 * needed, or a proof approved together with its quote) is left out: the timeline never marks a step
 * nobody took. A cancelled request shows the steps taken up to the one it was cancelled from
 * (`cancelledFrom`), then "Cancelled", and nothing ahead. `reachedAt` holds the last time each status
 * was reached, received being the request's own time.
 */
export function timelineOf(
  status: RequestStatus,
  reachedAt: Partial<Record<RequestStatus, string>>,
  cancelledFrom: RequestStatus = 'new',
): TimelineStep[] {
  const cancelled = status === 'cancelled';
  const at = Math.max(0, steps.indexOf((cancelled ? cancelledFrom : status) as (typeof steps)[number]));
  const shown = cancelled ? steps.slice(0, at + 1) : steps;
  const timeline: TimelineStep[] = shown.flatMap((step, index): TimelineStep[] => {
    const passed = index < at || (cancelled && index === at);
    if (passed && !reachedAt[step]) return [];
    return [
      {
        status: step,
        label: stepLabels[step] ?? statusLabels[step],
        state: passed ? 'done' : index === at ? 'current' : 'ahead',
        ...(index <= at && reachedAt[step] ? { at: reachedAt[step] } : {}),
      },
    ];
  });
  if (cancelled) {
    timeline.push({
      status: 'cancelled',
      label: statusLabels.cancelled,
      state: 'current',
      ...(reachedAt.cancelled ? { at: reachedAt.cancelled } : {}),
    });
  }
  return timeline;
}
