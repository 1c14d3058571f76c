import { type RequestHandler, Router } from 'express';
import createHttpError from 'http-errors';
import type { ExemptionStore } from '#server/exemptions/exemption-store.ts';
import { noSuchRequest, referenceOf, staffOf, textField } from '#server/http/desk-request.ts';
import type { LimitStore } from '#server/http/limit-store.ts';
import type { LinkKeys } from '#server/http/link-secrets.ts';
import type { OutboxStore } from '#server/mail/outbox-store.ts';
import type { ProductionPlanner } from '#server/production/production-store.ts';
import type { WaitingProof } from '#server/requests/proof-pin-store.ts';
import { filePosition, sendRequestFile } from '#server/requests/request-file.ts';
import { type RequestService, statusMail } from '#server/requests/request-service.ts';
import type { VersionStore } from '#server/requests/version-store.ts';
import type { DeskFilter } from '#shared/desk-contract.ts';
import { optionalField } from '#shared/optional-field.ts';
import { inPersonApprovalOf, isStatusOf } from '#shared/requests/request-status.ts';
import { z } from '#shared/zod.ts';
import { deskHeaders, staffOnly } from './desk-http.ts';
import { type DeskNotice, deskNotices } from './desk-notices.ts';
import { type CustomerPageOptions, showRequest } from './desk-request-page.ts';
import type { DeskStore } from './desk-store.ts';
import { listItemView } from './desk-views.ts';
import { proofFileRoutes, proofNoteRoutes } from './proof-routes.ts';
import { quoteExemption, quoteRoutes } from './quote-routes.ts';
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

/** What the desk's own routes are built from; the app mounts the payments', groups', mockups' and production's beside them. */
export interface DeskRoutesOptions
  extends Omit<CustomerPageOptions, 'desk' | 'versions' | 'outbox' | 'notices' | 'now'> {
  desk: Pick<
    DeskStore,
    | 'listRequests'
    | 'getRequestView'
    | 'getRequestState'
    | 'getRequestFile'
    | 'markRequestRead'
    | 'sendRequestMessage'
    | 'addRequestNote'
  >;
  /** The quotes, proofs and form of each request, and the quote and proof sends. */
  versions: VersionStore;
  /** The request page's mails, the replaced link's mail and the sign-in link's. */
  outbox: Pick<OutboxStore, 'notificationsOf' | 'queueMail'>;
  /** The sign-in forms' rate limits and the caps on sign-in links. */
  limits: Pick<LimitStore, 'countHit' | 'uncountHit' | 'hitsOf'>;
  /** The request service: the rules of every move. */
  requests: RequestService;
  auth: StaffAuth;
  /** The key a mailed sign-in link's secret is made from, with the nonce its mail keeps. */
  linkKeys: LinkKeys;
  /** Sign-in attempts per address per 15 minutes. */
  rateLimit: number;
  /** Called after mail is queued: the outbox worker looks at once. */
  onQueued?: () => void;
  /** Today, for the days left before in-hands dates (tests fix it). */
  now?: () => Date;
  /** The shop's production load: the inbox's risks and the quote's dates. */
  planner: Pick<ProductionPlanner, 'risks' | 'current'>;
  /** The customers' tax certificates: a verified one takes the tax off a quote as it is sent. */
  exemptions?: Pick<ExemptionStore, 'exemptionOf'>;
  /**
   * The notices of the desk routers the app mounts beside these (payments, mockups): their redirects
   * come back to the request page, which shows them with its own.
   */
  notices?: Readonly<Record<string, DeskNotice>>;
}

/** The options as the handlers use them: the clock always there, and every notice in one table. */
type DeskContext = Omit<DeskRoutesOptions, 'now' | 'notices'> & Pick<CustomerPageOptions, 'now' | 'notices'>;

/**
 * Whether the inbox's page lists the proofs waiting for the customer: its front page (no search, no other
 * status, the first page) and the "Proof sent" filter, whose subject they are. A search's or another
 * status's results come first on their own page, not below a hundred proofs (a phone's whole screen), and
 * such a page reads none of them.
 */
function showsProofsWaiting(filter: DeskFilter): boolean {
  return filter.search === undefined && filter.page === 1 && (filter.status ?? 'proof_sent') === 'proof_sent';
}

/** The inbox: filtered by status, kind and a search, a page at a time, with each order's risk. */
function showInbox(
  options: Pick<DeskContext, 'desk' | 'planner' | 'render' | 'now' | 'versions' | 'requests'>,
): RequestHandler {
  return async (req, res) => {
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
    const [list, risks, waiting] = await Promise.all([
      options.desk.listRequests({ ...filter, pageSize: PAGE_SIZE }),
      options.planner.risks(),
      showsProofsWaiting(filter) ? options.versions.proofsWaiting() : [],
    ]);
    const today = options.now();
    await options.render(req, res, {
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
      ...(waiting.length > 0 ? { proofsWaiting: await waitingWithDeadlines(options.requests, waiting) } : {}),
    });
  };
}

/**
 * The proofs out with their customers, each with the last day an approval keeps its date (on today's load),
 * the soonest deadline first; those with no date to keep after them, the longest waiting first.
 */
async function waitingWithDeadlines(requests: DeskContext['requests'], waiting: readonly WaitingProof[]) {
  const rows = await Promise.all(
    waiting.map(async ({ target, sentAt, missed, formValues, ...proof }) => {
      const deadline = await requests.approvalDeadlineFrom(formValues, target);
      return {
        ...proof,
        sentAt: sentAt.toISOString(),
        ...(deadline ? { deadline } : {}),
        // The job moved the promised date when the deadline passed: the inbox flags it, old and new.
        ...(missed && target ? { moved: { from: missed, to: target } } : {}),
      };
    }),
  );
  const sortDay = (row: (typeof rows)[number]) =>
    !row.deadline ? '9999-12-31' : 'late' in row.deadline ? '0000-00-00' : row.deadline.day;
  return rows.sort((a, b) => sortDay(a).localeCompare(sortDay(b)));
}

/** A file the customer sent, or its preview. */
function sendFile(options: Pick<DeskContext, 'desk'>): RequestHandler {
  return async (req, res) => {
    const reference = referenceOf(req);
    const { position, preview } = filePosition(req.params.position, req.params.preview);
    sendRequestFile(res, await options.desk.getRequestFile(reference, position), preview);
  };
}

/** A move of the status menu (a cancel has its own form): the customer mailed when the move says so. */
function moveStatus(options: Pick<DeskContext, 'desk' | 'requests' | 'onQueued'>): RequestHandler {
  return async (req, res) => {
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
    // Why an order is completed with a balance still open: kept in the log for the books, never mailed.
    const balanceReason = to === 'completed' ? textField(req.body, 'balance-reason').slice(0, MAX_TEXT) : '';
    const outcome = await options.requests.move(reference, {
      from,
      to,
      actor: `staff:${staffOf(res)}`,
      ...(message ? { message } : {}),
      ...(balanceReason ? { reason: balanceReason } : {}),
      ip: req.ip ?? '',
      userAgent: (req.get('user-agent') ?? '').slice(0, 500),
    });
    if (outcome === 'missing') throw noSuchRequest();
    // A status mail, or the receipt of an approval recorded in person, is waiting in the outbox.
    if (outcome === 'moved' && (statusMail(request.kind, to, message) || inPersonApprovalOf(from, to)))
      options.onQueued?.();
    res.redirect(303, `${back}?done=${outcome}`);
  };
}

/** A cancel: why (the customer is told) and a ticked confirmation, both required, without JavaScript too. */
function cancelRequest(options: Pick<DeskContext, 'desk' | 'requests' | 'onQueued'>): RequestHandler {
  return async (req, res) => {
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
  };
}

/** Undo a cancel within its day: back to where it was, logged; the customer told only if they were. */
function undoCancel(options: Pick<DeskContext, 'requests' | 'onQueued'>): RequestHandler {
  return async (req, res) => {
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
  };
}

/** A new promised day (and how the order is handed over): the customer is told. */
function changePromised(options: Pick<DeskContext, 'requests' | 'onQueued'>): RequestHandler {
  return async (req, res) => {
    const reference = referenceOf(req);
    const back = `/staff/requests/${reference}`;
    const asked = promisedFormSchema.safeParse(req.body);
    if (!asked.success) return res.redirect(303, `${back}?done=promise-bad`);
    const outcome = await options.requests.changePromisedDate(reference, asked.data, `staff:${staffOf(res)}`);
    if (outcome === 'missing') throw noSuchRequest();
    if (outcome === 'changed') options.onQueued?.();
    res.redirect(303, `${back}?done=${outcome === 'changed' ? 'promised' : `promise-${outcome}`}`);
  };
}

/** A message to the customer, mailed and kept in the request's thread. */
function sendMessage(options: Pick<DeskContext, 'desk' | 'onQueued'>): RequestHandler {
  return async (req, res) => {
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
  };
}

/** A customer's link that leaked (a forwarded mail): a new one, the old one refused from now on. */
function replaceLink(options: Pick<DeskContext, 'desk' | 'requestLinks' | 'outbox' | 'onQueued'>): RequestHandler {
  return async (req, res) => {
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
  };
}

/** A note for the shop only, in the request's log. */
function addNote(options: Pick<DeskContext, 'desk'>): RequestHandler {
  return async (req, res) => {
    const reference = referenceOf(req);
    const text = textField(req.body, 'text').slice(0, MAX_TEXT);
    const back = `/staff/requests/${reference}`;
    if (!text) return res.redirect(303, `${back}?done=empty-note`);
    if (!(await options.desk.addRequestNote(reference, `staff:${staffOf(res)}`, text))) {
      throw noSuchRequest();
    }
    res.redirect(303, `${back}?done=noted`);
  };
}

/**
 * The staff desk under /staff: passwordless sign-in (sign-in-routes.ts), the inbox, and each request with its
 * status, notes, quotes, proofs and activity log. Server-rendered pages with plain forms (post/redirect/get),
 * so the desk works without JavaScript and the public pages never load any of it. Every answer is no-store
 * and noindex; every unsafe request passed the app's CSRF check before it got here.
 */
export function deskRoutes(options: DeskRoutesOptions): Router {
  const { now = () => new Date(), notices, ...rest } = options;
  const context: DeskContext = { ...rest, now, notices: { ...deskNotices, ...notices } };
  const router = Router();
  router.use('/staff', deskHeaders);
  router.use(
    signInRoutes({
      outbox: context.outbox,
      limits: context.limits,
      auth: context.auth,
      render: context.render,
      linkKeys: context.linkKeys,
      rateLimit: context.rateLimit,
      ...(context.onQueued ? { onQueued: context.onQueued } : {}),
    }),
  );
  // Everything below: staff only.
  router.use(staffOnly(context.auth));
  router.get('/staff', showInbox(context));
  router.get('/staff/requests/:reference', showRequest(context));
  router.get('/staff/requests/:reference/files/:position{/:preview}', sendFile(context));
  router.post('/staff/requests/:reference/status', moveStatus(context));
  router.post('/staff/requests/:reference/cancel', cancelRequest(context));
  router.post('/staff/requests/:reference/undo-cancel', undoCancel(context));
  router.post('/staff/requests/:reference/promised', changePromised(context));
  router.post('/staff/requests/:reference/messages', sendMessage(context));
  router.post('/staff/requests/:reference/link', replaceLink(context));
  router.post('/staff/requests/:reference/notes', addNote(context));
  router.use(proofFileRoutes(context.versions, context.proofPictures));
  router.use(proofNoteRoutes(context.versions));
  router.use(
    quoteRoutes({
      desk: context.desk,
      versions: context.versions,
      render: context.render,
      prices: context.prices,
      now,
      dates: async () => (await context.planner.current()).dates,
      ...(context.exemptions ? { exemption: quoteExemption(context.exemptions) } : {}),
      ...(context.onQueued ? { onQueued: context.onQueued } : {}),
    }),
  );
  return router;
}
