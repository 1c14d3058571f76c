import { type Generated, type Kysely, sql } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import type { NotificationRecipient, SubmissionKind } from './types.ts';

/** The tables as the queries see them; dates are ISO 8601 UTC strings, so they sort as text. */
export interface StorageDatabase {
  submissions: {
    id: Generated<number>;
    reference: string;
    kind: SubmissionKind;
    name: string;
    email: string;
    /** JSON text. */
    payload: string;
    created_at: string;
  };
  files: {
    id: Generated<number>;
    submission_id: number;
    /** Order of the files as the visitor sent them. */
    position: number;
    name: string;
    media_type: string;
    size: number;
    data: Buffer;
  };
  outbox: {
    id: Generated<number>;
    submission_id: number;
    recipient: NotificationRecipient;
    attempts: Generated<number>;
    next_attempt_at: string;
    last_error: string | null;
    sent_at: string | null;
  };
  /** The last reference number given per kind and year: the next one is allocated by bumping it. */
  reference_counters: {
    kind: SubmissionKind;
    year: number;
    last_number: number;
  };
}

// Migrations run in name order and are never edited once released: a change is a new entry.
const migrations: Record<string, Migration> = {
  '0001-submissions-files-outbox': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('submissions')
        // AUTOINCREMENT so an id is never reused, even after rows are deleted by hand.
        .addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
        .addColumn('reference', 'text', (column) => column.notNull().unique())
        .addColumn('kind', 'text', (column) => column.notNull().check(sql`kind in ('quote', 'contact')`))
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('email', 'text', (column) => column.notNull())
        .addColumn('payload', 'text', (column) => column.notNull().check(sql`json_valid(payload)`))
        .addColumn('created_at', 'text', (column) => column.notNull())
        .execute();
      // The CLI lists newest first, all kinds or one.
      await db.schema.createIndex('submissions_created_at').on('submissions').columns(['created_at', 'id']).execute();
      await db.schema
        .createIndex('submissions_kind_created_at')
        .on('submissions')
        .columns(['kind', 'created_at', 'id'])
        .execute();

      await db.schema
        .createTable('files')
        .addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
        .addColumn('submission_id', 'integer', (column) =>
          column.notNull().references('submissions.id').onDelete('cascade'),
        )
        .addColumn('position', 'integer', (column) => column.notNull())
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('media_type', 'text', (column) => column.notNull())
        .addColumn('size', 'integer', (column) => column.notNull())
        .addColumn('data', 'blob', (column) => column.notNull())
        // A size that disagrees with the bytes means the caller lost or mangled part of the upload.
        .addCheckConstraint('files_size_is_data_length', sql`size = length(data)`)
        // Also the index for "the files of a submission".
        .addUniqueConstraint('files_submission_position', ['submission_id', 'position'])
        .execute();

      await db.schema
        .createTable('outbox')
        .addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
        .addColumn('submission_id', 'integer', (column) =>
          column.notNull().references('submissions.id').onDelete('cascade'),
        )
        .addColumn('recipient', 'text', (column) => column.notNull().check(sql`recipient in ('shop', 'customer')`))
        .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (column) => column.notNull())
        .addColumn('last_error', 'text')
        .addColumn('sent_at', 'text')
        // Also the index for "the notifications of a submission".
        .addUniqueConstraint('outbox_submission_recipient', ['submission_id', 'recipient'])
        .execute();
      // Only unsent rows are indexed: the worker's query stays small however long the history grows.
      await db.schema
        .createIndex('outbox_due')
        .on('outbox')
        .columns(['next_attempt_at', 'id'])
        .where(sql.ref('sent_at'), 'is', null)
        .execute();

      await db.schema
        .createTable('reference_counters')
        .addColumn('kind', 'text', (column) => column.notNull())
        .addColumn('year', 'integer', (column) => column.notNull())
        .addColumn('last_number', 'integer', (column) => column.notNull())
        .addPrimaryKeyConstraint('reference_counters_kind_year', ['kind', 'year'])
        .execute();
    },
  },
};

class MigrationError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'MigrationError';
  }
}

/**
 * Brings the schema up to date, or throws: the server must not take submissions into a database
 * whose tables are not the ones its queries expect.
 */
export async function migrateToLatest(db: Kysely<StorageDatabase>): Promise<void> {
  // In code, not a folder scan: the same list runs from the sources, the built tree and the tests.
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error === undefined) return;
  const failed = results.find((result) => result.status === 'Error')?.migrationName;
  const cause = error instanceof Error ? error.message : String(error);
  throw new MigrationError(
    failed
      ? `Cannot update the submissions database: migration "${failed}" failed: ${cause}`
      : `Cannot update the submissions database: ${cause}`,
    { cause: error },
  );
}
