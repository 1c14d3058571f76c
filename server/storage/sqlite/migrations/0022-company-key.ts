import { type Kysely, sql } from 'kysely';
import { fillCompanyKeys } from '#server/storage/company-key.ts';

export async function up(db: Kysely<unknown>) {
  // A search for a company matches thousands of requests among years of them: their
  // company, folded as the search folds it, is kept with an index of its own, which tells in a few
  // reads that a search matches more than the desk counts (server/storage/company-key.ts).
  await db.schema.alterTable('submissions').addColumn('company_key', 'text').execute();
  await fillCompanyKeys(db, 'sqlite');
  await sql`create index submissions_company_key on submissions (company_key)`.execute(db);
}
