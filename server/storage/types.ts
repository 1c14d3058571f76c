/**
 * The storage contract for submissions (issue 5): what the form endpoints save and what the
 * notification worker and the operators' CLI read. One implementation in Kysely (kysely-storage.ts)
 * over two databases: the embedded SQLite file (sqlite/) by default, PostgreSQL (postgres/) when
 * DATABASE_URL is set; open-storage.ts picks.
 */

import type { CustomerStorage } from './contract/customer.ts';
import type { DeskStorage } from './contract/desk.ts';
import type { GroupStorage } from './contract/groups.ts';
import type { JobStorage, ReminderStorage } from './contract/jobs.ts';
import type { LimitStorage } from './contract/limits.ts';
import type { MockupStorage } from './contract/mockups.ts';
import type { OutboxStorage } from './contract/outbox.ts';
import type { PaymentStorage } from './contract/payments.ts';
import type { ProductionStorage } from './contract/production.ts';
import type { SubmissionStorage } from './contract/submissions.ts';
import type { VersionStorage } from './contract/versions.ts';

// Each area's part of the contract, and the types it uses, lives in contract/; this file is the one
// import point for the rest of the server.
export type { Actor, RequestEvent } from './contract/activity.ts';
export type {
  Approval,
  CustomerRequest,
  CustomerStorage,
  DecisionOutcome,
  VersionDecision,
} from './contract/customer.ts';
export type { DeskStorage, RequestDetail, RequestFilter, RequestListItem } from './contract/desk.ts';
export type {
  GroupEntryInput,
  GroupRefusal,
  GroupSettings,
  StoredGroup,
  StoredGroupEntry,
} from './contract/groups.ts';
export type { ScheduledJobStatus } from './contract/jobs.ts';
export type { MockupPlacement, NewMockup, StoredMockup } from './contract/mockups.ts';
export type {
  ClaimedNotification,
  NotificationRecipient,
  NotificationState,
  OutboxDepth,
} from './contract/outbox.ts';
export type {
  CheckoutEventState,
  CheckoutVerdict,
  StoredCheckoutSession,
  StoredPayment,
  StripeEventOutcome,
  StripeRefundReport,
} from './contract/payments.ts';
export type { BoardOrder, CapacityChange } from './contract/production.ts';
export type {
  NewSubmission,
  SavedSubmission,
  StoredFile,
  Submission,
  SubmissionKind,
  SubmissionSummary,
} from './contract/submissions.ts';
export type { SentProof, SentQuote } from './contract/versions.ts';

/** What the app, the desk and the outbox worker may do with submissions; both databases implement it in full. */
export interface Storage
  extends SubmissionStorage,
    OutboxStorage,
    DeskStorage,
    VersionStorage,
    CustomerStorage,
    JobStorage,
    ReminderStorage,
    LimitStorage,
    ProductionStorage,
    PaymentStorage,
    GroupStorage,
    MockupStorage {
  /** Resolves once the database answers a query; rejects while it cannot be reached (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
