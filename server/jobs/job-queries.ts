import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { Database } from '#server/storage/database.ts';
import type { DatabaseClock } from '#server/storage/database-clock.ts';
import type { StorageDatabase } from '#server/storage/schema.ts';
import { checkDelay, clip } from '#server/storage/storage-checks.ts';
import { readScheduledJobStatus } from '#server/storage/storage-status.ts';
import type { JobStore } from './job-store.ts';

/** Scheduled jobs' runs: one instance at a time holds a job by a lease on its row, by the database's clock. */
function createJobStorage(db: Kysely<StorageDatabase>, clock: DatabaseClock): JobStore {
  return {
    async claimScheduledJob(name, { intervalMs, leaseMs }) {
      checkDelay(intervalMs);
      checkDelay(leaseMs);
      const claim = `${hostname()}/${process.pid}/${randomUUID()}`;
      // Inserted the first time; afterwards taken over only when both the last success and any lease
      // are old enough. A refused update returns no row, on both databases; on PostgreSQL a second
      // instance's statement waits for the first's row lock and then sees its lease.
      const row = await db
        .insertInto('scheduled_jobs')
        .values({ name, claim, lease_until: clock.after(leaseMs), last_started_at: clock.now() })
        .onConflict((conflict) =>
          conflict
            .column('name')
            .doUpdateSet({ claim, lease_until: clock.after(leaseMs), last_started_at: clock.now() })
            .where((eb) =>
              eb.and([
                eb.or([
                  eb('scheduled_jobs.lease_until', 'is', null),
                  eb('scheduled_jobs.lease_until', '<=', clock.now()),
                ]),
                eb.or([
                  eb('scheduled_jobs.last_success_at', 'is', null),
                  eb('scheduled_jobs.last_success_at', '<=', clock.after(-intervalMs)),
                ]),
              ]),
            ),
        )
        .returning('claim')
        .executeTakeFirst();
      return row?.claim === claim ? { name, claim } : undefined;
    },

    async finishScheduledJob({ name, claim }, outcome) {
      const result = await db
        .updateTable('scheduled_jobs')
        .set(
          'ok' in outcome
            ? { claim: null, lease_until: null, last_success_at: clock.now(), last_error: null }
            : { claim: null, lease_until: null, last_error: clip(outcome.error) },
        )
        .where('name', '=', name)
        .where('claim', '=', claim)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    scheduledJobStatus: (name) => readScheduledJobStatus(db, name),
  };
}

/** The daily jobs' claims and runs, on the open database. */
export function createJobStore(database: Database): JobStore {
  return createJobStorage(database.db, database.clock);
}
