import { Router } from 'express';
import createHttpError from 'http-errors';
import type { GroupStore } from '#server/groups/group-store.ts';
import { referenceOf, staffOf } from '#server/http/desk-request.ts';
import { formatMoney } from '#shared/money.ts';
import { askCardRefund, refundableCents } from './card-refund.ts';
import type { CheckoutGateway } from './checkout.ts';
import type { PaymentStore, StoredPayment } from './payment-store.ts';

/** What the desk's removal of a group entry answers, by the `done` the request page is sent back with. */
export const entryRemovalNotices = {
  'entry-removed': { type: 'success', text: 'The entry is removed from the group’s roster.' },
  'entry-refund-asked': {
    type: 'success',
    text: 'The entry is removed, and the refund of its card payment asked of Stripe: it is recorded once Stripe confirms it.',
  },
  'entry-refund-failed': {
    type: 'error',
    text: 'The entry is removed, but Stripe did not take the refund of its card payment: nothing was refunded. Refund it from the money card (once the request has a quote) or in Stripe’s Dashboard.',
  },
  'entry-not-removed': {
    type: 'error',
    text: 'The group is closed or cancelled: its roster is the request’s now, and the entry was not removed.',
  },
} as const;

/** The card payments a member made for their own entry: the payments of the Checkout Sessions made for it. */
async function entryCardPayments(
  payments: Pick<PaymentStore, 'paymentsOf' | 'checkoutSessionsOf'>,
  reference: string,
  entryId: number,
) {
  const [rows, sessions] = await Promise.all([payments.paymentsOf(reference), payments.checkoutSessionsOf(reference)]);
  const own = new Set(sessions.filter((session) => session.groupEntryId === entryId).map((session) => session.id));
  const paid = rows.filter(
    (item): item is StoredPayment & { stripePaymentIntent: string } =>
      item.kind === 'payment' &&
      item.state === 'succeeded' &&
      item.stripeSessionId !== null &&
      own.has(item.stripeSessionId) &&
      item.stripePaymentIntent !== null,
  );
  return { payments: rows, paid };
}

/**
 * The desk removes an entry from a request's open group. An entry the member paid for by card is the desk's
 * alone to remove (the member and the organiser are refused), and removing it refunds what is left of that
 * payment through the money card's own refund path, so both the removal and the refund are in the request's
 * activity under the staff member's name. The removal comes first: when Stripe refuses the refund, the desk
 * is told and refunds it from the money card.
 */
export function deskEntryRemoval(options: {
  groups: Pick<GroupStore, 'entryById' | 'groupOf' | 'removeEntry'>;
  payments: Pick<
    PaymentStore,
    'paymentsOf' | 'checkoutSessionsOf' | 'reserveRefund' | 'checkoutKeySalt' | 'releaseRefund' | 'confirmRefundAsked'
  >;
  gateway: CheckoutGateway | null;
}): Router {
  const router = Router();
  router.post('/staff/requests/:reference/group/entries/:entry/remove', async (req, res) => {
    const reference = referenceOf(req);
    const back = `/staff/requests/${reference}`;
    const id = /^\d{1,12}$/.test(String(req.params.entry)) ? Number(req.params.entry) : 0;
    const [found, group] = await Promise.all([options.groups.entryById(id), options.groups.groupOf(reference)]);
    if (!found || !group || found.group.id !== group.id || found.entry.removedAt !== null)
      throw createHttpError(404, 'There is no such entry in this request’s group.');
    const actor = `staff:${staffOf(res)}` as const;
    const { payments, paid } = await entryCardPayments(options.payments, reference, id);
    const outcome = await options.groups.removeEntry(id, actor);
    if (!outcome.ok) return res.redirect(303, `${back}?done=entry-not-removed#group`);
    const due = paid.flatMap((payment) => {
      const left = refundableCents(payments, payment);
      return left > 0 ? [{ payment, left }] : [];
    });
    if (due.length === 0) return res.redirect(303, `${back}?done=entry-removed#group`);
    const gateway = options.gateway;
    try {
      if (!gateway) throw new Error('Stripe is not set up here');
      for (const { payment, left } of due) {
        const refund = await askCardRefund(
          { gateway, payments: options.payments },
          {
            reference,
            payment,
            payments,
            amountCents: left,
            note: `Group entry of ${found.entry.name} removed: ${formatMoney(left)} back to their card.`,
            actor,
          },
        );
        req.log.info(
          { reference, entry: id, payment: payment.id, refund: refund.id, reason: 'refund_asked' },
          'group entry removed, refund asked of Stripe',
        );
      }
      res.redirect(303, `${back}?done=entry-refund-asked#group`);
    } catch (error) {
      req.log.error(
        { err: error, reference, entry: id, reason: 'refund_failed' },
        'group entry removed; Stripe refused its refund',
      );
      res.redirect(303, `${back}?done=entry-refund-failed#group`);
    }
  });
  return router;
}
