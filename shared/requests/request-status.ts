/**
 * The life of a request from the form to the finished order, in one place for the staff desk, the
 * customer's request page and the mails (design notes: "one request, two sides"). A quote request
 * walks the order below; a contact message is only new or handled. Cancelled is reachable from any
 * open state and is the end; completed can only be stepped back to ready.
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
 * Where a request may go from `from`. The shop works forward, one step or several (a walk-in approves
 * on the spot), and may step back one state to undo a click; any open quote may be cancelled. Quotes
 * are sent from the quote editor and proofs from the proof upload, but the shop may record either by
 * hand (a quote given on the phone).
 */
export function nextStatuses(kind: 'quote' | 'contact', from: RequestStatus): RequestStatus[] {
  if (kind === 'contact') return from === 'new' ? ['handled'] : ['new'];
  // Cancelled is the end; a completed order may only be stepped back (a click made too soon).
  if (from === 'cancelled') return [];
  if (from === 'completed') return ['ready'];
  const order = quoteStatuses.filter((status) => status !== 'cancelled');
  const index = order.indexOf(from as (typeof order)[number]);
  const back = index > 0 ? [order[index - 1] as RequestStatus] : [];
  return [...back, ...order.slice(index + 1), 'cancelled'];
}

/** True when the shop may move a request of `kind` from `from` to `to`. */
export function canMove(kind: 'quote' | 'contact', from: RequestStatus, to: RequestStatus): boolean {
  return nextStatuses(kind, from).includes(to);
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
 * Where a proof can be sent from: usually once the quote is approved, but a walk-in may see the proof
 * with the quote, and a new proof replaces one sent or approved before production starts.
 */
const proofStatuses: ReadonlySet<RequestStatus> = new Set(['quoted', 'approved', 'proof_sent', 'proof_approved']);

export function canSendProof(kind: 'quote' | 'contact', status: RequestStatus): boolean {
  return kind === 'quote' && proofStatuses.has(status);
}
