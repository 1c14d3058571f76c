/**
 * The life of a request from the form to the finished order, in one place for the staff desk, the
 * customer's request page and the mails (design notes: "one request, two sides"). A quote request
 * walks the order below; a contact message is only new or handled. Cancelled is reachable from any
 * open state and is the end; completed can only be stepped back to ready. The rules of who may move a
 * request where live here; server/requests/request-service.ts applies them.
 */

/** A quote request's states, in the order an order normally goes through them. */
export const quoteStatuses = [
  'new',
  'quoted',
  'approved',
  'proof_sent',
  'proof_approved',
  'in_production',
  'ready',
  'completed',
  'cancelled',
] as const;

/** A contact message's states. */
const contactStatuses = ['new', 'handled'] as const;

/** Every state a request can be in. */
export type RequestStatus = (typeof quoteStatuses)[number] | (typeof contactStatuses)[number];

/** What the desk and the customer's page call each state. */
export const statusLabels: Record<RequestStatus, string> = {
  new: 'New',
  quoted: 'Quoted',
  approved: 'Approved',
  proof_sent: 'Proof sent',
  proof_approved: 'Proof approved',
  in_production: 'In production',
  ready: 'Ready',
  completed: 'Completed',
  cancelled: 'Cancelled',
  handled: 'Handled',
};

const finalStatuses: ReadonlySet<RequestStatus> = new Set(['completed', 'cancelled', 'handled']);

/** True for completed, cancelled and handled: nothing moves on from them. */
export function isFinal(status: RequestStatus): boolean {
  return finalStatuses.has(status);
}

/** The states of one kind of request, in order. */
function statusesOf(kind: 'quote' | 'contact'): readonly RequestStatus[] {
  return kind === 'quote' ? quoteStatuses : contactStatuses;
}

/** True when `value` is a state of that kind of request (a status sent by a form is checked with it). */
export function isStatusOf(kind: 'quote' | 'contact', value: unknown): value is RequestStatus {
  return (statusesOf(kind) as readonly unknown[]).includes(value);
}

/**
 * Where the shop may move a quote request by hand from each state. Only the customer's own approval
 * (or the shop recording one given in person, below) reaches Approved or Proof approved; Quoted and
 * Proof sent are reached by sending a quote or a proof, never by a click, so the customer always has
 * a version to answer. The shop may undo its own last step in production (a click made too soon), go
 * straight from an approved quote to production when no proof is needed (a reorder with its set-up on
 * file), and cancel any open order.
 */
const quoteMoves: Record<RequestStatus, readonly RequestStatus[]> = {
  new: ['cancelled'],
  quoted: ['approved', 'cancelled'],
  approved: ['in_production', 'cancelled'],
  proof_sent: ['proof_approved', 'cancelled'],
  proof_approved: ['in_production', 'cancelled'],
  in_production: ['proof_approved', 'ready', 'cancelled'],
  ready: ['in_production', 'completed', 'cancelled'],
  completed: ['ready'],
  cancelled: [],
  handled: [],
};

/** Where the shop may move a request of `kind` from `from`, in the order the menu offers them. */
export function nextStatuses(kind: 'quote' | 'contact', from: RequestStatus): RequestStatus[] {
  if (kind === 'contact') return from === 'new' ? ['handled'] : ['new'];
  return [...quoteMoves[from]];
}

/** True when the shop may move a request of `kind` from `from` to `to`. */
export function canMove(kind: 'quote' | 'contact', from: RequestStatus, to: RequestStatus): boolean {
  return nextStatuses(kind, from).includes(to);
}

/**
 * A move the shop makes on the customer's behalf: an approval given at the counter (a walk-in signs on
 * paper). It is recorded as an approval "in person", with who recorded it and when, on the same rules
 * as one given on the page (the newest version, a quote not past its date).
 */
export function inPersonApprovalOf(from: RequestStatus, to: RequestStatus): 'quote' | 'proof' | undefined {
  if (from === 'quoted' && to === 'approved') return 'quote';
  if (from === 'proof_sent' && to === 'proof_approved') return 'proof';
  return undefined;
}

/**
 * Where a quote (or a revision of it) can be sent from: before production is planned. A revision of an
 * approved quote asks for approval again, so the request goes back to Quoted.
 */
const quotableStatuses: ReadonlySet<RequestStatus> = new Set(['new', 'quoted', 'approved']);

export function canSendQuote(kind: 'quote' | 'contact', status: RequestStatus): boolean {
  return kind === 'quote' && quotableStatuses.has(status);
}

/**
 * Where a proof can be sent from: usually once the quote is approved; a new proof replaces one sent or
 * approved before production starts. Sent while the quote still waits (a walk-in, or a shop that proofs
 * first), it is a draft the customer sees beside the quote and approves with it: the request stays
 * Quoted, so approval is never skipped.
 */
const proofStatuses: ReadonlySet<RequestStatus> = new Set(['quoted', 'approved', 'proof_sent', 'proof_approved']);

export function canSendProof(kind: 'quote' | 'contact', status: RequestStatus): boolean {
  return kind === 'quote' && proofStatuses.has(status);
}

/** Where sending a proof takes the request: a draft leaves a waiting quote where it is. */
export function statusAfterProof(status: RequestStatus): RequestStatus {
  return status === 'quoted' ? 'quoted' : 'proof_sent';
}

/**
 * The moves that tell the customer by themselves: the order is ready (with the balance due and where
 * to pick it up), complete, or cancelled (with why). Any other move mails them only with a message.
 */
const toldByItself: ReadonlySet<RequestStatus> = new Set(['ready', 'completed', 'cancelled']);

export function mailsByItself(kind: 'quote' | 'contact', to: RequestStatus): boolean {
  return kind === 'quote' && toldByItself.has(to);
}

/** How long after a cancel the desk may undo it, back to where the request was. */
export const UNDO_CANCEL_MS = 24 * 60 * 60 * 1000;
