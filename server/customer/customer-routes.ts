import { type Request, type RequestHandler, type Response, Router } from 'express';
import createHttpError from 'http-errors';
import type { Csrf } from '#server/http/csrf.ts';
import { BACK_TO_LOCAL } from '#server/http/http-errors.ts';
import type { LimitStore } from '#server/http/limit-store.ts';
import { submissionRateLimit } from '#server/http/rate-limit.ts';
import type { ToShopFacts } from '#server/mail/shop-mail.ts';
import type { MockupStore } from '#server/mockups/mockup-store.ts';
import type { PageRenderer } from '#server/pages/page-renderer.ts';
import type { PaymentStore } from '#server/payments/payment-store.ts';
import type { CreditNoteReads, MoneyReads } from '#server/requests/money-of.ts';
import type { ProofPictures } from '#server/requests/proof-pictures.ts';
import { handoverOfPayload } from '#server/requests/quote-payload.ts';
import { askedView } from '#server/requests/request-details.ts';
import { filePosition, sendRequestFile } from '#server/requests/request-file.ts';
import type { RequestLinks } from '#server/requests/request-links.ts';
import type { RequestService } from '#server/requests/request-service.ts';
import type { VersionStore } from '#server/requests/version-store.ts';
import type { DeskStore } from '#server/staff/desk-store.ts';
import { readArtwork } from '#server/uploads/read-artwork.ts';
import type { UploadAdmission } from '#server/uploads/upload-admission.ts';
import type { UploadGuard } from '#server/uploads/upload-guard.ts';
import { uploadTotalRefusal } from '#server/uploads/upload-total.ts';
import type { CertificateDraft } from '#shared/books/tax-exemption.ts';
import type { CustomerPageOptions, CustomerPageView } from '#shared/customer-page-contract.ts';
import type { CatalogueGarment } from '#shared/garments/catalogue.ts';
import type { GroupFormState } from '#shared/groups/group-contract.ts';
import { isRecord } from '#shared/is-record.ts';
import { formatCutoff } from '#shared/pricing/business-days.ts';
import type { PricingData } from '#shared/pricing/estimate.ts';
import { pinNotices } from '#shared/requests/proof-pins.ts';
import { ARTWORK_MAX_FILES, artworkListError } from '#shared/submissions/artwork.ts';
import { designInkLines, storedDesign } from '#shared/submissions/design-field.ts';
import { REORDER_FIELD } from '#shared/submissions/quote-fields.ts';
import { agreedTerms, decisionNotices, readDecision } from './customer-decision.ts';
import type { CustomerStore } from './customer-store.ts';
import { requestPageView } from './customer-views.ts';
import type { ExemptionSection, GroupSection, MockupPictures, MoneySection, StoresSection } from './page-sections.ts';
import { mountProofNotes } from './proof-note-routes.ts';
import { proofPreviews } from './proof-previews.ts';

/** The longest message or reason a customer sends, as the quote form's comments. */
const MAX_TEXT = 2000;
const referencePattern = /^Q-\d{4}-\d{6}$/;
const PAGE = '/requests/:reference/:secret';
const NOT_FOUND = 'There is no page at this address. Check the link in your e-mail, or call us.';

const notices = {
  sent: { type: 'success', text: 'Your message is on its way to the shop.' },
  empty: { type: 'error', text: 'Write a message or choose a file first.' },
  cancelled: { type: 'success', text: 'Your request is cancelled. We have let the shop know.' },
  'fresh-quote-asked': {
    type: 'success',
    text: 'Thank you: we have your request for a fresh quote, and will e-mail it to you, usually within one business day.',
  },
  'fresh-quote-already': {
    type: 'success',
    text: 'You have already asked for a fresh quote: it is on its way, usually within one business day.',
  },
  'fresh-quote-not-expired': {
    type: 'error',
    text: 'Your quote is still open: approve it below, or ask us for changes.',
  },
  ...decisionNotices,
  ...pinNotices,
  'not-completed': { type: 'error', text: 'An order can be placed again once it is completed.' },
  'nothing-to-pay': { type: 'error', text: 'Nothing is due to pay here now: see Payment below.' },
  'pay-offline': { type: 'error', text: 'Card payments are not taken on this site: see Payment below for how to pay.' },
  'pay-unavailable': {
    type: 'error',
    text: 'The card payment page could not be opened just now: nothing was charged. Try again in a few minutes, or call us.',
  },
  'too-late': {
    type: 'error',
    text: 'This request can no longer be cancelled here: the work has started. Call or write to us.',
  },
} as const;

/** What is due now changes what happens next: production waits for the deposit, pickup for the balance. */
function nextWithMoney(
  money: NonNullable<CustomerPageView['money']>,
  handover: 'pickup' | 'delivery',
): Pick<CustomerPageView, 'next'> | object {
  // Back from paying, before Stripe's word: asking again for the money would read as a second charge.
  if (money.due && money.returned === 'confirming') {
    return {
      next: {
        text: `Your payment of ${money.due.amount} is being confirmed by the card company: nothing more to do.`,
        waitingOn: 'shop' as const,
      },
    };
  }
  if (money.due?.purpose === 'deposit') {
    return {
      next: {
        text: `Production starts once the ${money.due.amount} deposit is paid: pay it below, or at the shop.`,
        waitingOn: 'customer' as const,
      },
    };
  }
  if (money.due?.purpose === 'balance') {
    return {
      next: {
        text:
          handover === 'pickup'
            ? `Your order is ready for pickup. The ${money.due.amount} balance is due: pay it below, or when you pick it up.`
            : `Your order is ready, and we will be in touch about the delivery. The ${money.due.amount} balance is due: pay it below, or at the shop.`,
        waitingOn: 'customer' as const,
      },
    };
  }
  return {};
}

/** What the customer's page is built from. */
export interface CustomerRoutesOptions {
  customer: Pick<CustomerStore, 'getCustomerRequest' | 'approvalsOf' | 'addCustomerMessage'>;
  desk: Pick<DeskStore, 'getRequestFile' | 'getRequestState'>;
  mockups: Pick<MockupStore, 'mockupsOf'>;
  /** How the mockups feature shows and sends the request's pictures (server/mockups/). */
  mockupPictures: MockupPictures;
  versions: VersionStore;
  /** The proofs as pictures: an image as it is, a PDF by its first page drawn on the server. */
  proofPictures: Pick<ProofPictures, 'pictureOf'>;
  /** The money section: the payments, the deposit's waiver and the Checkout Sessions. */
  payments: Pick<PaymentStore, 'paymentsOf' | 'depositWaiverOf' | 'checkoutSessionsOf'>;
  /** The goodwill discounts that lower what is owed, and the credit notes of refunds and discounts. */
  books: MoneyReads['books'] & CreditNoteReads;
  /** How the payments feature words the money section from those (server/payments/). */
  moneySection: MoneySection;
  /** The counts behind the rate limits. */
  limits: Pick<LimitStore, 'countHit' | 'uncountHit' | 'hitsOf'>;
  /** The request service: the rules of every move and answer. */
  requests: RequestService;
  links: RequestLinks;
  csrf: Csrf;
  renderPage: (view: CustomerPageView, options: CustomerPageOptions) => Promise<string>;
  stylesheets: () => readonly string[];
  shop: { name: string; email: string; phone: string };
  /** SHOP_EMAIL: where the shop hears of a customer's message or cancel; without it nothing is mailed. */
  shopEmail?: string;
  /** Wrong links per address per 15 minutes, and posts per address per 15 minutes. */
  rateLimit: number;
  /** How the message's files are read: the CSRF token before the first file, an upload slot, the idle cut. */
  uploadGuard: UploadGuard;
  uploads: UploadAdmission;
  /** Called after mail is queued: the outbox worker looks at once. */
  onQueued?: () => void;
  /** Today, for the days left before the in-hands date (tests fix it). */
  now?: () => Date;
  /**
   * The price files and order terms, read at each use (they reload): the shop's time zone for the
   * dates on the page, and the estimate's lines.
   */
  prices: () => PricingData;
  /** The catalogue's garments, read at each use: a studio design's garment colour, for its ink count. */
  garments: () => readonly CatalogueGarment[];
  /** Renders the quote form filled in, for "order again". */
  renderForm: PageRenderer['renderForm'];
  /** Stripe Checkout is set up: the page offers to pay by card (server/payments/customer-payment-routes.ts). */
  payOnline?: boolean;
  /** The organiser's group order section and its forms (server/groups/). */
  groups?: GroupSection;
  /** The request's team stores, linking to their organiser's pages (server/stores/). */
  stores?: StoresSection;
  /** The customer's tax-exemption certificates and the form to send one (server/exemptions/). */
  exemptions?: ExemptionSection;
  /** The address of the proof's pin script (a build entry of its own), loaded where a note can be pinned. */
  proofScript?: () => string;
}

function textField(body: unknown, name: string): string {
  const value = isRecord(body) ? body[name] : undefined;
  return typeof value === 'string' ? value.replace(/\r\n/g, '\n').trim() : '';
}

/** The reference and secret in the address; the page is the request's once the secret opens it. */
function pageOf(req: Request): { reference: string; path: string } {
  const { reference, secret } = req.params as { reference?: string; secret?: string };
  return { reference: reference ?? '', path: `/requests/${reference}/${secret}` };
}

/**
 * "Back to the form" on the error page of a post from the customer's page: its own address. Mounted
 * before the app's CSRF gate, so the gate's refusal offers it too; it only notes the page and passes
 * every request on (the routes below check the link itself).
 */
export function customerBackLinks(): Router {
  const router = Router();
  router.post(`${PAGE}/{*action}`, (req, res, next) => {
    const { reference, secret } = req.params as { reference?: string; secret?: string };
    if (referencePattern.test(reference ?? '') && /^[\w-]{1,100}$/.test(secret ?? '')) {
      res.locals[BACK_TO_LOCAL] = pageOf(req).path;
    }
    next();
  });
  return router;
}

/** What the page is sent with besides the request: an answer's status, a notice, a group form refused. */
interface PageExtra {
  status?: number;
  notice?: CustomerPageView['notice'];
  groupForm?: GroupFormState;
  /** A note refused: what they typed, given back in its form to correct rather than type again. */
  pinDraft?: { text: string; place: string };
  /** A certificate refused: its fields as typed (never its file). */
  exemptionDraft?: CertificateDraft;
}

/** What every handler of the page shares, built once with the router. */
interface CustomerPage {
  options: CustomerRoutesOptions;
  now: () => Date;
  previews: ReturnType<typeof proofPreviews>;
  /** Lets the request through only when its secret opens the page. */
  opened: RequestHandler;
  /** The page, built from everything the request holds, with `extra`. */
  sendPage: (req: Request, res: Response, extra: PageExtra) => Promise<void>;
}

/** Lets the request through only when its secret opens the page: one 404 for every other case. */
function openedBy(links: RequestLinks): RequestHandler {
  return async (req, res, next) => {
    const { reference, path } = pageOf(req);
    const secret = req.params.secret;
    const opens =
      referencePattern.test(reference) && typeof secret === 'string' && (await links.opens(reference, secret));
    if (!opens) return next(createHttpError(404, NOT_FOUND));
    // An error page met after this (a file too large) offers the way back to the page.
    res.locals[BACK_TO_LOCAL] = path;
    next();
  };
}

/** The page of the request in the address, with what its quotes, proofs, money, mockups and group say. */
async function sendPage(
  { options, now, previews }: Omit<CustomerPage, 'opened' | 'sendPage'>,
  req: Request,
  res: Response,
  extra: PageExtra,
) {
  const { reference, path } = pageOf(req);
  const paid = typeof req.query.paid === 'string' && /^cs_\w{1,200}$/.test(req.query.paid) ? req.query.paid : undefined;
  const returned =
    req.query.done === 'payment-cancelled' ? ('cancelled' as const) : paid ? { session: paid } : undefined;
  const [request, quotes, proofs, approvals, formValues, mockups, pins] = await Promise.all([
    options.customer.getCustomerRequest(reference),
    options.versions.quotesOf(reference),
    options.versions.proofsOf(reference),
    options.customer.approvalsOf(reference),
    options.versions.formValuesOf(reference),
    options.mockups.mockupsOf(reference),
    options.versions.pinsOf(reference),
  ]);
  if (!request) throw createHttpError(404, NOT_FOUND);
  const prices = options.prices();
  const asked = askedView(request, formValues, prices);
  const moneyReads = {
    versions: options.versions,
    customer: options.customer,
    payments: options.payments,
    books: options.books,
  };
  const money = await options.moneySection(moneyReads, {
    reference,
    path,
    status: request.status,
    payOnline: options.payOnline === true,
    terms: prices['order-terms'].payments,
    ...(returned ? { returned } : {}),
    now: now(),
  });
  const group = await options.groups?.section(request, path, extra.groupForm);
  const stores = await options.stores?.section(reference, path);
  const exemption = await options.exemptions?.section(request, path, extra.exemptionDraft);
  const design = storedDesign(formValues);
  const view: CustomerPageView = {
    ...requestPageView(request, {
      path,
      shopName: options.shop.name,
      today: now(),
      quotes,
      proofs,
      approvals,
      pins,
      asked,
    }),
    ...(money
      ? { money, ...nextWithMoney(money, request.promised?.handover ?? handoverOfPayload(request.payload)) }
      : {}),
    ...(mockups.length > 0 ? { mockups: options.mockupPictures.views(mockups, path) } : {}),
    ...(design ? { design: { design, inks: designInkLines(design, options.garments()) } } : {}),
    ...(extra.notice ? { notice: extra.notice } : {}),
    ...(group ? { group } : {}),
    ...(stores ? { stores } : {}),
    ...(exemption ? { exemption } : {}),
  };
  // A proof waiting for its answer says until when an approval keeps the date promised (or asked for).
  const target =
    request.promised?.date ??
    (typeof request.payload.inHandsDate === 'string' ? request.payload.inHandsDate : undefined);
  const deadline =
    view.proof?.state === 'open' ? await options.requests.approvalDeadline(reference, target) : undefined;
  if (view.proof && extra.pinDraft) view.proof.draft = extra.pinDraft;
  if (view.proof && deadline && target) {
    view.proof.deadline =
      'late' in deadline
        ? { late: true, earliest: deadline.earliest, wanted: target }
        : { day: deadline.day, keeps: deadline.keeps, cutoff: formatCutoff(prices['order-terms'], deadline.day) };
  }
  const compare =
    typeof req.query.compare === 'string' && /^\d{1,4}$/.test(req.query.compare)
      ? Number(req.query.compare)
      : undefined;
  const shown = await previews.withPixels(
    view.proof && compare !== undefined ? { ...view, proof: { ...view.proof, compareWith: compare } } : view,
    reference,
  );
  // A script (curl, a tool of the customer's) asking for JSON gets the page's data itself, never cached.
  if (req.accepts(['html', 'json']) === 'json') {
    res
      .status(extra.status ?? 200)
      .set('Cache-Control', 'no-store')
      .json(shown);
    return;
  }
  const html = await options.renderPage(shown, {
    csrfToken: options.csrf.issueToken(req, res),
    // The pins' script, which also lays a slider over two versions compared.
    ...(options.proofScript && (shown.proof?.canPin || (shown.proof?.earlier.length ?? 0) > 0)
      ? { proofScript: options.proofScript() }
      : {}),
    timeZone: prices['order-terms'].timeZone,
    stylesheets: options.stylesheets(),
    shopName: options.shop.name,
    shopEmail: options.shop.email,
    shopPhone: options.shop.phone,
  });
  res
    .status(extra.status ?? 200)
    .type('html')
    .send(html);
}

/** The shop's mail about what the customer did (server/mail/shop-mail.ts), when there is an address to send it to. */
function shopMail(options: CustomerRoutesOptions, facts: ToShopFacts): ToShopFacts | undefined {
  return options.shopEmail ? facts : undefined;
}

/** The page itself, with the notice its `done` names. */
function showPage({ options, sendPage }: CustomerPage): RequestHandler {
  return async (req, res) => {
    const done = String(req.query.done);
    const notice =
      notices[done as keyof typeof notices] ?? options.groups?.notices[done] ?? options.exemptions?.notices[done];
    await sendPage(req, res, notice ? { notice } : {});
  };
}

/** The proof at a phone's or a screen's width, for the page's picture (server/customer/proof-previews.ts). */
function showProofPreview({ previews }: CustomerPage): RequestHandler {
  return async (req, res) => {
    if (!/^\d{1,4}$/.test(String(req.params.version))) throw createHttpError(404, 'There is no such proof.');
    await previews.send(res, pageOf(req).reference, Number(req.params.version), String(req.params.width));
  };
}

/** A proof's file, or its preview for the proof mail's thumbnail. */
function showProof({ options }: CustomerPage): RequestHandler {
  return async (req, res) => {
    const version = Number(req.params.version);
    const preview = req.params.preview;
    if (!/^\d{1,4}$/.test(String(req.params.version)) || (preview !== undefined && preview !== 'preview')) {
      throw createHttpError(404, 'There is no such proof.');
    }
    const reference = pageOf(req).reference;
    if (preview !== 'preview')
      return sendRequestFile(res, await options.versions.getProofFile(reference, version), false, 'proof');
    // The proof mail shows this preview as its thumbnail: a mail client's page is another origin, so the
    // default same-origin resource policy would block it. The address itself is the secret.
    res.set('Cross-Origin-Resource-Policy', 'cross-origin');
    // A PDF's preview is its first page, drawn on the server.
    const picture = await options.proofPictures.pictureOf(reference, version);
    sendRequestFile(res, picture?.file ?? (await options.versions.getProofFile(reference, version)), true, 'proof');
  };
}

function showMockup({ options }: CustomerPage): RequestHandler {
  return async (req, res) => {
    const mockups = await options.mockups.mockupsOf(pageOf(req).reference);
    if (!options.mockupPictures.send(res, mockups, String(req.params.view)))
      throw createHttpError(404, 'There is no such mockup.');
  };
}

/** One of the request's files: the artwork sent with it or with a message since. */
function showFile({ options }: CustomerPage): RequestHandler {
  return async (req, res) => {
    const { position, preview } = filePosition(req.params.position, req.params.preview);
    sendRequestFile(res, await options.desk.getRequestFile(pageOf(req).reference, position), preview);
  };
}

/** The customer's message and its files: checked, counted against the upload budget, stored, the shop told. */
function receiveMessage({ options, sendPage }: CustomerPage): RequestHandler {
  return async (req, res, next) => {
    const { reference, path } = pageOf(req);
    const text = textField(req.body, 'text').slice(0, MAX_TEXT);
    const uploads = (req.files as Express.Multer.File[] | undefined) ?? [];
    if (!text && uploads.length === 0) return res.redirect(303, `${path}?done=empty`);
    const tooMuch = uploadTotalRefusal(uploads);
    if (tooMuch) return next(tooMuch);
    const listError = artworkListError(uploads.map((file) => ({ name: file.originalname, size: file.size })));
    const artwork = listError ? { files: [], error: listError } : await readArtwork(uploads);
    if (artwork.error) {
      req.log.info({ reason: 'artwork_refused' }, 'customer message refused: a file did not pass');
      return sendPage(req, res, {
        status: 422,
        notice: {
          type: 'error',
          text: `Not sent: ${artwork.error} Your message was not kept either: write it again.`,
        },
      });
    }
    const admission = await options.uploads(req, res, artwork.files);
    if (!admission.ok) return next(admission.refusal);
    const files = artwork.files.map((file) => file.name);
    const mail = shopMail(options, { kind: 'customer-wrote', text, files });
    const saving = options.customer.addCustomerMessage(reference, {
      text,
      files: artwork.files,
      ...(mail ? { mail } : {}),
    });
    // The upload budget gives the bytes back should the save throw.
    await admission.settle(saving.then(() => ({ reference, kind: 'quote' as const, repeated: false })));
    req.log.info({ reference, files: files.length, reason: 'customer_message' }, 'customer message stored');
    if (mail) options.onQueued?.();
    res.redirect(303, `${path}?done=sent`);
  };
}

/** Approve, or ask for changes to, the newest quote or proof: `/quotes/<version>/decision`, `/proofs/<version>/decision`. */
function decide(page: CustomerPage, subject: 'quote' | 'proof'): RequestHandler {
  const { options } = page;
  return async (req, res) => {
    const { reference, path } = pageOf(req);
    const read = readDecision(req.body);
    if (!read.ok) return res.redirect(303, `${path}?done=${read.problem}#${subject}`);
    const version = /^\d{1,4}$/.test(String(req.params.version)) ? Number(req.params.version) : 0;
    const mail = shopMail(options, {
      kind: 'customer-decided',
      subject,
      version,
      decision: read.decision,
      name: read.name,
      comment: read.comment,
    });
    const { outcome, withProof } = await options.requests.answer(reference, {
      subject,
      version,
      decision: read.decision,
      name: read.name,
      comment: read.comment,
      ip: req.ip ?? '',
      userAgent: (req.get('user-agent') ?? '').slice(0, 500),
      ...(mail ? { mail } : {}),
      ...(subject === 'proof' && read.decision === 'approved' ? { terms: agreedTerms(options.prices()) } : {}),
    });
    if (outcome === 'missing') throw createHttpError(404, NOT_FOUND);
    // A version replaced since the page was opened (or a post made up by hand): refused as a conflict, the
    // page shown again with the newest version and why nothing was recorded.
    if (outcome === 'superseded') return page.sendPage(req, res, { status: 409, notice: decisionNotices.superseded });
    if (outcome === 'recorded') {
      req.log.info({ reference, subject, version, decision: read.decision }, 'customer decision recorded');
      if (mail || read.decision === 'approved') options.onQueued?.();
    }
    // A quote approved with the draft proof beside it took the proof along (the request service's rule).
    const done = withProof
      ? 'quote-and-proof-approved'
      : outcome === 'recorded'
        ? `${subject}-${read.decision}`
        : outcome;
    // An approved quote's next step is its deposit: the page opens at the payment, approval and pay as one.
    const anchor = outcome === 'recorded' && subject === 'quote' && read.decision === 'approved' ? 'payment' : subject;
    res.redirect(303, `${path}?done=${done}#${anchor}`);
  };
}

/**
 * "Order again": the quote form, filled with the finished order's details and marked as its reorder.
 * Rendered in answer to the post (as a refused form is), so the details never travel in an address.
 */
function orderAgain({ options }: CustomerPage): RequestHandler {
  return async (req, res) => {
    const { reference, path } = pageOf(req);
    const state = await options.desk.getRequestState(reference);
    if (state?.status !== 'completed') return res.redirect(303, `${path}?done=not-completed`);
    const values = (await options.versions.formValuesOf(reference)) ?? {};
    req.log.info({ reference, reason: 'order_again' }, 'quote form filled for a reorder');
    await options.renderForm(req, res, {
      path: '/pricing',
      status: 200,
      form: { form: 'quote', values: { ...values, [REORDER_FIELD]: reference }, errors: {}, message: '' },
    });
  };
}

/** An expired quote: one press asks the shop for a fresh one (once, until it comes). */
function askFreshQuote({ options }: CustomerPage): RequestHandler {
  return async (req, res) => {
    const { reference, path } = pageOf(req);
    const outcome = await options.requests.askFreshQuote(reference, { tellShop: Boolean(options.shopEmail) });
    if (outcome === 'missing') throw createHttpError(404, NOT_FOUND);
    if (outcome === 'asked') {
      req.log.info({ reference, reason: 'fresh_quote_asked' }, 'the customer asked for a fresh quote');
      options.onQueued?.();
    }
    res.redirect(303, `${path}?done=fresh-quote-${outcome}`);
  };
}

/** The customer cancels, with a reason the shop is told, while the work has not started. */
function cancel({ options }: CustomerPage): RequestHandler {
  return async (req, res) => {
    const { reference, path } = pageOf(req);
    const reason = textField(req.body, 'reason').slice(0, MAX_TEXT);
    const mail = shopMail(options, { kind: 'customer-cancelled', reason });
    const outcome = await options.requests.cancelByCustomer(reference, {
      ...(reason ? { reason } : {}),
      ...(mail ? { mail } : {}),
    });
    if (outcome === 'missing') throw createHttpError(404, NOT_FOUND);
    if (outcome === 'cancelled') {
      req.log.info({ reference, reason: 'customer_cancelled' }, 'request cancelled by the customer');
      if (mail) options.onQueued?.();
    }
    res.redirect(303, `${path}?done=${outcome}`);
  };
}

/** Every answer under /requests: never cached, never indexed, and no Referer (the secret is in the address). */
const privateAnswers: RequestHandler = (_req, res, next) => {
  res.set({
    'Cache-Control': 'no-store',
    'X-Robots-Tag': 'noindex, nofollow',
    // The secret is in the address: it must never leave in a Referer (an artwork link, the shop's site).
    'Referrer-Policy': 'no-referrer',
  });
  next();
};

/**
 * The customer's private page of a quote request, under /requests/<reference>/<secret>: no account, the link
 * is the key. Server-rendered with plain forms (post/redirect/get), no script. Every answer is no-store,
 * noindex and sends no Referer; an unknown reference and a wrong secret get the one same 404, and wrong links
 * count against the visitor's rate limit.
 */
export function customerRoutes(options: CustomerRoutesOptions): Router {
  const router = Router();
  const shared = { options, now: options.now ?? (() => new Date()), previews: proofPreviews(options.proofPictures) };
  const page: CustomerPage = {
    ...shared,
    opened: openedBy(options.links),
    sendPage: (req, res, extra) => sendPage(shared, req, res, extra),
  };
  const { opened } = page;

  router.use('/requests', privateAnswers);
  // Guessing at links fails: those failures are what is counted (a customer's visits are not).
  router.use(
    '/requests',
    submissionRateLimit(options.rateLimit, options.limits, 'request-page', {
      failuresOnly: true,
      message: 'Too many tries at this address in a short while. Wait a few minutes and try again, or call us.',
    }),
  );

  router.get(PAGE, opened, showPage(page));
  router.get(`${PAGE}/proofs/:version/preview/:width`, opened, showProofPreview(page));
  router.get(`${PAGE}/proofs/:version{/:preview}`, opened, showProof(page));
  router.get(`${PAGE}/mockups/:view`, opened, showMockup(page));
  router.get(`${PAGE}/files/:position{/:preview}`, opened, showFile(page));

  // Every post below has passed the app's CSRF gate (server/http/csrf-gate.ts), or, for the message's
  // files, is held to the form's token by the upload chain.
  const postLimit = submissionRateLimit(options.rateLimit, options.limits, 'request-post');
  options.uploadGuard.post(
    router,
    `${PAGE}/messages`,
    { files: ARTWORK_MAX_FILES, before: [postLimit, opened] },
    receiveMessage(page),
  );
  for (const subject of ['quote', 'proof'] as const) {
    router.post(`${PAGE}/${subject}s/:version/decision`, postLimit, opened, decide(page, subject));
  }
  mountProofNotes(router, page, PAGE, postLimit);
  router.post(`${PAGE}/order-again`, postLimit, opened, orderAgain(page));
  router.post(`${PAGE}/fresh-quote`, postLimit, opened, askFreshQuote(page));
  router.post(`${PAGE}/cancel`, postLimit, opened, cancel(page));

  options.groups?.mount(router, { opened, postLimit, sendPage: page.sendPage, pageOf }, PAGE);
  options.stores?.mount(router, { opened, postLimit, pageOf }, PAGE);
  options.exemptions?.mount(router, { opened, postLimit, sendPage: page.sendPage, pageOf }, PAGE);

  return router;
}
