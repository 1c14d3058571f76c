import { isRecord } from '#shared/is-record.ts';
import type { PricingData } from '#shared/pricing/estimate.ts';

/** The longest comment a decision carries, as the quote form's comments. */
const MAX_COMMENT = 2000;

/** The one-line answers to a decision, by the `done` code the page is sent back with. */
export const decisionNotices = {
  'quote-approved': {
    type: 'success',
    text: 'Thank you: your quote is approved. We have told the shop, and your proof comes next.',
  },
  'quote-and-proof-approved': {
    type: 'success',
    text: 'Thank you: your quote and your proof are approved, and your order goes into production.',
  },
  'quote-changes': { type: 'success', text: 'We have your changes: the shop will send a new quote.' },
  'proof-approved': {
    type: 'success',
    text: 'Thank you: your proof is approved, and your order goes into production.',
  },
  'proof-changes': { type: 'success', text: 'We have your changes: the shop will send a new proof.' },
  'need-name': { type: 'error', text: 'To approve, type your full name and tick the box to accept the terms.' },
  'need-comment': { type: 'error', text: 'Tell us what to change first.' },
  superseded: {
    type: 'error',
    text: 'The shop has sent a newer version since: it is shown below. Nothing was recorded.',
  },
  expired: {
    type: 'error',
    text: 'This quote has passed its date and can no longer be approved: ask us for a new one below.',
  },
  'not-waiting': {
    type: 'error',
    text: 'This is no longer waiting for your answer (the order has moved on). Nothing was recorded.',
  },
} as const;

type Read =
  | { ok: true; decision: 'approved' | 'changes'; name: string; comment: string }
  | { ok: false; problem: 'need-name' | 'need-comment' };

const field = (body: Record<string, unknown>, name: string) => {
  const value = body[name];
  return typeof value === 'string' ? value.replace(/\r\n/g, '\n').trim() : '';
};

/**
 * The customer's decision as posted: approving takes the name they type and the terms ticked (their
 * signature, kept with the record); asking for changes takes what to change.
 */
export function readDecision(body: unknown): Read {
  const values = isRecord(body) ? body : {};
  const comment = field(values, 'comment').slice(0, MAX_COMMENT);
  if (field(values, 'decision') === 'changes') {
    return comment ? { ok: true, decision: 'changes', name: '', comment } : { ok: false, problem: 'need-comment' };
  }
  const name = field(values, 'name').slice(0, 100);
  if (name.length < 2 || field(values, 'accept') === '') return { ok: false, problem: 'need-name' };
  return { ok: true, decision: 'approved', name, comment };
}

/**
 * The order terms a proof's approval agrees to, as kept with it: the payment and cancel terms and the
 * sales-tax statement from the order terms file as they read at that moment, and the terms of service
 * the form links to. A later edit of the file leaves the record as it was agreed.
 */
export function agreedTerms(prices: PricingData): string {
  const terms = prices['order-terms'];
  return JSON.stringify({
    payments: terms.payments,
    salesTax: terms.salesTax.statement,
    termsOfService: '/terms-of-service',
  });
}
