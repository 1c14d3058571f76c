import type { BlankStore } from '#server/blanks/blank-store.ts';
import { purchaseOrderMail } from '#server/blanks/purchase-mail.ts';
import type { BooksStore } from '#server/books/books-store.ts';
import { invoiceDueMail } from '#server/books/invoice-due-mail.ts';
import type { CustomerStore } from '#server/customer/customer-store.ts';
import { entryReceiptMail, shareLinkMail } from '#server/groups/group-mail.ts';
import type { GroupStore } from '#server/groups/group-store.ts';
import {
  approvalReceiptMail,
  customerMessageMail,
  newRequestLinkMail,
  type ProofAnswer,
  promisedChangedMail,
  proofMail,
  quoteMail,
} from '#server/mail/customer-mail.ts';
import type { MailDraft } from '#server/mail/mail-draft.ts';
import { mailHtml } from '#server/mail/mail-layout.ts';
import { type BuiltMail, MailNotDueError, type QueuedMail, UnbuildableMailError } from '#server/mail/mail-row.ts';
import type { MailSettings } from '#server/mail/mail-settings.ts';
import { customerLook } from '#server/mail/order-summary.ts';
import type { NotificationRecipient } from '#server/mail/outbox-store.ts';
import { toShopMail } from '#server/mail/shop-mail.ts';
import { cancelUndoneMail, type OrderContext, reminderMail, statusChangedMail } from '#server/mail/status-mail.ts';
import type { MockupStore } from '#server/mockups/mockup-store.ts';
import { moneyRows, paymentFlaggedMail, paymentReceiptMail } from '#server/payments/payment-mail.ts';
import type { PaymentStore } from '#server/payments/payment-store.ts';
import { type MoneyReads, moneyOf } from '#server/requests/money-of.ts';
import type { StoredPin } from '#server/requests/proof-pin-store.ts';
import { handoverOfPayload } from '#server/requests/quote-payload.ts';
import { isPreviewable } from '#server/requests/request-details.ts';
import { customerPagePath } from '#server/requests/request-links.ts';
import type { SentQuote, VersionStore } from '#server/requests/version-store.ts';
import { printSizeText } from '#server/requests/version-views.ts';
import type { DeskStore } from '#server/staff/desk-store.ts';
import { signInLinkMail } from '#server/staff/sign-in-mail.ts';
import { type MailFacts, type MailKind, readMailFacts } from '#server/storage/mail-facts.ts';
import { storeOrderMail } from '#server/stores/store-mail.ts';
import type { TeamStoreStore } from '#server/stores/team-stores-store.ts';
import { customerMessage, shopMessage } from '#server/submissions/received-mail.ts';
import type { SubmissionStore } from '#server/submissions/submission-store.ts';
import { formatDateTime, formatDay } from '#shared/desk-format.ts';
import { formatMoney } from '#shared/money.ts';
import { describeOpeningHours } from '#shared/opening-hours.ts';
import { payableNow } from '#shared/payments/order-money.ts';
import { isQuoteOpen } from '#shared/requests/quote.ts';
import { statusLabels } from '#shared/requests/request-status.ts';
import { localToday } from '#shared/submissions/quote-fields.ts';

/**
 * Every mail the site sends is written here, one way: from the facts its outbox row holds and what is
 * stored, when it is sent. What a mail may read is the features' stores' reads only: writing a mail writes
 * nothing (the outbox's own bookkeeping is the worker's).
 */
/**
 * The shop's answers to the notes on the version a new one replaces, for the new version's mail: the
 * customer gets one mail per batch of answers, with the version that carries them, not one per answer.
 */
function shopAnswers(pins: readonly StoredPin[], replaced: number): ProofAnswer[] {
  return (
    pins
      // Only the customer's own notes: a question the shop pinned for them is not an answer to them.
      .filter((pin) => pin.version === replaced && pin.author === 'customer')
      .flatMap((pin) => {
        const replies = pin.replies.filter((reply) => reply.author !== 'customer').map((reply) => reply.text);
        const done = pin.done !== undefined && pin.done.by !== 'customer';
        return replies.length > 0 || done ? [{ number: pin.number, note: pin.text, replies, done }] : [];
      })
  );
}

export interface MailReads {
  submissions: Pick<SubmissionStore, 'getSubmission'>;
  customer: Pick<CustomerStore, 'getCustomerRequest' | 'requestLinkOf' | 'approvalsOf'>;
  versions: Pick<VersionStore, 'quotesOf' | 'proofsOf' | 'pinsOf'>;
  payments: Pick<PaymentStore, 'paymentsOf' | 'depositWaiverOf'>;
  groups: Pick<GroupStore, 'groupOf' | 'entryById'>;
  mockups: Pick<MockupStore, 'mockupsOf'>;
  desk: Pick<DeskStore, 'getRequestState'>;
  teamStores: Pick<TeamStoreStore, 'orderById' | 'storeById'>;
  books: MoneyReads['books'] & Partial<Pick<BooksStore, 'invoiceByNumber'>>;
  blanks: Pick<BlankStore, 'purchaseOrder'>;
}

interface Context {
  settings: MailSettings;
  reads: MailReads;
}

type Builder<K extends MailKind> = (
  facts: Extract<MailFacts, { kind: K }>,
  row: QueuedMail,
  context: Context,
) => Promise<MailDraft>;

function referenceOf(row: QueuedMail): string {
  if (row.reference === null) throw new UnbuildableMailError('the mail is about a request, and its row names none');
  return row.reference;
}

/** The whole address of a quote request's page as it is now, when links can be made; undefined otherwise. */
async function customerLink({ settings, reads }: Context, reference: string): Promise<string | undefined> {
  if (!settings.linkKeys) return undefined;
  const path = await customerPagePath(reads.customer, settings.linkKeys, reference);
  return path && `${settings.publicUrl}${path}`;
}

/**
 * What every mail to a customer about their request starts from: the request's address and its page's
 * link, and the request as stored (its order, for the summary; the promised day).
 */
async function toCustomer(row: QueuedMail, context: Context) {
  const reference = referenceOf(row);
  const [request, link] = await Promise.all([
    context.reads.customer.getCustomerRequest(reference),
    customerLink(context, reference),
  ]);
  if (!request) throw new UnbuildableMailError(`the request ${reference} is not in storage`);
  return {
    request,
    about: { reference, shopName: context.settings.shop.appName, ...(link ? { link } : {}) },
  };
}

/** The newest quote sent: the figures a mail about the order gives, whatever its version. */
async function latestQuote({ reads }: Context, reference: string): Promise<SentQuote | undefined> {
  return (await reads.versions.quotesOf(reference)).reduce<SentQuote | undefined>(
    (latest, quote) => (latest && latest.version > quote.version ? latest : quote),
    undefined,
  );
}

function toShop(facts: Parameters<typeof toShopMail>[0], row: QueuedMail, { settings }: Context): Promise<MailDraft> {
  const reference = referenceOf(row);
  return Promise.resolve(
    toShopMail(facts, { reference, shopEmail: settings.shopEmail, publicUrl: settings.publicUrl }),
  );
}

/**
 * What the status mails and reminders say of the order besides its status: how it is handed over, its
 * money as stored now, the shop's address and hours from its data files.
 */
async function orderContext(
  request: { payload: Record<string, unknown>; promised?: { handover: 'pickup' | 'delivery' } },
  about: { reference: string; shopName: string; link?: string },
  context: Context,
): Promise<OrderContext> {
  const { money } = await moneyOf(context.reads, about.reference);
  const { address, openingHours } = context.settings.shop;
  return {
    ...about,
    cardPayments: context.settings.cardPayments === true && about.link !== undefined,
    handover: request.promised?.handover ?? handoverOfPayload(request.payload),
    ...(money
      ? {
          money: {
            balanceCents: money.balanceCents,
            paidCents: money.paidCents,
            depositDueCents: money.depositDueCents,
          },
        }
      : {}),
    ...(address ? { address: `${address.street}, ${address.city}, ${address.region} ${address.postalCode}` } : {}),
    ...(openingHours ? { hours: describeOpeningHours(openingHours) } : {}),
  };
}

/**
 * A reminder of an invoice on terms: what is left to pay as it goes, never once nothing is (a check that
 * came in since), and never about another request's invoice.
 */
async function invoiceDue(
  facts: Extract<MailFacts, { kind: 'invoice-due' }>,
  row: QueuedMail,
  context: Context,
): Promise<MailDraft> {
  const { request, about } = await toCustomer(row, context);
  const invoice = await context.reads.books.invoiceByNumber?.(facts.invoice);
  if (!invoice || invoice.reference !== about.reference)
    throw new UnbuildableMailError(`invoice ${facts.invoice} is not one of ${about.reference}`);
  const [{ money }, state] = await Promise.all([
    moneyOf(context.reads, about.reference),
    context.reads.desk.getRequestState(about.reference),
  ]);
  // Checked again as it goes: a cancelled order is owed nothing, whatever its approved quote said.
  if (state?.status === 'cancelled') throw new MailNotDueError(`${about.reference} was cancelled`);
  const balanceCents = money?.balanceCents ?? 0;
  if (balanceCents <= 0) throw new MailNotDueError(`invoice ${facts.invoice} of ${about.reference} is paid`);
  const { address } = context.settings.shop;
  return invoiceDueMail(request.email, {
    stage: facts.stage,
    invoiceNumber: invoice.number,
    reference: about.reference,
    balanceCents,
    due: facts.due,
    poNumber: invoice.poNumber,
    shopName: about.shopName,
    ...(address ? { address: `${address.street}, ${address.city}, ${address.region} ${address.postalCode}` } : {}),
    ...(about.link ? { link: about.link } : {}),
    cardPayments: context.settings.cardPayments === true && about.link !== undefined,
  });
}

/** A receipt for a payment or a refund: its row's figures, then the order's after it. */
async function paymentReceipt(
  facts: Extract<MailFacts, { kind: 'payment-receipt' | 'refund-receipt' }>,
  row: QueuedMail,
  context: Context,
): Promise<MailDraft> {
  const { request, about } = await toCustomer(row, context);
  const { money, payments, quote } = await moneyOf(context.reads, about.reference);
  const payment = payments.find((item) => item.id === facts.payment);
  if (!payment) throw new UnbuildableMailError(`payment ${facts.payment} of ${about.reference} is not in storage`);
  const quoteLines = quote?.lines ?? [];
  const draft = paymentReceiptMail(request.email, {
    ...about,
    payment,
    money,
    quoteLines,
    at: formatDateTime(payment.at.toISOString(), context.settings.timeZone),
  });
  return {
    ...draft,
    look: customerLook({
      ...about,
      request,
      rows: moneyRows(money, quoteLines),
      label: 'Open your order',
    }),
  };
}

const builders: { [K in MailKind]: Builder<K> } = {
  async received(facts, row, context) {
    const reference = referenceOf(row);
    const submission = await context.reads.submissions.getSubmission(reference);
    if (!submission) throw new UnbuildableMailError(`the submission ${reference} is not in storage`);
    return facts.for === 'shop'
      ? shopMessage(submission, context.settings, await context.reads.mockups.mockupsOf(reference))
      : customerMessage(submission, context.settings, await customerLink(context, reference));
  },

  async 'staff-sign-in'(facts, _row, { settings }) {
    if (!settings.linkKeys) throw new UnbuildableMailError('a sign-in link needs CSRF_SECRET to be made');
    // The secret exists only here and in the mail: the outbox keeps the nonce, the sign-in row its hash.
    const secret = settings.linkKeys.signIn(facts.nonce);
    const next = facts.next ? `?next=${encodeURIComponent(facts.next)}` : '';
    return signInLinkMail(facts.to, `${settings.publicUrl}/staff/sign-in/${secret}${next}`, settings.shop.appName);
  },

  async 'quote-sent'(facts, row, context) {
    const { request, about } = await toCustomer(row, context);
    const quote = (await context.reads.versions.quotesOf(about.reference)).find(
      (sent) => sent.version === facts.version,
    );
    if (!quote) throw new UnbuildableMailError(`quote v${facts.version} of ${about.reference} is not in storage`);
    return {
      ...quoteMail(request.email, { ...about, version: facts.version, terms: quote }),
      look: customerLook({ ...about, request, quote, label: 'Open your quote' }),
    };
  },

  async 'proof-sent'(facts, row, context) {
    const { request, about } = await toCustomer(row, context);
    const [proofs, quote, pins] = await Promise.all([
      context.reads.versions.proofsOf(about.reference),
      latestQuote(context, about.reference),
      context.reads.versions.pinsOf(about.reference),
    ]);
    const proof = proofs.find((sent) => sent.version === facts.version);
    if (!proof) throw new UnbuildableMailError(`proof v${facts.version} of ${about.reference} is not in storage`);
    const printSize = printSizeText(proof.widthInches, proof.heightInches);
    // The page's own preview, as the page shows it: a picture for a PNG, JPEG or WebP, never a PDF.
    const image =
      about.link && isPreviewable(proof.mediaType, 'proof')
        ? {
            src: `${about.link}/proofs/${proof.version}/preview`,
            alt: `Your proof, version ${proof.version}${printSize ? `, printed ${printSize}` : ''}`,
          }
        : undefined;
    return {
      ...proofMail(request.email, {
        ...about,
        version: facts.version,
        notes: proof.notes,
        ...(printSize ? { printSize } : {}),
        answers: shopAnswers(pins, facts.version - 1),
      }),
      look: customerLook({
        ...about,
        request,
        rows: [{ label: 'Proof', value: `Version ${proof.version}${printSize ? `, ${printSize}` : ''}` }],
        ...(quote ? { quote } : {}),
        label: 'Open your proof',
        ...(image ? { image } : {}),
      }),
    };
  },

  async 'status-changed'(facts, row, context) {
    const { request, about } = await toCustomer(row, context);
    const [quote, order] = await Promise.all([
      latestQuote(context, about.reference),
      orderContext(request, about, context),
    ]);
    return {
      ...statusChangedMail(request.email, facts, order),
      look: customerLook({
        ...about,
        request,
        rows: [
          { label: 'Status', value: statusLabels[facts.status] },
          ...(facts.status === 'ready' && order.money && order.money.balanceCents > 0
            ? [{ label: 'Balance due', value: formatMoney(order.money.balanceCents) }]
            : []),
        ],
        ...(quote ? { quote } : {}),
      }),
    };
  },

  async 'cancel-undone'(facts, row, context) {
    const { request, about } = await toCustomer(row, context);
    const order = await orderContext(request, about, context);
    return {
      ...cancelUndoneMail(request.email, facts.status, order),
      look: customerLook({ ...about, request, rows: [{ label: 'Status', value: statusLabels[facts.status] }] }),
    };
  },

  async reminder(facts, row, context) {
    const { request, about } = await toCustomer(row, context);
    const [status, order, quotes, { money }] = await Promise.all([
      context.reads.desk.getRequestState(about.reference),
      orderContext(request, about, context),
      context.reads.versions.quotesOf(about.reference),
      moneyOf(context.reads, about.reference),
    ]);
    const now = status?.status;
    // Checked again as it goes: a reminder never reaches a request cancelled, completed or paid since.
    if (!now) throw new UnbuildableMailError(`the request ${about.reference} is not in storage`);
    if (facts.about === 'deposit') {
      const due = payableNow(now, money, 'deposit');
      if (due <= 0) throw new MailNotDueError(`the deposit of ${about.reference} is no longer due`);
      return {
        ...reminderMail(request.email, { about: 'deposit', depositDueCents: due }, order),
        look: customerLook({
          ...about,
          request,
          rows: [{ label: 'Deposit due', value: formatMoney(due) }],
          label: 'Open your order',
        }),
      };
    }
    if (facts.about === 'balance') {
      const due = payableNow(now, money, 'balance');
      if (due <= 0) throw new MailNotDueError(`the balance of ${about.reference} is no longer due`);
      return {
        ...reminderMail(request.email, { about: 'balance', balanceCents: due }, order),
        look: customerLook({
          ...about,
          request,
          rows: [{ label: 'Balance due', value: formatMoney(due) }],
          label: 'Open your order',
        }),
      };
    }
    if (facts.about === 'proof-deadline' || facts.about === 'proof-date-moved') {
      // Checked again as it goes: never once the proof is approved or replaced.
      const proofs = await context.reads.versions.proofsOf(about.reference);
      if (now !== 'proof_sent' || proofs.at(-1)?.version !== facts.version || !facts.day || !facts.keeps)
        throw new MailNotDueError(`proof v${facts.version} of ${about.reference} no longer waits for an answer`);
      if (facts.about === 'proof-date-moved') {
        return {
          ...reminderMail(
            request.email,
            { about: 'proof-date-moved', version: facts.version ?? 1, wanted: facts.day, earliest: facts.keeps },
            order,
          ),
          look: customerLook({
            ...about,
            request,
            rows: [{ label: 'New date, approved today', value: formatDay(facts.keeps) }],
            label: 'Open your proof',
          }),
        };
      }
      return {
        ...reminderMail(
          request.email,
          {
            about: 'proof-deadline',
            version: facts.version ?? 1,
            day: facts.day,
            keeps: facts.keeps,
            cutoff: facts.cutoff ?? 'the end of the working day',
          },
          order,
        ),
        look: customerLook({
          ...about,
          request,
          rows: [
            { label: 'Approve by', value: formatDay(facts.day) },
            { label: 'To keep', value: formatDay(facts.keeps) },
          ],
          label: 'Open your proof',
        }),
      };
    }
    const quote = quotes.at(-1);
    const today = localToday(new Date());
    if (now !== 'quoted' || !quote || quote.version !== facts.version || !isQuoteOpen(quote, quote.version, today))
      throw new MailNotDueError(`quote v${facts.version} of ${about.reference} no longer waits for an answer`);
    return {
      ...reminderMail(
        request.email,
        { about: 'quote-expiring', version: quote.version, validUntil: quote.validUntil },
        order,
      ),
      look: customerLook({
        ...about,
        request,
        quote,
        rows: [{ label: 'Good until', value: formatDay(quote.validUntil) }],
        label: 'Open your quote',
      }),
    };
  },

  async 'desk-message'(facts, row, context) {
    const { request, about } = await toCustomer(row, context);
    return {
      ...customerMessageMail(request.email, { ...about, message: facts.message, kind: facts.about }),
      look: customerLook(about),
    };
  },

  async 'link-replaced'(_facts, row, context) {
    const { request, about } = await toCustomer(row, context);
    const { link } = about;
    if (!link) throw new UnbuildableMailError(`${about.reference} has no page to link to`);
    return { ...newRequestLinkMail(request.email, { ...about, link }), look: customerLook(about) };
  },

  async 'approval-receipt'(facts, row, context) {
    const { request, about } = await toCustomer(row, context);
    const [approvals, quotes] = await Promise.all([
      context.reads.customer.approvalsOf(about.reference),
      context.reads.versions.quotesOf(about.reference),
    ]);
    const approval = approvals.findLast(
      (item) => item.subject === facts.subject && item.version === facts.version && item.decision === 'approved',
    );
    if (!approval)
      throw new UnbuildableMailError(`no approval of ${facts.subject} v${facts.version} of ${about.reference}`);
    // The quote a proof goes with is the last one approved; a quote's own receipt gives its figures.
    const quoteVersion =
      facts.subject === 'quote'
        ? facts.version
        : approvals.findLast((item) => item.subject === 'quote' && item.decision === 'approved')?.version;
    const quote = quotes.find((sent) => sent.version === quoteVersion);
    // What is counted as paid by now (group members' shares come before the approval).
    const { money } = quote ? await moneyOf(context.reads, about.reference) : { money: undefined };
    const approved =
      facts.withProof === undefined
        ? `${facts.subject} v${facts.version}`
        : `quote v${facts.version} and proof v${facts.withProof}`;
    return {
      ...approvalReceiptMail(request.email, {
        ...about,
        approved,
        ...(quote ? { quote } : {}),
        signedAs: approval.name,
        ...(money ? { paid: money } : {}),
        at: formatDateTime(approval.at.toISOString(), context.settings.timeZone),
        ...(request.promised ? { promised: request.promised } : {}),
      }),
      look: customerLook({
        ...about,
        request,
        rows: [
          { label: 'Approved', value: approved },
          ...(money && money.paidCents > 0 && !money.depositWaived
            ? [
                { label: 'Already paid', value: formatMoney(money.paidCents) },
                { label: 'Deposit still due', value: formatMoney(money.depositDueCents) },
              ]
            : []),
        ],
        ...(quote ? { quote } : {}),
      }),
    };
  },

  async 'promised-changed'(facts, row, context) {
    const { request, about } = await toCustomer(row, context);
    const promised = { date: facts.date, handover: facts.handover };
    return {
      ...promisedChangedMail(request.email, { ...about, promised, ...(facts.was ? { was: facts.was } : {}) }),
      look: customerLook({
        ...about,
        request,
        rows: [
          { label: facts.handover === 'pickup' ? 'Ready for pickup' : 'Delivered by', value: formatDay(facts.date) },
        ],
      }),
    };
  },

  'payment-receipt': paymentReceipt,
  'invoice-due': invoiceDue,
  'refund-receipt': paymentReceipt,

  async 'payment-flagged'(facts, row, context) {
    const reference = referenceOf(row);
    const payment = (await context.reads.payments.paymentsOf(reference)).find((item) => item.id === facts.payment);
    if (!payment) throw new UnbuildableMailError(`payment ${facts.payment} of ${reference} is not in storage`);
    return paymentFlaggedMail(context.settings.shopEmail, {
      reference,
      payment,
      publicUrl: context.settings.publicUrl,
    });
  },

  async group(facts, row, context) {
    const { settings } = context;
    const { linkKeys } = settings;
    if (!linkKeys) throw new UnbuildableMailError('a group link needs CSRF_SECRET to be made');
    if (facts.about === 'entry') {
      const found = facts.entry === undefined ? undefined : await context.reads.groups.entryById(facts.entry);
      if (!found) throw new UnbuildableMailError(`group entry ${facts.entry} is not in storage`);
      const paid =
        facts.payment === undefined
          ? undefined
          : (await context.reads.payments.paymentsOf(found.group.reference)).find((item) => item.id === facts.payment);
      if (facts.payment !== undefined && !paid)
        throw new UnbuildableMailError(`payment ${facts.payment} of ${found.group.reference} is not in storage`);
      return entryReceiptMail(found.group, found.entry, { ...settings, linkKeys }, paid?.amountCents);
    }
    const { request, about } = await toCustomer(row, context);
    const group = await context.reads.groups.groupOf(about.reference);
    if (!group) throw new UnbuildableMailError(`${about.reference} has no group order`);
    return shareLinkMail(request.email, group, { ...settings, linkKeys });
  },

  async 'team-store'(facts, _row, { settings, reads }) {
    const { linkKeys } = settings;
    if (!linkKeys) throw new UnbuildableMailError('a store order link needs CSRF_SECRET to be made');
    const order = await reads.teamStores.orderById(facts.order);
    const store = order && (await reads.teamStores.storeById(order.storeId));
    if (!order || !store) throw new UnbuildableMailError(`store order ${facts.order} is not in storage`);
    return storeOrderMail(facts.about, store, order, { ...settings, linkKeys });
  },

  async 'purchase-order'(facts, _row, { settings, reads }) {
    const order = await reads.blanks.purchaseOrder(facts.order);
    if (!order) throw new UnbuildableMailError(`purchase order ${facts.order} is not in storage`);
    return purchaseOrderMail(order, facts, settings);
  },

  'customer-wrote': toShop,
  'customer-decided': toShop,
  'customer-cancelled': toShop,
  'customer-asked-quote': toShop,

  async legacy() {
    throw new UnbuildableMailError('queued before mails were written when sent; only its subject was kept');
  },
};

/**
 * The same Message-ID on every attempt at one notification: if a crash falls between the SMTP server
 * accepting a message and the outbox marking it sent, the copy sent again carries the same ID, so the
 * receiving side (and a person) can tell it is a duplicate, not a second request.
 */
export function messageIdFor(reference: string, recipient: NotificationRecipient, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<${reference.toLowerCase()}.${recipient}@${domain}>`;
}

/** Writes the mail of an outbox row, as it is to be sent now; throws UnbuildableMailError when it cannot be. */
export async function buildMail(row: QueuedMail, reads: MailReads, settings: MailSettings): Promise<BuiltMail> {
  const facts = readMailFacts(row.recipient, row.facts);
  if (!facts) throw new UnbuildableMailError('its stored facts are not a mail this server writes');
  // The registry is keyed by kind, so the builder found takes exactly these facts.
  const build = builders[facts.kind] as Builder<typeof facts.kind>;
  const { look, ...draft } = await build(facts, row, { settings, reads });
  return {
    ...draft,
    from: settings.from,
    html: mailHtml({ ...draft, ...(look ? { look } : {}) }, { name: settings.shop.appName, url: settings.publicUrl }),
    // A submission's two mails by its reference (one each); any other by its row.
    messageId: messageIdFor(
      facts.kind === 'received' ? referenceOf(row) : `mail-${row.id}`,
      row.recipient,
      settings.from,
    ),
  };
}
