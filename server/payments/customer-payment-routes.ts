import { type RequestHandler, Router } from 'express';
import createHttpError from 'http-errors';
import { BACK_TO_LOCAL } from '#server/http/http-errors.ts';
import type { LimitStore } from '#server/http/limit-store.ts';
import { submissionRateLimit } from '#server/http/rate-limit.ts';
import type { RequestLinks } from '#server/requests/request-links.ts';
import type { RequestService } from '#server/requests/request-service.ts';
import { type PaymentPurpose, paymentPurposes } from '#shared/payments/order-money.ts';
import { type CheckoutGateway, startCheckout } from './checkout.ts';
import { type InvoicePageOptions, showInvoice } from './invoice-route.ts';
import type { PaymentStore } from './payment-store.ts';

const referencePattern = /^Q-\d{4}-\d{6}$/;
const PAGE = '/requests/:reference/:secret';
const NOT_FOUND = 'There is no page at this address. Check the link in your e-mail, or call us.';

/** What the customer's payment and invoice routes are built from. */
export interface CustomerPaymentRoutesOptions extends InvoicePageOptions {
  /** The Checkout Sessions made for the page, and the payments on its invoice. */
  payments: Pick<
    PaymentStore,
    | 'checkoutSessionsOf'
    | 'saveCheckoutSession'
    | 'markCheckoutSession'
    | 'checkoutKeySalt'
    | 'paymentsOf'
    | 'depositWaiverOf'
  >;
  /** The pay posts' rate limit. */
  limits: Pick<LimitStore, 'countHit' | 'uncountHit' | 'hitsOf'>;
  requests: RequestService;
  links: RequestLinks;
  /** Stripe Checkout; null when the shop takes no card payments on the site. */
  gateway: CheckoutGateway | null;
  publicUrl: string;
  /** A credit note of the request as its printable page (the books' own), or undefined for none of it. */
  creditNotePage?: (
    number: string,
    reference: string,
    back: { path: string; label: string },
  ) => Promise<string | undefined>;
  /** Posts per address per 15 minutes: a session is made only so often. */
  rateLimit: number;
  now?: () => Date;
}

/** Only the link's secret opens the page's posts and invoice; an unknown reference and a wrong secret get one 404. */
function openedLink(links: RequestLinks): RequestHandler {
  return async (req, res, next) => {
    const { reference, secret } = req.params as { reference?: string; secret?: string };
    const opens =
      referencePattern.test(reference ?? '') &&
      typeof secret === 'string' &&
      (await links.opens(reference ?? '', secret));
    if (!opens) return next(createHttpError(404, NOT_FOUND));
    res.locals[BACK_TO_LOCAL] = `/requests/${reference}/${secret}`;
    next();
  };
}

/**
 * "Pay the $X deposit": makes (or finds again) a Stripe Checkout Session for what the server says is due
 * and answers 303 to Stripe's page; without card payments on the site, back to the page's offline words.
 */
function startPayment(options: CustomerPaymentRoutesOptions): RequestHandler {
  const now = options.now ?? (() => new Date());
  return async (req, res) => {
    const { reference, secret } = req.params as { reference: string; secret: string };
    const path = `/requests/${reference}/${secret}`;
    const purpose = String(req.params.purpose) as PaymentPurpose;
    if (!paymentPurposes.includes(purpose)) throw createHttpError(404, NOT_FOUND);
    if (!options.gateway) return res.redirect(303, `${path}?done=pay-offline#payment`);
    const due = await options.requests.payable(reference, purpose);
    if (!due) return res.redirect(303, `${path}?done=nothing-to-pay#payment`);
    try {
      const url = await startCheckout(
        { gateway: options.gateway, payments: options.payments, now },
        {
          reference,
          purpose,
          quoteVersion: due.quoteVersion,
          amountCents: due.amountCents,
          description: `${purpose === 'deposit' ? 'Deposit' : 'Balance'} for order ${reference} (${options.shop().appName})`,
          customerEmail: due.email,
          // Stripe puts the session's id in place of the braces: the page says "being confirmed" until its webhook.
          successUrl: `${options.publicUrl}${path}?paid={CHECKOUT_SESSION_ID}#payment`,
          cancelUrl: `${options.publicUrl}${path}?done=payment-cancelled#payment`,
        },
      );
      req.log.info(
        { reference, purpose, amountCents: due.amountCents, reason: 'checkout_started' },
        'sent to Stripe Checkout',
      );
      res.redirect(303, url);
    } catch (error) {
      req.log.error(
        { err: error, reference, purpose, reason: 'checkout_failed' },
        'Stripe Checkout could not be started',
      );
      res.redirect(303, `${path}?done=pay-unavailable#payment`);
    }
  };
}

/** A credit note of the request (a refund's or a discount's), printable like the invoice, never cached. */
function showCreditNote(options: CustomerPaymentRoutesOptions): RequestHandler {
  return async (req, res) => {
    const { reference, secret, number } = req.params as { reference: string; secret: string; number: string };
    const back = { path: `/requests/${reference}/${secret}`, label: 'Back to your request' };
    const html = await options.creditNotePage?.(number, reference, back);
    if (!html) throw createHttpError(404, 'This request has no credit note with that number.');
    res.set({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' }).type('html').send(html);
  };
}

/**
 * The customer pays from their private page: "Pay the $X deposit" is a plain form posted here, which makes
 * (or finds again) a Stripe Checkout Session for what the server says is due and answers 303 to Stripe's
 * page. Only the link's secret opens this, and posts count against the same rate limit as the page's other
 * forms. The page's invoice is here too.
 */
export function customerPaymentRoutes(options: CustomerPaymentRoutesOptions): Router {
  const router = Router();
  const opened = openedLink(options.links);
  router.post(
    `${PAGE}/pay/:purpose`,
    submissionRateLimit(options.rateLimit, options.limits, 'request-pay'),
    opened,
    startPayment(options),
  );
  router.get(`${PAGE}/credit-notes/:number`, opened, showCreditNote(options));
  router.get(
    `${PAGE}/invoice`,
    opened,
    showInvoice(options, (req) => {
      const { reference, secret } = req.params as { reference: string; secret: string };
      return { reference, back: { path: `/requests/${reference}/${secret}`, label: 'Back to your request' } };
    }),
  );
  return router;
}
