import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>) {
  // Sales-tax exemption and resale certificates (server/exemptions/): kept by the customer's e-mail,
  // lower-cased, because one school sends many requests under one certificate. The file is kept with
  // its row; the desk's check is who and when, or who turned it down and why.
  await db.schema
    .createTable('exemption_certificates')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('email', 'text', (column) => column.notNull())
    // The request it was sent with: the customer's page lists and serves only those, since an e-mail typed
    // on a form proves nothing of who typed it.
    .addColumn('reference', 'text', (column) => column.notNull())
    .addColumn('kind', 'text', (column) => column.notNull().check(sql`kind in ('exemption', 'resale')`))
    .addColumn('number', 'text', (column) => column.notNull())
    .addColumn('state', 'text', (column) => column.notNull())
    .addColumn('holder', 'text', (column) => column.notNull())
    .addColumn('expires_on', 'text', (column) => column.notNull())
    .addColumn('file_name', 'text', (column) => column.notNull())
    .addColumn('media_type', 'text', (column) => column.notNull())
    .addColumn('size', 'integer', (column) => column.notNull())
    .addColumn('data', 'bytea', (column) => column.notNull())
    .addColumn('uploaded_at', 'timestamptz', (column) => column.notNull())
    .addColumn('verified_at', 'timestamptz')
    // The day of the check in the shop's time zone, as the invoice words it.
    .addColumn('verified_on', 'text')
    .addColumn('verified_by', 'text')
    .addColumn('rejected_at', 'timestamptz')
    .addColumn('rejected_by', 'text')
    .addColumn('rejection_reason', 'text')
    .execute();
  await db.schema.createIndex('exemption_certificates_email').on('exemption_certificates').columns(['email']).execute();
}
