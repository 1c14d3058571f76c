import type { PaymentMethod } from '#server/payments/payment-store.ts';
import type { Actor } from '#server/storage/activity.ts';
import type { StoredFile, SubmissionKind } from '#server/submissions/submission-store.ts';
import type { QuoteLine } from '#shared/requests/quote.ts';
import type { RequestStatus } from '#shared/requests/request-status.ts';

/**
 * Made-up requests for measuring the desk and the customer's page with years of data (`npm run db --
 * seed`): written in batches straight into the tables, with their history already lived
 * (quotes, proofs, decisions, messages), never through the mails. Only the operators' CLI sees this.
 */

/** One made-up request with everything that happened to it, in the order it happened. */
export interface SeedRequest {
  kind: SubmissionKind;
  createdAt: Date;
  name: string;
  email: string;
  /** What the search finds it by besides the reference, name and e-mail. */
  company?: string;
  payload: Record<string, unknown>;
  formValues?: Record<string, string>;
  status: RequestStatus;
  statusChangedAt: Date | null;
  readAt: Date | null;
  activityAt: Date;
  promised?: { date: string; handover: 'pickup' | 'delivery' };
  files: StoredFile[];
  quotes: {
    lines: QuoteLine[];
    notes: string;
    validUntil: string;
    depositPercent: number;
    totalCents: number;
    at: Date;
    by: Actor;
  }[];
  proofs: { file: StoredFile; widthInches: number; heightInches: number; notes: string; at: Date; by: Actor }[];
  approvals: {
    subject: 'quote' | 'proof';
    version: number;
    decision: 'approved' | 'changes';
    name: string;
    comment: string;
    at: Date;
  }[];
  events: { at: Date; actor: Actor; type: string; data: Record<string, unknown> }[];
  /** Money in and out, as the payments' store keeps it, in the order it moved. */
  payments: SeedPayment[];
}

/** A payment or refund, succeeded; a card's Stripe ids are made from the reference when stored. */
export interface SeedPayment {
  kind: 'payment' | 'refund';
  method: PaymentMethod;
  purpose: 'deposit' | 'balance';
  amountCents: number;
  at: Date;
  /** "system" for what Stripe reported, the member of staff for money taken at the shop. */
  by: Actor;
  /** A refund's payment: its place in `payments`. */
  refundOf?: number;
}

export interface SeedStore {
  /** Whether the database holds no request: made-up ones go only into a database without real ones. */
  holdsNoRequests(): Promise<boolean>;
  /**
   * Stores a batch in one transaction, numbered on from the reference counters; the batch comes in the
   * order the requests were made, so references rise with the dates.
   */
  insertSeedBatch(batch: readonly SeedRequest[]): Promise<void>;
  /**
   * Gathers the planner's statistics, as after any bulk load: without them PostgreSQL plans the first
   * minutes of queries (until autovacuum analyzes) for tables it takes to be empty.
   */
  analyze(): Promise<void>;
}
