import type { CustomerStore, DecisionOutcome, VersionDecision } from '#server/customer/customer-store.ts';
import type { PaymentStore } from '#server/payments/payment-store.ts';
import type { ProductionPlanner } from '#server/production/production-store.ts';
import type { DeskStore } from '#server/staff/desk-store.ts';
import type { QueuedFacts } from '#server/storage/mail-facts.ts';
import { optionalField } from '#shared/optional-field.ts';
import { type PaymentPurpose, payableNow, waitsForDeposit } from '#shared/payments/order-money.ts';
import type { PricingData } from '#shared/pricing/estimate.ts';
import { customerCancellable } from '#shared/requests/customer-steps.ts';
import { type DecisionVerdict, judgeDecision } from '#shared/requests/decision-rules.ts';
import {
  type ApprovalDeadline,
  approvalDeadline,
  canPromise,
  type PromisedDate,
} from '#shared/requests/promised-date.ts';
import { isQuoteOpen } from '#shared/requests/quote.ts';
import {
  canMove,
  canSendProof,
  inPersonApprovalOf,
  mailsByItself,
  type RequestStatus,
  statusAfterProof,
  UNDO_CANCEL_MS,
} from '#shared/requests/request-status.ts';
import { localToday } from '#shared/submissions/quote-fields.ts';
import { type MoneyReads, moneyOf } from './money-of.ts';
import type { VersionStore } from './version-store.ts';

/**
 * The mail a staff move sends: Ready, Completed and Cancelled tell the customer by themselves (with
 * the desk's message, if any, and a cancel's reason); any other move only when the desk wrote one.
 */
export function statusMail(
  kind: 'quote' | 'contact',
  to: RequestStatus,
  message: string | undefined,
  reason?: string,
): QueuedFacts | undefined {
  if (kind !== 'quote' || (!message && !mailsByItself(kind, to))) return undefined;
  return {
    kind: 'status-changed',
    status: to,
    ...(message ? { message } : {}),
    ...(reason && to === 'cancelled' ? { reason } : {}),
  };
}

/** A customer's answer as their page posts it: who they are comes from the page, not from them. */
export type CustomerAnswer = Omit<VersionDecision, 'actor' | 'inPerson'>;

/** What a move by the shop answered. */
export type MoveOutcome =
  | 'moved'
  | 'missing'
  | 'conflict'
  | 'bad-move'
  /** Production waits for the deposit: paid, or waived by the shop with a reason. */
  | 'deposit-due'
  /** A cancel says why: the customer is told. */
  | 'no-reason'
  /** Completed with money still owed: the desk says why. */
  | 'balance-open'
  | Exclude<DecisionOutcome, 'recorded' | 'missing'>;

export interface StaffMove {
  from: RequestStatus;
  to: RequestStatus;
  /** The staff member: `staff:<address>`. */
  actor: `staff:${string}`;
  message?: string;
  /**
   * Why it is cancelled: required to cancel, and told to the customer. Why it is completed with a balance
   * open: required then, and kept in the log only.
   */
  reason?: string;
  /** Where the staff member's browser was, kept with an approval they record in person. */
  ip: string;
  userAgent: string;
}

/** What the request service works on: the stores it reads and writes, the clock, the planner and the price files. */
export interface RequestServiceDeps {
  customer: Pick<CustomerStore, 'decideVersion' | 'approvalsOf' | 'askFreshQuote' | 'cancelByCustomer'>;
  desk: Pick<DeskStore, 'getRequestState' | 'changeRequestStatus' | 'undoCancel' | 'changePromisedDate'>;
  payments: Pick<PaymentStore, 'paymentsOf' | 'depositWaiverOf' | 'waiveDeposit'>;
  versions: Pick<VersionStore, 'formValuesOf' | 'quotesOf' | 'proofsOf'>;
  /** The goodwill discounts that lower what is owed. */
  books: MoneyReads['books'];
  now: () => Date;
  /** The promised day follows the calculator's schedule and the shop's load (server/production/). */
  planner: ProductionPlanner;
  /** The price files and order terms, read at each use: an approval's deadline is counted on them. */
  site?: () => PricingData;
}

/** The shop's day now, as the quote's dates are written. */
function today({ now }: Pick<RequestServiceDeps, 'now'>): string {
  return localToday(now());
}

/** What the order's money is read from, among the service's stores. */
function moneyReads({ versions, customer, payments, books }: RequestServiceDeps): MoneyReads {
  return { versions, customer, payments, books };
}

/**
 * Judged under the request's lock; should the answer approve the proof, the order is booked on the
 * press and promised for the day the calculator's schedule and the shop's load give from now, worked
 * out under the production lock from the orders booked before it.
 */
async function decide(deps: RequestServiceDeps, reference: string, decision: VersionDecision) {
  const { versions, planner, customer } = deps;
  const values = decision.decision === 'approved' ? await versions.formValuesOf(reference) : undefined;
  const book = values && (await planner.bookingFor(values));
  // The verdict the customer store acted on, kept to say what the answer did (a draft proof taken along).
  let verdict: DecisionVerdict | undefined;
  const outcome = await customer.decideVersion(reference, { ...decision, ...(book ? { book } : {}) }, (state) => {
    verdict = judgeDecision(state, decision, today(deps));
    return verdict;
  });
  // The load changed (or may have): the next estimate reads it again.
  if (outcome === 'recorded') planner.invalidate();
  return { outcome, withProof: outcome === 'recorded' && verdict?.ok === true && verdict.withProof !== undefined };
}

/**
 * The customer's approval of, or changes to, a quote or proof version from their page; `withProof`
 * when a quote's approval took the draft proof beside it along.
 */
function answer(
  deps: RequestServiceDeps,
  reference: string,
  given: CustomerAnswer,
): Promise<{ outcome: DecisionOutcome; withProof: boolean }> {
  return decide(deps, reference, given);
}

/**
 * The shop moves a request by hand, only where the rules allow. Approved and Proof approved are
 * reached by hand only as an approval the customer gave in person: recorded as theirs, on the same
 * rules as one given on the page, with who recorded it.
 */
async function move(deps: RequestServiceDeps, reference: string, staffMove: StaffMove): Promise<MoveOutcome> {
  const { desk, versions, planner } = deps;
  const request = await desk.getRequestState(reference);
  if (!request) return 'missing';
  if (staffMove.from !== request.status) return 'conflict';
  if (!canMove(request.kind, staffMove.from, staffMove.to)) return 'bad-move';
  const subject = request.kind === 'quote' ? inPersonApprovalOf(staffMove.from, staffMove.to) : undefined;
  if (subject) {
    const sent = subject === 'quote' ? await versions.quotesOf(reference) : await versions.proofsOf(reference);
    const version = sent.at(-1)?.version;
    if (version === undefined) return 'bad-move';
    const staff = staffMove.actor.slice('staff:'.length);
    const { outcome } = await decide(deps, reference, {
      subject,
      version,
      decision: 'approved',
      name: `${request.name} (in person)`,
      comment: [`Approved in person; recorded by ${staff}.`, staffMove.message].filter(Boolean).join('\n\n'),
      ip: staffMove.ip,
      userAgent: staffMove.userAgent,
      actor: staffMove.actor,
      inPerson: true,
    });
    return outcome === 'recorded' ? 'moved' : outcome === 'missing' ? 'missing' : outcome;
  }
  const reason = staffMove.reason?.trim();
  if (staffMove.to === 'cancelled' && !reason) return 'no-reason';
  const { money } = await moneyOf(moneyReads(deps), reference);
  if (waitsForDeposit(staffMove.from, staffMove.to, money)) return 'deposit-due';
  // Completed means settled: with money still owed, the desk says why (a write-off, a school's PO).
  if (staffMove.to === 'completed' && !reason && money && money.balanceCents > 0) return 'balance-open';
  const outcome = await desk.changeRequestStatus(reference, {
    from: staffMove.from,
    to: staffMove.to,
    actor: staffMove.actor,
    ...(staffMove.message ? { message: staffMove.message } : {}),
    ...(reason ? { reason } : {}),
    ...optionalField('mail', statusMail(request.kind, staffMove.to, staffMove.message, reason)),
  });
  // Ready, completed or cancelled takes an order's work off the press.
  if (outcome === 'changed') planner.invalidate();
  return outcome === 'changed' ? 'moved' : outcome;
}

/**
 * The desk undoes a cancel within its day (UNDO_CANCEL_MS): the request goes back where it was, and
 * the customer is told only if the cancel's mail had reached them.
 */
async function undoCancel({ desk, planner }: RequestServiceDeps, reference: string, actor: `staff:${string}`) {
  const undone = await desk.undoCancel(reference, { actor, withinMs: UNDO_CANCEL_MS });
  // Back on the press, if it was there.
  if (undone.outcome === 'undone') planner.invalidate();
  return undone;
}

/**
 * The customer asks for a fresh quote: only while their newest quote waits for them and its date
 * has passed (an open quote is theirs to approve); the shop is told, and the inbox marks it.
 */
async function askFreshQuote(
  deps: RequestServiceDeps,
  reference: string,
  { tellShop }: { tellShop: boolean },
): Promise<'asked' | 'already' | 'not-expired' | 'missing'> {
  const { desk, versions, customer } = deps;
  const [request, quotes] = await Promise.all([desk.getRequestState(reference), versions.quotesOf(reference)]);
  if (!request) return 'missing';
  const quote = quotes.at(-1);
  if (request.status !== 'quoted' || !quote || isQuoteOpen(quote, quote.version, today(deps))) return 'not-expired';
  const outcome = await customer.askFreshQuote(reference, {
    version: quote.version,
    ...(tellShop ? { mail: { kind: 'customer-asked-quote' as const, version: quote.version } } : {}),
  });
  return outcome === 'not-quoted' ? 'not-expired' : outcome;
}

/**
 * What the customer may pay on the site now for `purpose`: the amount (what is left of the deposit
 * between approval and production, the balance once ready) and the approved quote it comes from;
 * undefined when nothing. Worked out from what is stored, never from a form.
 */
async function payable(
  deps: RequestServiceDeps,
  reference: string,
  purpose: PaymentPurpose,
): Promise<{ amountCents: number; quoteVersion: number; email: string } | undefined> {
  const [request, { money }] = await Promise.all([
    deps.desk.getRequestState(reference),
    moneyOf(moneyReads(deps), reference),
  ]);
  if (request?.kind !== 'quote' || !money) return undefined;
  const amountCents = payableNow(request.status, money, purpose);
  return amountCents > 0 ? { amountCents, quoteVersion: money.quoteVersion, email: request.email } : undefined;
}

/** The shop waives the deposit, with its reason, logged with who and when: production may start unpaid. */
function waiveDeposit(
  { payments }: RequestServiceDeps,
  reference: string,
  waiver: { actor: `staff:${string}`; reason: string },
) {
  return payments.waiveDeposit(reference, waiver);
}

/** The customer cancels from their page: only before they approved a quote (the shop has started work since). */
function cancelByCustomer(
  { customer }: RequestServiceDeps,
  reference: string,
  cancel: { reason?: string; mail?: QueuedFacts },
) {
  return customer.cancelByCustomer(reference, { from: customerCancellable, ...cancel });
}

/**
 * The shop moves the day a booked order is promised for (never to a day already gone); the customer
 * is told by mail.
 */
async function changePromisedDate(
  deps: RequestServiceDeps,
  reference: string,
  promised: PromisedDate,
  actor: `staff:${string}`,
): Promise<'changed' | 'missing' | 'not-booked' | 'past'> {
  const { desk, planner } = deps;
  const request = await desk.getRequestState(reference);
  if (!request) return 'missing';
  if (!canPromise(request.kind, request.status)) return 'not-booked';
  if (promised.date < today(deps)) return 'past';
  if (!(await desk.changePromisedDate(reference, { promised, actor }))) return 'missing';
  // An order pressed after its new promise is at risk: the inbox's flags are worked out again.
  planner.invalidate();
  return 'changed';
}

/**
 * The latest approval of the proof out now that still has the order ready by `target` (the day promised,
 * else the customer's in-hands date), on today's load: the planner's, the same the board and every
 * estimate read. Undefined without a date to keep or a request the engine can price.
 */
async function approvalDeadlineOf(
  { site, versions, planner, now }: RequestServiceDeps,
  reference: string,
  target: string | undefined,
): Promise<ApprovalDeadline | undefined> {
  if (!site || !target || !/^\d{4}-\d{2}-\d{2}$/.test(target)) return undefined;
  const values = await versions.formValuesOf(reference);
  if (!values) return undefined;
  const { dates } = await planner.current();
  return approvalDeadline(values, site(), now(), dates, target);
}

/** The same, for a request whose form values were read already (the inbox's proofs, read in one query). */
async function approvalDeadlineFrom(
  { site, planner, now }: RequestServiceDeps,
  values: Record<string, string> | undefined,
  target: string | undefined,
): Promise<ApprovalDeadline | undefined> {
  if (!site || !values || !target || !/^\d{4}-\d{2}-\d{2}$/.test(target)) return undefined;
  const { dates } = await planner.current();
  return approvalDeadline(values, site(), now(), dates, target);
}

/** Whether a proof may be sent now, and where sending it takes the request (a draft stays with its quote). */
function proofStep(kind: 'quote' | 'contact', status: RequestStatus): RequestStatus | undefined {
  return canSendProof(kind, status) ? statusAfterProof(status) : undefined;
}

/**
 * The request service: where a request may move, when a quote or proof may be answered, what an answer
 * does, who may cancel and when. Routes call it and stay thin; the rules themselves are in
 * shared/requests (so the pages show exactly what this allows) and the stores only persist, judging
 * nothing: a decision is judged here on what the customer store read under the request's lock.
 */
export function createRequestService(deps: RequestServiceDeps) {
  return {
    answer: (reference: string, given: CustomerAnswer) => answer(deps, reference, given),
    move: (reference: string, staffMove: StaffMove) => move(deps, reference, staffMove),
    undoCancel: (reference: string, actor: `staff:${string}`) => undoCancel(deps, reference, actor),
    askFreshQuote: (reference: string, ask: { tellShop: boolean }) => askFreshQuote(deps, reference, ask),
    payable: (reference: string, purpose: PaymentPurpose) => payable(deps, reference, purpose),
    waiveDeposit: (reference: string, waiver: { actor: `staff:${string}`; reason: string }) =>
      waiveDeposit(deps, reference, waiver),
    cancelByCustomer: (reference: string, cancel: { reason?: string; mail?: QueuedFacts }) =>
      cancelByCustomer(deps, reference, cancel),
    changePromisedDate: (reference: string, promised: PromisedDate, actor: `staff:${string}`) =>
      changePromisedDate(deps, reference, promised, actor),
    approvalDeadline: (reference: string, target: string | undefined) => approvalDeadlineOf(deps, reference, target),
    approvalDeadlineFrom: (values: Record<string, string> | undefined, target: string | undefined) =>
      approvalDeadlineFrom(deps, values, target),
    proofStep,
  };
}

export type RequestService = ReturnType<typeof createRequestService>;
