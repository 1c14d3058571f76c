import { createBlankStore } from './blanks/blank-queries.ts';
import type { BlankStore } from './blanks/blank-store.ts';
import { createBooksKeepStep, createBooksStore } from './books/books-queries.ts';
import type { BooksStore } from './books/books-store.ts';
import { createCustomerStore } from './customer/customer-queries.ts';
import type { CustomerStore } from './customer/customer-store.ts';
import { createExemptionForgetStep, createExemptionStore } from './exemptions/exemption-queries.ts';
import type { ExemptionStore } from './exemptions/exemption-store.ts';
import { createGroupApprovalStep, createGroupStore } from './groups/group-queries.ts';
import type { GroupStore } from './groups/group-store.ts';
import { createLimitStore } from './http/limit-queries.ts';
import type { LimitStore } from './http/limit-store.ts';
import { createJobStore } from './jobs/job-queries.ts';
import type { JobStore, ReminderStore } from './jobs/job-store.ts';
import { createReminderStore } from './jobs/reminder-queries.ts';
import { createOutboxStore } from './mail/outbox-queries.ts';
import type { OperatorOutboxStore, OutboxStore } from './mail/outbox-store.ts';
import { createMockupSaveStep, createMockupStore } from './mockups/mockup-queries.ts';
import type { MockupStore } from './mockups/mockup-store.ts';
import { createOfflineRefundStore, type OfflineRefundStore } from './payments/offline-refund.ts';
import { createPaymentStore } from './payments/payment-queries.ts';
import type { PaymentStore } from './payments/payment-store.ts';
import { createStripeFeeStore } from './payments/stripe-fee-queries.ts';
import type { StripeFeeStore } from './payments/stripe-fee-store.ts';
import { createProductionBookingStep, createProductionStore } from './production/production-queries.ts';
import type { ProductionStore } from './production/production-store.ts';
import { createVersionStore } from './requests/version-queries.ts';
import type { VersionStore } from './requests/version-store.ts';
import { createDeskStore } from './staff/desk-queries.ts';
import type { DeskStore } from './staff/desk-store.ts';
import type { Database } from './storage/database.ts';
import { createTeamStoreStore } from './stores/team-stores-queries.ts';
import type { TeamStoreStore } from './stores/team-stores-store.ts';
import { createSubmissionStore } from './submissions/submission-queries.ts';
import type { SubmissionStore } from './submissions/submission-store.ts';

/**
 * Each feature's store, built from one open database. The app hands every router only the stores it
 * uses; this list exists for the places that start several features at once (the app, the process,
 * the tests), never to be passed around whole.
 */
export interface FeatureStores {
  submissions: SubmissionStore;
  outbox: OutboxStore & OperatorOutboxStore;
  desk: DeskStore;
  versions: VersionStore;
  customer: CustomerStore;
  jobs: JobStore;
  reminders: ReminderStore;
  limits: LimitStore;
  production: ProductionStore;
  payments: PaymentStore;
  groups: GroupStore;
  mockups: MockupStore;
  teamStores: TeamStoreStore;
  blanks: BlankStore;
  books: BooksStore;
  offlineRefunds: OfflineRefundStore;
  stripeFees: StripeFeeStore;
  exemptions: ExemptionStore;
}

/** Wraps a store once as it is built (the process counts each store's failures in its metrics). */
export type StoreWrapper = <S extends object>(store: S) => S;

export function createFeatureStores(database: Database, wrap: StoreWrapper = (store) => store): FeatureStores {
  // The steps one feature runs inside another's transaction are handed over here, so neither imports
  // the other's queries: a request's mockups are saved with it, an approval closes its group and books it,
  // a missed approval deadline books the order again on the press.
  const submissions = wrap(
    createSubmissionStore(database, {
      mockups: createMockupSaveStep(),
      books: createBooksKeepStep(database),
      exemptions: createExemptionForgetStep(),
    }),
  );
  return {
    submissions,
    outbox: wrap(createOutboxStore(database)),
    desk: wrap(createDeskStore(database, submissions)),
    versions: wrap(createVersionStore(database)),
    customer: wrap(
      createCustomerStore(database, {
        groups: createGroupApprovalStep(database),
        production: createProductionBookingStep(database),
      }),
    ),
    jobs: wrap(createJobStore(database)),
    reminders: wrap(createReminderStore(database, { production: createProductionBookingStep(database) })),
    limits: wrap(createLimitStore(database)),
    production: wrap(createProductionStore(database)),
    payments: wrap(createPaymentStore(database)),
    groups: wrap(createGroupStore(database)),
    mockups: wrap(createMockupStore(database)),
    teamStores: wrap(createTeamStoreStore(database, createProductionBookingStep(database))),
    blanks: wrap(createBlankStore(database)),
    books: wrap(createBooksStore(database)),
    offlineRefunds: wrap(createOfflineRefundStore(database)),
    stripeFees: wrap(createStripeFeeStore(database)),
    exemptions: wrap(createExemptionStore(database)),
  };
}
