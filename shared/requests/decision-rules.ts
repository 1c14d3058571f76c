import { isQuoteOpen } from './quote.ts';
import type { RequestStatus } from './request-status.ts';

/**
 * Whether a customer's answer to a quote or proof version can be taken, and where it moves the request:
 * decided here, on what the request service read under the request's lock, so an approval never lands on
 * a version revised or replaced a moment before, nor on a quote past its date.
 */

/** What the request holds when the answer arrives. */
export interface DecisionState {
  status: RequestStatus;
  latestQuote?: { version: number; validUntil: string };
  /** The newest proof, and whether the customer has approved it. */
  latestProof?: { version: number; approved: boolean };
}

export interface DecisionAsked {
  subject: 'quote' | 'proof';
  version: number;
  decision: 'approved' | 'changes';
}

type DecisionRefusal = 'superseded' | 'not-waiting' | 'expired';

export type DecisionVerdict =
  | { ok: false; refusal: DecisionRefusal }
  /** `to` is where an approval moves the request; `withProof` a draft proof approved with the quote. */
  | { ok: true; to?: RequestStatus; withProof?: number };

/** Where each subject's answer is awaited. */
const waitingIn: Record<DecisionAsked['subject'], RequestStatus> = { quote: 'quoted', proof: 'proof_sent' };

/**
 * A proof sent while the quote still waits is a draft shown with it: approving the quote approves it too,
 * and the request goes on to Proof approved.
 */
function draftProofOf(state: DecisionState): number | undefined {
  return state.status === 'quoted' && state.latestProof && !state.latestProof.approved
    ? state.latestProof.version
    : undefined;
}

export function judgeDecision(state: DecisionState, asked: DecisionAsked, today: string): DecisionVerdict {
  const latest = asked.subject === 'quote' ? state.latestQuote : state.latestProof;
  if (!latest || latest.version !== asked.version) return { ok: false, refusal: 'superseded' };
  if (state.status !== waitingIn[asked.subject]) return { ok: false, refusal: 'not-waiting' };
  if (asked.decision === 'changes') return { ok: true };
  if (asked.subject === 'proof') return { ok: true, to: 'proof_approved' };
  const quote = state.latestQuote;
  if (quote && !isQuoteOpen(quote, quote.version, today)) return { ok: false, refusal: 'expired' };
  const withProof = draftProofOf(state);
  return withProof === undefined ? { ok: true, to: 'approved' } : { ok: true, to: 'proof_approved', withProof };
}
