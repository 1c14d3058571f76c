import type { Migration } from 'kysely/migration';
import { up as submissionsFilesOutbox } from './migrations/0001-submissions-files-outbox.ts';
import { up as outboxClaimsAndFailures } from './migrations/0002-outbox-claims-and-failures.ts';
import { up as submissionKeys } from './migrations/0003-submission-keys.ts';
import { up as rateLimits } from './migrations/0004-rate-limits.ts';
import { up as submissionsByAddress } from './migrations/0005-submissions-by-address.ts';
import { up as uploadBudgets } from './migrations/0006-upload-budgets.ts';
import { up as scheduledJobs } from './migrations/0007-scheduled-jobs.ts';
import { up as staffDesk } from './migrations/0009-staff-desk.ts';
import { up as outboxReadyMail } from './migrations/0010-outbox-ready-mail.ts';
import { up as quotesProofs } from './migrations/0011-quotes-proofs.ts';
import { up as customerLinks } from './migrations/0012-customer-links.ts';
import { up as approvals } from './migrations/0013-approvals.ts';
import { up as inboxSearchPromisedDate } from './migrations/0014-inbox-search-promised-date.ts';
import { up as mailFactsLinkSalts } from './migrations/0015-mail-facts-link-salts.ts';
import { up as payments } from './migrations/0016-payments.ts';
import { up as mockups } from './migrations/0017-mockups.ts';
import { up as productionBoard } from './migrations/0018-production-board.ts';
import { up as inboxAtScale } from './migrations/0019-inbox-at-scale.ts';
import { up as groupOrders } from './migrations/0020-group-orders.ts';
import { up as boardAtScale } from './migrations/0021-board-at-scale.ts';
import { up as companyKey } from './migrations/0022-company-key.ts';
import { up as checkoutKeySaltWaitingRefunds } from './migrations/0023-checkout-key-salt-waiting-refunds.ts';
import { up as mailOnceFreshQuote } from './migrations/0024-mail-once-fresh-quote.ts';
import { up as proofRoom } from './migrations/0025-proof-room.ts';
import { up as blankStock } from './migrations/0026-blank-stock.ts';
import { up as teamStores } from './migrations/0027-team-stores.ts';
import { up as books } from './migrations/0028-books.ts';
import { up as proofDateMoved } from './migrations/0029-proof-date-moved.ts';
import { up as storeProduction } from './migrations/0030-store-production.ts';
import { up as blankHolds } from './migrations/0031-blank-holds.ts';
import { up as purchaseOrderSent } from './migrations/0032-purchase-order-sent.ts';
import { up as stripeFees } from './migrations/0033-stripe-fees.ts';
import { up as newestProof } from './migrations/0034-newest-proof.ts';
import { up as exemptionCertificates } from './migrations/0035-exemption-certificates.ts';
import { up as invoiceTerms } from './migrations/0036-invoice-terms.ts';

/**
 * PostgreSQL's migrations, run in name order; released ones are never edited, a change is a new one. Each is
 * a file of its own in migrations/, named as it is listed here (the name the database records); a new one is
 * a new file and its line below. The same names as SQLite's list (sqlite/migrations.ts) and the same tables,
 * in this database's types: identity ids, `jsonb`, `bytea`, `timestamptz`. Several instances may start at
 * once: Kysely's migrator holds an advisory lock while it runs, and PostgreSQL rolls back a failed
 * migration's DDL whole.
 */
export const postgresMigrations: Record<string, Migration> = {
  '0001-submissions-files-outbox': { up: submissionsFilesOutbox },
  '0002-outbox-claims-and-failures': { up: outboxClaimsAndFailures },
  '0003-submission-keys': { up: submissionKeys },
  '0004-rate-limits': { up: rateLimits },
  '0005-submissions-by-address': { up: submissionsByAddress },
  '0006-upload-budgets': { up: uploadBudgets },
  '0007-scheduled-jobs': { up: scheduledJobs },
  '0009-staff-desk': { up: staffDesk },
  '0010-outbox-ready-mail': { up: outboxReadyMail },
  '0011-quotes-proofs': { up: quotesProofs },
  '0012-customer-links': { up: customerLinks },
  '0013-approvals': { up: approvals },
  '0014-inbox-search-promised-date': { up: inboxSearchPromisedDate },
  '0015-mail-facts-link-salts': { up: mailFactsLinkSalts },
  '0016-payments': { up: payments },
  '0017-mockups': { up: mockups },
  '0018-production-board': { up: productionBoard },
  '0019-inbox-at-scale': { up: inboxAtScale },
  '0020-group-orders': { up: groupOrders },
  '0021-board-at-scale': { up: boardAtScale },
  '0022-company-key': { up: companyKey },
  '0023-checkout-key-salt-waiting-refunds': { up: checkoutKeySaltWaitingRefunds },
  '0024-mail-once-fresh-quote': { up: mailOnceFreshQuote },
  '0025-proof-room': { up: proofRoom },
  '0026-blank-stock': { up: blankStock },
  '0027-team-stores': { up: teamStores },
  '0028-books': { up: books },
  '0029-proof-date-moved': { up: proofDateMoved },
  '0030-store-production': { up: storeProduction },
  '0031-blank-holds': { up: blankHolds },
  '0032-purchase-order-sent': { up: purchaseOrderSent },
  '0033-stripe-fees': { up: stripeFees },
  '0034-newest-proof': { up: newestProof },
  '0035-exemption-certificates': { up: exemptionCertificates },
  '0036-invoice-terms': { up: invoiceTerms },
};
