import { type Request, type Response, Router } from 'express';
import createHttpError from 'http-errors';
import type { CustomerStore } from '#server/customer/customer-store.ts';
import { deskGroupRoutes, deskGroupView } from '#server/groups/desk-group-routes.ts';
import type { GroupStore } from '#server/groups/group-store.ts';
import type { Csrf } from '#server/http/csrf.ts';
import type { LimitStore } from '#server/http/limit-store.ts';
import type { LinkKeys } from '#server/http/link-secrets.ts';
import type { OutboxStore } from '#server/mail/outbox-store.ts';
import { mockupDeskRoutes, mockupNotices } from '#server/mockups/mockup-desk-routes.ts';
import { deskMockups } from '#server/mockups/mockup-desk-views.ts';
import type { MockupStore } from '#server/mockups/mockup-store.ts';
import { paymentNotices } from '#server/payments/desk-payment-routes.ts';
import type { PaymentStore } from '#server/payments/payment-store.ts';
import { deskMoneyView } from '#server/payments/payment-views.ts';
import { productionDeskRoutes } from '#server/production/production-desk-routes.ts';
import type { ProductionPlanner } from '#server/production/production-planner.ts';
import type { ProductionStore } from '#server/production/production-store.ts';
import { askedView } from '#server/requests/request-details.ts';
import { filePosition, sendRequestFile } from '#server/requests/request-file.ts';
import type { RequestLinks } from '#server/requests/request-links.ts';
import { type RequestService, statusMail } from '#server/requests/request-service.ts';
import type { VersionStore } from '#server/requests/version-store.ts';
import type { Actor } from '#server/storage/activity.ts';
import type { QueuedFacts } from '#server/storage/mail-facts.ts';
import type { DeskFilter, DeskRenderOptions, DeskView } from '#shared/desk-contract.ts';
import { optionalField } from '#shared/optional-field.ts';
import type { PricingData } from '#shared/pricing/estimate.ts';
import { canPromise } from '#shared/requests/promised-date.ts';
import { isQuoteOpen } from '#shared/requests/quote.ts';
import {
  canSendProof,
  canSendQuote,
  inPersonApprovalOf,
  isStatusOf,
  mailsByItself,
  nextStatuses,
  type RequestStatus,
  UNDO_CANCEL_MS,
} from '#shared/requests/request-status.ts';
import { localToday } from '#shared/submissions/quote-fields.ts';
import { z } from '#shared/zod.ts';
import { noSuchRequest, referenceOf, requireStaff, staffOf, textField } from './desk-http.ts';
import type { DeskStore } from './desk-store.ts';
import { eventView, fileView, listItemView, mailView, proofView, quoteView, threadView } from './desk-views.ts';
import { proofFileRoutes, proofNotices } from './proof-routes.ts';
import { quoteRoutes } from './quote-routes.ts';
import { requestPageReads } from './request-page-reads.ts';
import { signInRoutes } from './sign-in-routes.ts';
import type { StaffAuth } from './staff-auth.ts';

/** The desk's form that moves the promised day: a real calendar day, and how the order is handed over. */
const promisedFormSchema = z.object({
  date: z.iso.date(),
  handover: z.enum(['pickup', 'delivery']),
});

/** Requests per inbox page. */
const PAGE_SIZE = 25;
/** The longest note or customer message the desk takes, as the quote form's comments. */
const MAX_TEXT = 2000;
const notices = {
  moved: { type: 'success', text: 'Status changed.' },
  noted: { type: 'success', text: 'Note added.' },
  conflict: {
    type: 'error',
    text: 'Someone changed this request while you were looking at it: check its status below and try again.',
  },
  'bad-move': { type: 'error', text: 'That status change is not possible from here.' },
  cancelled: {
    type: 'success',
    text: 'Request cancelled: the customer is told why by e-mail. You can undo it for 24 hours.',
  },
  'cancel-form': {
    type: 'error',
    text: 'Nothing was changed: cancel with the “Cancel this request” form, which asks why and for a confirmation.',
  },
  'no-reason': {
    type: 'error',
    text: 'Not cancelled: say why (the customer reads it), and tick the box to confirm.',
  },
  'cancel-unconfirmed': {
    type: 'error',
    text: 'Not cancelled: tick “Yes, cancel this request” to confirm.',
  },
  'cancel-undone': { type: 'success', text: 'Cancel undone: the request is back where it was.' },
  'cancel-undone-told': {
    type: 'success',
    text: 'Cancel undone: the request is back where it was, and the customer is told by e-mail.',
  },
  'cancel-undone-withdrawn': {
    type: 'success',
    text: 'Cancel undone: the request is back where it was. The cancel e-mail had not gone yet, so the customer is sent nothing.',
  },
  'undo-too-late': { type: 'error', text: 'A cancel can be undone for 24 hours only: this one is older.' },
  'not-cancelled': { type: 'error', text: 'The request is not cancelled (any more): check its status below.' },
  superseded: {
    type: 'error',
    text: 'A newer version was sent meanwhile: the approval was not recorded. Check the request below.',
  },
  expired: {
    type: 'error',
    text: 'The quote is past its valid-until date: send a new version before recording an approval.',
  },
  'not-waiting': { type: 'error', text: 'Nothing is waiting for that approval any more: check the request below.' },
  promised: { type: 'success', text: 'Date changed: the customer is told by e-mail.' },
  'promise-bad': { type: 'error', text: 'Choose a date, and pickup or delivery.' },
  'promise-past': { type: 'error', text: 'That day has gone: choose today or later.' },
  'promise-not-booked': {
    type: 'error',
    text: 'A date is promised once the proof is approved, until the order is completed.',
  },
  'empty-note': { type: 'error', text: 'Write the note first.' },
  sent: { type: 'success', text: 'Message sent to the customer.' },
  'empty-message': { type: 'error', text: 'Write the message first.' },
  quoted: { type: 'success', text: 'Quote sent to the customer.' },
  'proof-sent': { type: 'success', text: 'Proof sent to the customer.' },
  'no-quote': { type: 'error', text: 'A quote cannot be sent from this status.' },
  'no-proof': { type: 'error', text: 'A proof cannot be sent from this status.' },
  ...paymentNotices,
  ...Object.fromEntries(Object.entries(proofNotices).map(([key, text]) => [key, { type: 'error' as const, text }])),
  ...mockupNotices,
  'link-replaced': { type: 'success', text: 'The customer’s link was replaced: the old one no longer works.' },
  'link-mailed': {
    type: 'success',
    text: 'The customer’s link was replaced and the new one e-mailed to them: the old one no longer works.',
  },
} as const;

/** What the desk's routes are built from. */
export interface DeskRoutesOptions {
  desk: Pick<
    DeskStore,
    | 'listRequests'
    | 'getRequest'
    | 'getRequestState'
    | 'getRequestFile'
    | 'markRequestRead'
    | 'sendRequestMessage'
    | 'addRequestNote'
  >;
  /** The quotes, proofs and form of each request, and the quote and proof sends. */
  versions: VersionStore;
  /** The customer's approvals (the request page and the work order). */
  customer: Pick<CustomerStore, 'approvalsOf'>;
  /** The request page's mails, the replaced link's mail and the sign-in link's. */
  outbox: Pick<OutboxStore, 'notificationsOf' | 'queueMail'>;
  /** The request page's money card. */
  payments: Pick<PaymentStore, 'paymentsOf' | 'depositWaiverOf' | 'checkoutSessionsOf'>;
  /** A group order's section, roster and packing sheet (closed first when its deadline passed). */
  groups: Pick<GroupStore, 'groupOf' | 'entriesOf' | 'closeGroup' | 'groupById'>;
  mockups: MockupStore;
  /** The board and the capacity page. */
  production: Pick<ProductionStore, 'boardOrders' | 'movePressDate' | 'capacityChanges' | 'saveCapacity'>;
  /** The sign-in forms' rate limits and the caps on sign-in links. */
  limits: Pick<LimitStore, 'countHit' | 'uncountHit' | 'hitsOf'>;
  /** The request service: the rules of every move. */
  requests: RequestService;
  auth: StaffAuth;
  csrf: Csrf;
  renderDesk: (view: DeskView, options: DeskRenderOptions) => Promise<string>;
  stylesheets: () => readonly string[];
  /** The address of the board's drag-and-drop script (a build entry of its own). */
  boardScript: () => string;
  shopName: string;
  /** The key a mailed sign-in link's secret is made from, with the nonce its mail keeps. */
  linkKeys: LinkKeys;
  /** Sign-in attempts per address per 15 minutes. */
  rateLimit: number;
  /** Called after mail is queued: the outbox worker looks at once. */
  onQueued?: () => void;
  /** Today, for the days left before in-hands dates (tests fix it). */
  now?: () => Date;
  /** The price files, read at each use (they reload): the quote editor starts from the pricing engine. */
  prices: () => PricingData;
  /** The customers' private pages: their links go in every mail about a quote request. */
  requestLinks?: RequestLinks;
  /** The shop's production load: the quote's date, the board and the capacity. */
  planner: ProductionPlanner;
  /** Stripe is set up: card payments can be refunded through it from the money card. */
  payOnline?: boolean;
  /**
   * The customer's mail for these facts as it would be sent now (server/mail/build-mail.ts), for the
   * previews under the status and cancel forms; without it none are shown.
   */
  mailPreview?: (reference: string, facts: QueuedFacts) => Promise<{ subject: string; text: string } | undefined>;
}

/** What the cancel preview shows where the reason will be. */
const REASON_PLACEHOLDER = '[the reason you give above]';

/**
 * The staff desk under /staff: passwordless sign-in (sign-in-routes.ts), the inbox, and each request with its
 * status, notes and activity log. Server-rendered pages with plain forms (post/redirect/get), so the desk
 * works without JavaScript and the public pages never load any of it. Every answer is no-store and noindex;
 * every unsafe request passed the app's CSRF check before it got here.
 */
export function deskRoutes(options: DeskRoutesOptions): Router {
  const router = Router();
  const now = options.now ?? (() => new Date());

  async function send(req: Request, res: Response, view: DeskView, status = 200) {
    const html = await options.renderDesk(view, {
      csrfToken: options.csrf.issueToken(req, res),
      timeZone: options.prices()['order-terms'].timeZone,
      stylesheets: options.stylesheets(),
      boardScript: options.boardScript(),
      shopName: options.shopName,
    });
    res.status(status).type('html').send(html);
  }

  router.use('/staff', (_req, res, next) => {
    res.set({
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex, nofollow',
      // Sign-in links carry their secret in the address: it never leaves in a Referer.
      'Referrer-Policy': 'no-referrer',
    });
    next();
  });

  router.use(
    signInRoutes({
      outbox: options.outbox,
      limits: options.limits,
      auth: options.auth,
      render: send,
      linkKeys: options.linkKeys,
      rateLimit: options.rateLimit,
      ...(options.onQueued ? { onQueued: options.onQueued } : {}),
    }),
  );

  // Everything below: staff only.
  router.use('/staff', requireStaff(options.auth));

  router.get('/staff', async (req, res) => {
    const status = typeof req.query.status === 'string' && req.query.status !== '' ? req.query.status : undefined;
    const kind = req.query.kind === 'quote' || req.query.kind === 'contact' ? req.query.kind : undefined;
    const search = typeof req.query.q === 'string' ? req.query.q.trim().slice(0, 200) : '';
    const page = Math.max(1, Math.min(10_000, Number.parseInt(String(req.query.page ?? '1'), 10) || 1));
    const filter: DeskFilter = {
      page,
      ...(kind ? { kind } : {}),
      ...(search ? { search } : {}),
      ...(status && (isStatusOf('quote', status) || isStatusOf('contact', status)) ? { status } : {}),
    };
    const [list, risks] = await Promise.all([
      options.desk.listRequests({ ...filter, pageSize: PAGE_SIZE }),
      options.planner.risks(),
    ]);
    const today = now();
    await send(req, res, {
      page: 'inbox',
      staff: staffOf(res),
      filter,
      items: list.items.map((item) => ({
        ...listItemView(item, today),
        ...optionalField('risk', risks.get(item.reference)),
      })),
      total: list.total,
      pageSize: PAGE_SIZE,
      counts: list.counts,
      unread: list.unread,
      ...optionalField('uncounted', list.uncounted),
    });
  });

  router.get('/staff/requests/:reference', async (req, res) => {
    const reference = referenceOf(req);
    const actor: Actor = `staff:${staffOf(res)}`;
    // Every section's reads at once (each a round trip on PostgreSQL); the money card's from these.
    const readPage = () => {
      const quotesRead = options.versions.quotesOf(reference);
      const approvalsRead = options.customer.approvalsOf(reference);
      const reads = requestPageReads(options.payments, reference, { quotes: quotesRead, approvals: approvalsRead });
      return Promise.all([
        options.desk.getRequest(reference),
        options.outbox.notificationsOf(reference),
        quotesRead,
        options.versions.proofsOf(reference),
        options.requestLinks?.pathFor(reference),
        approvalsRead,
        options.versions.formValuesOf(reference),
        options.mockups.mockupsOf(reference),
        deskGroupView(options.groups, reference, options.prices(), now()),
        reads,
      ]);
    };
    let page = await readPage();
    // Opened for the first time: marked read (with who opened it, in its log), and read again to show so.
    // Every later view is the reads above alone.
    if (page[0] && page[0].readAt === null) {
      if (!(await options.desk.markRequestRead(reference, actor))) throw noSuchRequest();
      page = await readPage();
    }
    const [request, mails, quotes, proofs, customerPage, approvals, formValues, mockups, group, reads] = page;
    if (!request) throw noSuchRequest();
    const notice = notices[req.query.done as keyof typeof notices];
    const today = localToday(now());
    const allMoves = nextStatuses(request.kind, request.status);
    const newestQuote = quotes.at(-1);
    // The status menu: a cancel has its own form; an approval in person only of a quote still open.
    const moves = allMoves.filter(
      (to) =>
        to !== 'cancelled' &&
        !(
          inPersonApprovalOf(request.status, to) === 'quote' &&
          (!newestQuote || !isQuoteOpen(newestQuote, newestQuote.version, today))
        ),
    );
    const canCancel = allMoves.includes('cancelled');
    const lastCancel =
      request.status === 'cancelled' ? request.events.findLast((event) => event.data.to === 'cancelled') : undefined;
    const undoUntil = lastCancel && lastCancel.at.getTime() + UNDO_CANCEL_MS;
    const cancelledFrom = lastCancel?.data.from;
    const previewed: { to: RequestStatus; facts: QueuedFacts }[] = [
      ...moves.filter((to) => mailsByItself(request.kind, to)),
      ...(canCancel ? (['cancelled'] as const) : []),
    ].flatMap((to) => {
      const facts = statusMail(request.kind, to, undefined, REASON_PLACEHOLDER);
      return facts ? [{ to, facts }] : [];
    });
    const previews = options.mailPreview
      ? (
          await Promise.all(
            previewed.map(async ({ to, facts }) => {
              const mail = await options.mailPreview?.(reference, facts);
              return mail && { to, subject: mail.subject, text: mail.text };
            }),
          )
        ).filter((preview) => preview !== undefined)
      : [];
    const onTheBoard = ['approved', 'proof_sent', 'proof_approved', 'in_production', 'ready', 'completed'];
    // Members' receipts name their entry: the desk's list of mails says which member each went to.
    const groupRow = group ? await options.groups.groupOf(reference) : undefined;
    const memberNames = new Map(
      (groupRow ? await options.groups.entriesOf(groupRow.id) : []).map((entry) => [entry.id, entry.name]),
    );
    const money = await deskMoneyView(reads, {
      reference,
      status: request.status,
      events: request.events,
      stripe: options.payOnline === true,
      terms: options.prices()['order-terms'].payments,
    });
    await send(req, res, {
      page: 'request',
      staff: staffOf(res),
      reference,
      kind: request.kind,
      status: request.status,
      name: request.name,
      email: request.email,
      receivedAt: request.createdAt.toISOString(),
      asked: askedView(request, formValues, options.prices()),
      files: request.files.map(fileView),
      ...(mockups.length > 0
        ? deskMockups(
            mockups,
            `/staff/requests/${reference}`,
            formValues,
            options.prices()['direct-to-garment'].printAreas,
          )
        : {}),
      mails: mails.map((mail) => mailView(mail, { reference, shopName: options.shopName, memberNames })),
      events: request.events.map(eventView),
      thread: threadView(request),
      moves,
      canCancel,
      previews,
      ...(undoUntil !== undefined &&
      undoUntil > now().getTime() &&
      typeof cancelledFrom === 'string' &&
      isStatusOf(request.kind, cancelledFrom)
        ? { undo: { until: new Date(undoUntil).toISOString(), to: cancelledFrom } }
        : {}),
      ...(request.kind === 'quote' && onTheBoard.includes(request.status)
        ? { workOrder: `/staff/requests/${reference}/work-order` }
        : {}),
      ...(request.freshQuoteAskedAt ? { freshQuoteAskedAt: request.freshQuoteAskedAt.toISOString() } : {}),
      quotes: quotes.map((quote) => quoteView(quote, quotes.length, today, approvals)).reverse(),
      proofs: proofs.map((proof) => proofView(proof, proofs.length, approvals)).reverse(),
      canQuote: canSendQuote(request.kind, request.status),
      canSendProof: canSendProof(request.kind, request.status),
      ...(request.promised ? { promised: request.promised } : {}),
      canPromise: canPromise(request.kind, request.status),
      today,
      ...(customerPage ? { customerPage } : {}),
      ...(money ? { money } : {}),
      ...(group ? { group } : {}),
      ...(notice ? { notice } : {}),
    });
  });

  router.get('/staff/requests/:reference/files/:position{/:preview}', async (req, res) => {
    const reference = referenceOf(req);
    const { position, preview } = filePosition(req.params.position, req.params.preview);
    sendRequestFile(res, await options.desk.getRequestFile(reference, position), preview);
  });

  router.post('/staff/requests/:reference/status', async (req, res) => {
    const reference = referenceOf(req);
    const request = await options.desk.getRequestState(reference);
    if (!request) throw noSuchRequest();
    const from = textField(req.body, 'from');
    const to = textField(req.body, 'to');
    const message = textField(req.body, 'message').slice(0, MAX_TEXT);
    const back = `/staff/requests/${reference}`;
    if (!isStatusOf(request.kind, from) || !isStatusOf(request.kind, to))
      return res.redirect(303, `${back}?done=bad-move`);
    // A cancel asks why and for a confirmation: only its own form cancels.
    if (to === 'cancelled') return res.redirect(303, `${back}?done=cancel-form`);
    const outcome = await options.requests.move(reference, {
      from,
      to,
      actor: `staff:${staffOf(res)}`,
      ...(message ? { message } : {}),
      ip: req.ip ?? '',
      userAgent: (req.get('user-agent') ?? '').slice(0, 500),
    });
    if (outcome === 'missing') throw noSuchRequest();
    // A status mail, or the receipt of an approval recorded in person, is waiting in the outbox.
    if (outcome === 'moved' && (statusMail(request.kind, to, message) || inPersonApprovalOf(from, to)))
      options.onQueued?.();
    res.redirect(303, `${back}?done=${outcome}`);
  });

  // A cancel: why (the customer is told) and a ticked confirmation, both required, without JavaScript too.
  router.post('/staff/requests/:reference/cancel', async (req, res) => {
    const reference = referenceOf(req);
    const request = await options.desk.getRequestState(reference);
    if (!request) throw noSuchRequest();
    const back = `/staff/requests/${reference}`;
    const from = textField(req.body, 'from');
    const reason = textField(req.body, 'reason').slice(0, MAX_TEXT);
    const confirmed = textField(req.body, 'confirm') === 'yes';
    if (!reason) return res.redirect(303, `${back}?done=no-reason#cancel`);
    if (!confirmed) return res.redirect(303, `${back}?done=cancel-unconfirmed#cancel`);
    if (!isStatusOf(request.kind, from)) return res.redirect(303, `${back}?done=bad-move`);
    const outcome = await options.requests.move(reference, {
      from,
      to: 'cancelled',
      actor: `staff:${staffOf(res)}`,
      reason,
      ip: req.ip ?? '',
      userAgent: (req.get('user-agent') ?? '').slice(0, 500),
    });
    if (outcome === 'missing') throw noSuchRequest();
    if (outcome === 'moved') {
      if (statusMail(request.kind, 'cancelled', undefined, reason)) options.onQueued?.();
      req.log.info({ reference, reason: 'staff_cancelled' }, 'request cancelled on the desk');
    }
    res.redirect(303, `${back}?done=${outcome === 'moved' ? 'cancelled' : outcome}`);
  });

  // Undo a cancel within its day: back to where it was, logged; the customer told only if they were.
  router.post('/staff/requests/:reference/undo-cancel', async (req, res) => {
    const reference = referenceOf(req);
    const undone = await options.requests.undoCancel(reference, `staff:${staffOf(res)}`);
    if (undone.outcome === 'missing') throw noSuchRequest();
    const back = `/staff/requests/${reference}`;
    if (undone.outcome !== 'undone')
      return res.redirect(303, `${back}?done=${undone.outcome === 'too-late' ? 'undo-too-late' : 'not-cancelled'}`);
    if (undone.told) options.onQueued?.();
    req.log.info({ reference, reason: 'cancel_undone', told: undone.told }, 'cancel undone on the desk');
    res.redirect(
      303,
      `${back}?done=${undone.told ? 'cancel-undone-told' : undone.withdrawn > 0 ? 'cancel-undone-withdrawn' : 'cancel-undone'}`,
    );
  });

  router.post('/staff/requests/:reference/promised', async (req, res) => {
    const reference = referenceOf(req);
    const back = `/staff/requests/${reference}`;
    const asked = promisedFormSchema.safeParse(req.body);
    if (!asked.success) return res.redirect(303, `${back}?done=promise-bad`);
    const outcome = await options.requests.changePromisedDate(reference, asked.data, `staff:${staffOf(res)}`);
    if (outcome === 'missing') throw noSuchRequest();
    if (outcome === 'changed') options.onQueued?.();
    res.redirect(303, `${back}?done=${outcome === 'changed' ? 'promised' : `promise-${outcome}`}`);
  });

  router.post('/staff/requests/:reference/messages', async (req, res) => {
    const reference = referenceOf(req);
    const text = textField(req.body, 'text').slice(0, MAX_TEXT);
    const back = `/staff/requests/${reference}`;
    if (!text) return res.redirect(303, `${back}?done=empty-message`);
    const request = await options.desk.getRequestState(reference);
    if (!request) throw noSuchRequest();
    await options.desk.sendRequestMessage(reference, `staff:${staffOf(res)}`, text, {
      kind: 'desk-message',
      message: text,
      about: request.kind,
    });
    options.onQueued?.();
    res.redirect(303, `${back}?done=sent`);
  });

  // A customer's link that leaked (a forwarded mail): a new one, the old one refused from now on.
  router.post('/staff/requests/:reference/link', async (req, res) => {
    const reference = referenceOf(req);
    const request = await options.desk.getRequestState(reference);
    if (!request) throw createHttpError(404, 'There is no request with that reference.');
    if (request.kind !== 'quote' || !options.requestLinks) {
      throw createHttpError(400, 'Only a quote request has a customer page to replace the link of.');
    }
    const path = await options.requestLinks.replace(reference, `staff:${staffOf(res)}`);
    if (!path) throw createHttpError(404, 'There is no request with that reference.');
    const mailIt = textField(req.body, 'mail') === 'yes';
    if (mailIt) {
      // The link is put in as the mail is sent: the newest, should it be replaced again meanwhile.
      await options.outbox.queueMail({ kind: 'link-replaced' }, { recipient: 'customer', reference });
      options.onQueued?.();
    }
    req.log.info({ reference, reason: 'customer_link_replaced' }, 'customer link replaced');
    res.redirect(303, `/staff/requests/${reference}?done=${mailIt ? 'link-mailed' : 'link-replaced'}`);
  });

  router.post('/staff/requests/:reference/notes', async (req, res) => {
    const reference = referenceOf(req);
    const text = textField(req.body, 'text').slice(0, MAX_TEXT);
    const back = `/staff/requests/${reference}`;
    if (!text) return res.redirect(303, `${back}?done=empty-note`);
    if (!(await options.desk.addRequestNote(reference, `staff:${staffOf(res)}`, text))) {
      throw noSuchRequest();
    }
    res.redirect(303, `${back}?done=noted`);
  });

  router.use(proofFileRoutes(options.versions));
  router.use(
    mockupDeskRoutes({
      desk: options.desk,
      mockups: options.mockups,
      versions: options.versions,
      requests: options.requests,
      prices: options.prices,
      ...(options.onQueued ? { onQueued: options.onQueued } : {}),
    }),
  );
  router.use(
    quoteRoutes({
      desk: options.desk,
      versions: options.versions,
      render: send,
      prices: options.prices,
      now,
      dates: async () => (await options.planner.current()).dates,
      ...(options.onQueued ? { onQueued: options.onQueued } : {}),
    }),
  );
  router.use(
    productionDeskRoutes({
      customer: options.customer,
      desk: options.desk,
      production: options.production,
      versions: options.versions,
      requests: options.requests,
      planner: options.planner,
      render: send,
      prices: options.prices,
      now,
      ...(options.onQueued ? { onQueued: options.onQueued } : {}),
    }),
  );
  router.use(deskGroupRoutes({ groups: options.groups, render: send, prices: options.prices, now }));

  return router;
}
