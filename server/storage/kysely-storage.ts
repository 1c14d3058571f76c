import { type Kysely, sql } from 'kysely';
import type { OperatorOutboxStorage } from './contract/outbox.ts';
import type { SeedStorage } from './contract/seed.ts';
import { createCustomerStorage } from './customer-storage.ts';
import { databaseClock, type SqlDialect } from './database-clock.ts';
import { createDeskStorage } from './desk-storage.ts';
import { createGroupStorage } from './group-storage.ts';
import { createJobStorage } from './job-storage.ts';
import { createLimitStorage } from './limit-storage.ts';
import { createMockupStorage } from './mockup-storage.ts';
import { createOutboxStorage } from './outbox-storage.ts';
import { createPaymentStorage } from './payment-storage.ts';
import { createProductionStorage } from './production-storage.ts';
import { createPurgeStorage } from './purge-storage.ts';
import { createReminderStorage } from './reminder-storage.ts';
import type { StorageDatabase } from './schema.ts';
import { createSeedStorage } from './seed-storage.ts';
import { readStorageStatus, type StorageStatus } from './storage-status.ts';
import { createSubmissionStorage } from './submission-storage.ts';
import type { Storage } from './types.ts';
import { createVersionStorage } from './version-storage.ts';

/**
 * The contract plus what only the operators' CLI needs (each notification's state for `show`). The
 * server's callers take a `Storage` and never see the rest.
 */
export interface OperatorStorage extends Storage, OperatorOutboxStorage, SeedStorage {
  /** The schema version, counts and outbox depth `npm run db -- status` prints. */
  status(): Promise<StorageStatus>;
}

/**
 * The Storage contract in Kysely's query builder, one code path for both databases: dates are written as
 * ISO strings and read with `readDate`, JSON written as text and read with `readJson`, counts read with
 * `Number`, so what differs between SQLite and PostgreSQL stays in the column types of each migration list.
 */
export function createKyselyStorage(
  db: Kysely<StorageDatabase>,
  now: () => Date,
  dialect: SqlDialect,
): OperatorStorage {
  const clock = databaseClock(dialect);
  const submissions = createSubmissionStorage(db, clock, now);
  return {
    ...submissions,
    ...createPurgeStorage(db, dialect),
    ...createOutboxStorage(db, dialect, clock),
    ...createLimitStorage(db, clock),
    ...createJobStorage(db, clock),
    ...createReminderStorage(db, clock),
    // The desk reads a request through the same getSubmission as the mails and the CLI.
    ...createDeskStorage(db, dialect, submissions.getSubmission),
    ...createVersionStorage(db, clock),
    ...createCustomerStorage(db, dialect),
    ...createSeedStorage(db),
    ...createProductionStorage(db, dialect, clock),
    ...createPaymentStorage(db, dialect, clock),
    ...createGroupStorage(db, dialect, clock, now),
    ...createMockupStorage(db, now),

    async ping() {
      await sql`select 1`.execute(db);
    },

    status: () => readStorageStatus(db),

    async close() {
      await db.destroy();
    },
  };
}
