import type { Request, RequestHandler } from 'express';
import type { Approval, CustomerRequest, CustomerStore } from '#server/customer/customer-store.ts';
import type { GroupStore } from '#server/groups/group-store.ts';
import { noSuchRequest, referenceOf, staffOf } from '#server/http/desk-request.ts';
import type { OutboxStore } from '#server/mail/outbox-store.ts';
import type { MockupStore } from '#server/mockups/mockup-store.ts';
import type { PaymentStore } from '#server/payments/payment-store.ts';
import { printedFileCheck } from '#server/requests/approved-file.ts';
import type { MoneyReads } from '#server/requests/money-of.ts';
import type { ProofPictures } from '#server/requests/proof-pictures.ts';
import type { StoredPin } from '#server/requests/proof-pin-store.ts';
import { askedView, isPreviewable } from '#server/requests/request-details.ts';
import type { RequestLinks } from '#server/requests/request-links.ts';
import { type RequestService, statusMail } from '#server/requests/request-service.ts';
import type { SentProof, VersionStore } from '#server/requests/version-store.ts';
import type { Actor } from '#server/storage/activity.ts';
import type { QueuedFacts } from '#server/storage/mail-facts.ts';
import type { DeskView } from '#shared/desk-contract.ts';
import type { CatalogueGarment } from '#shared/garments/catalogue.ts';
import type { DeskGroupView } from '#shared/groups/group-contract.ts';
import { optionalField } from '#shared/optional-field.ts';
import type { PricingData } from '#shared/pricing/estimate.ts';
import { canPromise } from '#shared/requests/promised-date.ts';
import { pinStatuses } from '#shared/requests/proof-pins.ts';
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
import type { DeskTeamStores } from '#shared/stores/store-contract.ts';
import { storedDesign } from '#shared/submissions/design-field.ts';
import { localToday } from '#shared/submissions/quote-fields.ts';
import { deskDesignView } from './design-files.ts';
import type { DeskNotice } from './desk-notices.ts';
import type { DeskRender } from './desk-render.ts';
import type { DeskSections } from './desk-sections.ts';
import type { DeskStore } from './desk-store.ts';
import { deskPinViews, eventView, fileView, mailView, proofView, quoteView, threadView } from './desk-views.ts';
import { requestPageReads } from './request-page-reads.ts';

/** What the desk's request page reads and shows. */
export interface CustomerPageOptions {
  desk: Pick<DeskStore, 'getRequestView' | 'markRequestRead'>;
  /** The approval deadline of a proof out, on the shop's load (the request service's). */
  requests?: Pick<RequestService, 'approvalDeadline'>;
  /** The quotes, proofs and form of the request. */
  versions: Pick<VersionStore, 'quotesOf' | 'proofsOf' | 'formValuesOf' | 'pinsOf' | 'getProofFile'>;
  /** The proofs as pictures: an image as it is, a PDF by its first page drawn on the server. */
  proofPictures: Pick<ProofPictures, 'pictureOf'>;
  /** The customer's approvals. */
  customer: Pick<CustomerStore, 'approvalsOf'>;
  /** The request's mails. */
  outbox: Pick<OutboxStore, 'notificationsOf'>;
  /** The money card. */
  payments: Pick<PaymentStore, 'paymentsOf' | 'depositWaiverOf' | 'checkoutSessionsOf'>;
  /** The goodwill discounts that lower what is owed. */
  books: MoneyReads['books'];
  /** A group order's members, who its receipts went to. */
  groups: Pick<GroupStore, 'groupOf' | 'entriesOf'>;
  mockups: Pick<MockupStore, 'mockupsOf'>;
  /**
   * A group order's section (closed first when its deadline passed): the groups feature builds it, the
   * app hands it in with the groups' own desk routes.
   */
  groupView: (reference: string) => Promise<DeskGroupView | undefined>;
  /** The request's team stores and the link to open one: the stores feature words it, the app hands it in. */
  storesView?: (reference: string) => Promise<DeskTeamStores>;
  /** The mockups' section and the money card, each worded by its own feature: the app hands them in. */
  sections: DeskSections;
  /** Every notice a redirect back to the page may name: the desk's and its neighbours'. */
  notices: Readonly<Record<string, DeskNotice>>;
  render: DeskRender;
  shopName: string;
  now: () => Date;
  /** The price files, read at each use (they reload). */
  prices: () => PricingData;
  /** The catalogue's garments, read at each use: a studio design's print areas and garment colour. */
  garments: () => readonly CatalogueGarment[];
  /** The customers' private pages: the link the desk shows. */
  requestLinks?: RequestLinks;
  /** Stripe is set up: card payments can be refunded through it from the money card. */
  payOnline?: boolean;
  /**
   * The customer's mail for these facts as it would be sent now (server/mail/build-mail.ts), for the
   * previews under the status and cancel forms; without it none are shown.
   */
  /**
   * The page's own reads are handed over (its money reads, the request as the customer's mails read it), so a
   * preview takes them from there, not from the database again.
   */
  mailPreview?: (
    reference: string,
    facts: QueuedFacts,
    page: PreviewReads,
  ) => Promise<{ subject: string; text: string } | undefined>;
}

type CustomerPageView = Extract<DeskView, { page: 'request' }>;

/** What the cancel preview shows where the reason will be. */
const REASON_PLACEHOLDER = '[the reason you give above]';
/** The statuses a quote request has a work order in. */
const ON_THE_BOARD: readonly string[] = [
  'approved',
  'proof_sent',
  'proof_approved',
  'in_production',
  'ready',
  'completed',
];

/**
 * The proofs' notes as the desk shows them: every pin, whether the newest proof takes notes, each picture's
 * size (the pins are drawn over it), the numbers answered since it was sent, and, from Proof approved on,
 * whether the file the work order prints is the one approved.
 */
async function proofNotesOf(
  options: CustomerPageOptions,
  reference: string,
  request: { name: string; status: RequestStatus; promised?: { date: string }; payload: Record<string, unknown> },
  proofs: SentProof[],
  approvals: Approval[],
  stored: StoredPin[],
) {
  const pins = deskPinViews(stored, request.name);
  const newest = proofs.at(-1);
  const open = newest !== undefined && pinStatuses.includes(request.status);
  const pixels = new Map<number, { width: number; height: number }>();
  for (const proof of proofs) {
    if (!isPreviewable(proof.mediaType, 'proof') && proof.mediaType !== 'application/pdf') continue;
    const size = (await options.proofPictures.pictureOf(reference, proof.version))?.pixels;
    if (size) pixels.set(proof.version, size);
  }
  // Answered: a word from the shop under it, or marked done, on the version the next one replaces.
  const answered = pins
    .filter((pin) => pin.version === newest?.version && (pin.done || pin.replies.some((reply) => !reply.fromCustomer)))
    .map((pin) => pin.number);
  const check = PRINTING.includes(request.status)
    ? await printedFileCheck(options.versions, reference, proofs, approvals)
    : undefined;
  const inHands = request.payload.inHandsDate;
  const deadline =
    request.status === 'proof_sent'
      ? await options.requests?.approvalDeadline(
          reference,
          request.promised?.date ?? (typeof inHands === 'string' ? inHands : undefined),
        )
      : undefined;
  return { pins, open, pixels, answered, fileWarning: check?.warning, deadline };
}

/** From here on, the work order's file goes to the press: the desk checks it is the approved one. */
const PRINTING: readonly RequestStatus[] = ['proof_approved', 'in_production'];

/** Every section's reads at once (each a round trip on PostgreSQL); the money card's from these. */
function readPage(options: CustomerPageOptions, reference: string) {
  const quotesRead = options.versions.quotesOf(reference);
  const approvalsRead = options.customer.approvalsOf(reference);
  const reads = requestPageReads(options.payments, options.books, reference, {
    quotes: quotesRead,
    approvals: approvalsRead,
  });
  return Promise.all([
    options.desk.getRequestView(reference),
    options.outbox.notificationsOf(reference),
    quotesRead,
    options.versions.proofsOf(reference),
    options.requestLinks?.pathFor(reference),
    approvalsRead,
    options.versions.formValuesOf(reference),
    options.mockups.mockupsOf(reference),
    options.groupView(reference),
    reads,
    options.versions.pinsOf(reference),
  ]);
}

/** What the desk's request page has read already, handed to its mail previews. */
interface PreviewReads {
  money: MoneyReads;
  request: CustomerRequest;
}

/** The customer's mails the status and cancel forms would queue, as the outbox would write them now. */
async function statusPreviews(
  options: Pick<CustomerPageOptions, 'mailPreview'>,
  reference: string,
  kind: 'quote' | 'contact',
  moves: readonly RequestStatus[],
  canCancel: boolean,
  pageReads: PreviewReads,
): Promise<CustomerPageView['previews']> {
  const mailPreview = options.mailPreview;
  if (!mailPreview) return [];
  const previewed: { to: RequestStatus; facts: QueuedFacts }[] = [
    ...moves.filter((to) => mailsByItself(kind, to)),
    ...(canCancel ? (['cancelled'] as const) : []),
  ].flatMap((to) => {
    const facts = statusMail(kind, to, undefined, REASON_PLACEHOLDER);
    return facts ? [{ to, facts }] : [];
  });
  return (
    await Promise.all(
      previewed.map(async ({ to, facts }) => {
        const mail = await mailPreview(reference, facts, pageReads);
        return mail && { to, subject: mail.subject, text: mail.text };
      }),
    )
  ).filter((preview) => preview !== undefined);
}

/** Members' receipts name their entry: the desk's list of mails says which member each went to. */
async function memberNamesOf(
  groups: CustomerPageOptions['groups'],
  reference: string,
  hasGroup: boolean,
): Promise<Map<number, string>> {
  const groupRow = hasGroup ? await groups.groupOf(reference) : undefined;
  return new Map((groupRow ? await groups.entriesOf(groupRow.id) : []).map((entry) => [entry.id, entry.name]));
}

/** The notice a redirect back named, if it is one the desk has. */
function noticeOf(notices: CustomerPageOptions['notices'], req: Request): DeskNotice | undefined {
  const done = req.query.done;
  return typeof done === 'string' && Object.hasOwn(notices, done) ? notices[done] : undefined;
}

/**
 * One request on the desk: its status and the moves it can make, its quotes, proofs, files, mockups, group,
 * money, mails, thread and log. Opened for the first time, it is marked read.
 */
export function showRequest(options: CustomerPageOptions): RequestHandler {
  return async (req, res) => {
    const reference = referenceOf(req);
    const actor: Actor = `staff:${staffOf(res)}`;
    let page = await readPage(options, reference);
    // Opened for the first time: marked read (with who opened it, in its log), and read again to show so.
    // Every later view is the reads above alone.
    if (page[0] && page[0].readAt === null) {
      if (!(await options.desk.markRequestRead(reference, actor))) throw noSuchRequest();
      page = await readPage(options, reference);
    }
    const [request, mails, quotes, proofs, customerPage, approvals, formValues, mockups, group, reads, pins] = page;
    if (!request) throw noSuchRequest();
    const proofNotes = await proofNotesOf(options, reference, request, proofs, approvals, pins);
    const design = storedDesign(formValues);
    const notice = noticeOf(options.notices, req);
    const today = localToday(options.now());
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
    const previews = await statusPreviews(options, reference, request.kind, moves, canCancel, {
      money: reads,
      request,
    });
    const memberNames = await memberNamesOf(options.groups, reference, group !== undefined);
    const teamStores = request.kind === 'quote' && options.storesView ? await options.storesView(reference) : undefined;
    const money = await options.sections.money(reads, {
      reference,
      status: request.status,
      events: request.events,
      stripe: options.payOnline === true,
      terms: options.prices()['order-terms'].payments,
    });
    const stock = request.kind === 'quote' ? await options.sections.stock?.(formValues) : undefined;
    const blanksHold = request.kind === 'quote' ? await options.sections.blanksHold?.(reference) : undefined;
    const exemption =
      request.kind === 'quote' ? await options.sections.exemption?.({ reference, email: request.email }) : undefined;
    const invoiceTerms = request.kind === 'quote' ? await options.sections.invoiceTerms?.(reference) : undefined;
    await options.render(req, res, {
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
      ...(design ? { design: deskDesignView(design, options.garments(), `/staff/requests/${reference}`) } : {}),
      ...(mockups.length > 0
        ? options.sections.mockups(
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
      undoUntil > options.now().getTime() &&
      typeof cancelledFrom === 'string' &&
      isStatusOf(request.kind, cancelledFrom)
        ? { undo: { until: new Date(undoUntil).toISOString(), to: cancelledFrom } }
        : {}),
      ...(request.kind === 'quote' && ON_THE_BOARD.includes(request.status)
        ? { workOrder: `/staff/requests/${reference}/work-order` }
        : {}),
      ...(request.freshQuoteAskedAt ? { freshQuoteAskedAt: request.freshQuoteAskedAt.toISOString() } : {}),
      quotes: quotes.map((quote) => quoteView(quote, quotes.length, today, approvals)).reverse(),
      proofs: proofs
        .map((proof) =>
          proofView(proof, proofs.length, approvals, {
            pins: proofNotes.pins,
            open: proofNotes.open,
            ...optionalField('pixels', proofNotes.pixels.get(proof.version)),
          }),
        )
        .reverse(),
      answeredPins: proofNotes.answered,
      ...optionalField('fileWarning', proofNotes.fileWarning),
      ...optionalField('proofDeadline', proofNotes.deadline),
      canQuote: canSendQuote(request.kind, request.status),
      canSendProof: canSendProof(request.kind, request.status),
      ...(request.promised ? { promised: request.promised } : {}),
      canPromise: canPromise(request.kind, request.status),
      today,
      ...(customerPage ? { customerPage } : {}),
      ...(money ? { money } : {}),
      ...(invoiceTerms ? { invoiceTerms } : {}),
      ...(group ? { group } : {}),
      ...(teamStores ? { teamStores } : {}),
      ...(stock ? { stock } : {}),
      ...(blanksHold ? { blanksHold } : {}),
      ...(exemption ? { exemption } : {}),
      ...(notice ? { notice } : {}),
    });
  };
}
