import { type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type { Actor } from '#server/storage/activity.ts';
import type { Database } from '#server/storage/database.ts';
import { appendEvent } from '#server/storage/request-events.ts';
import { readDate, type StorageDatabase } from '#server/storage/schema.ts';
import { standingOf } from './exemption-standing.ts';
import type {
  CheckOutcome,
  ExemptionForgetStep,
  ExemptionStore,
  NewCertificate,
  StoredCertificate,
} from './exemption-store.ts';

/** Certificates are kept and looked up by the e-mail folded this way, whatever case each request used. */
function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

const columns = [
  'id',
  'kind',
  'number',
  'state',
  'holder',
  'expires_on',
  'file_name',
  'media_type',
  'uploaded_at',
  'verified_at',
  'verified_on',
  'verified_by',
  'rejected_at',
  'rejected_by',
  'rejection_reason',
] as const;

type CertificateRow = Pick<Selectable<StorageDatabase['exemption_certificates']>, (typeof columns)[number]>;

function certificateOf(row: CertificateRow): StoredCertificate {
  return {
    id: row.id,
    type: row.kind,
    number: row.number,
    state: row.state,
    holder: row.holder,
    expiresOn: row.expires_on,
    ...(row.verified_on ? { verifiedOn: row.verified_on } : {}),
    uploadedAt: readDate(row.uploaded_at),
    fileName: row.file_name,
    mediaType: row.media_type,
    ...(row.verified_at ? { verified: { at: readDate(row.verified_at), by: row.verified_by ?? '' } } : {}),
    ...(row.rejected_at
      ? { rejected: { at: readDate(row.rejected_at), by: row.rejected_by ?? '', reason: row.rejection_reason ?? '' } }
      : {}),
  };
}

async function certificatesOf({ db }: Database, email: string, sentWith?: string): Promise<StoredCertificate[]> {
  const rows = await db
    .selectFrom('exemption_certificates')
    .where('email', '=', emailKey(email))
    .$if(sentWith !== undefined, (query) => query.where('reference', '=', sentWith ?? ''))
    .select(columns)
    .orderBy('id', 'desc')
    .execute();
  return rows.map(certificateOf);
}

/** The request's row id and its customer's key, or undefined when there is no such request. */
async function requestOf(db: Kysely<StorageDatabase>, reference: string) {
  const row = await db
    .selectFrom('submissions')
    .where('reference', '=', reference)
    .select(['id', 'email'])
    .executeTakeFirst();
  return row && { id: row.id, email: emailKey(row.email) };
}

function certificateText(certificate: { kind: string; number: string; state: string; expires_on: string }) {
  return `${certificate.kind === 'resale' ? 'Resale' : 'Exemption'} certificate ${certificate.number} (${certificate.state}), valid until ${certificate.expires_on}`;
}

async function addCertificate(database: Database, reference: string, certificate: NewCertificate) {
  return database.db.transaction().execute(async (trx) => {
    const request = await requestOf(trx, reference);
    if (!request) return undefined;
    const values = {
      email: request.email,
      reference,
      kind: certificate.type,
      number: certificate.number,
      state: certificate.state,
      holder: certificate.holder,
      expires_on: certificate.expiresOn,
      file_name: certificate.file.name,
      media_type: certificate.file.mediaType,
      size: certificate.file.size,
      data: certificate.file.data,
      uploaded_at: database.now().toISOString(),
    };
    const { id } = await trx
      .insertInto('exemption_certificates')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    await appendEvent(trx, database.clock, request.id, {
      actor: 'customer',
      type: 'exemption_certificate_sent',
      data: { certificate: id, text: certificateText(values) },
    });
    return id;
  });
}

/** One check by the desk: only a certificate of the request's customer not checked yet, logged on the request. */
async function check(
  database: Database,
  reference: string,
  id: number,
  event: { actor: Actor; type: string; text: (row: CertificateRow) => string },
  set: Updateable<StorageDatabase['exemption_certificates']>,
  { verifiedToo = false } = {},
): Promise<CheckOutcome> {
  return database.db.transaction().execute(async (trx) => {
    const request = await requestOf(trx, reference);
    if (!request) return 'missing';
    const row = await trx
      .selectFrom('exemption_certificates')
      .where('id', '=', id)
      .where('email', '=', request.email)
      .select(columns)
      .executeTakeFirst();
    if (!row) return 'missing';
    const written = await trx
      .updateTable('exemption_certificates')
      .set(set)
      .where('id', '=', id)
      .$if(!verifiedToo, (query) => query.where('verified_at', 'is', null))
      .where('rejected_at', 'is', null)
      .executeTakeFirst();
    if (Number(written.numUpdatedRows) === 0) return 'already-checked';
    await appendEvent(trx, database.clock, request.id, {
      actor: event.actor,
      type: event.type,
      data: { certificate: id, text: event.text(row) },
    });
    return 'done';
  });
}

export function createExemptionStore(database: Database): ExemptionStore {
  return {
    exemptionOf: async (email, day) => standingOf(await certificatesOf(database, email), day),
    certificatesOf: (email) => certificatesOf(database, email),
    certificatesSentWith: async (reference) => {
      const request = await requestOf(database.db, reference);
      return request ? certificatesOf(database, request.email, reference) : [];
    },
    addCertificate: (reference, certificate) => addCertificate(database, reference, certificate),
    verifyCertificate: (reference, id, { actor, day }) =>
      check(
        database,
        reference,
        id,
        { actor, type: 'exemption_certificate_verified', text: certificateText },
        { verified_at: database.now().toISOString(), verified_on: day, verified_by: actor },
      ),
    rejectCertificate: (reference, id, { actor, reason }) =>
      check(
        database,
        reference,
        id,
        { actor, type: 'exemption_certificate_rejected', text: (row) => `${certificateText(row)}: ${reason}` },
        { rejected_at: database.now().toISOString(), rejected_by: actor, rejection_reason: reason },
        // A certificate accepted by mistake, or revoked by its state, is withdrawn the same way.
        { verifiedToo: true },
      ),
    async certificateFile(reference, id, { sentWith = false } = {}) {
      const request = await requestOf(database.db, reference);
      if (!request) return undefined;
      const row = await database.db
        .selectFrom('exemption_certificates')
        .where('id', '=', id)
        .where('email', '=', request.email)
        .$if(sentWith, (query) => query.where('reference', '=', reference))
        .select(['file_name', 'media_type', 'size', 'data'])
        .executeTakeFirst();
      return row && { name: row.file_name, mediaType: row.media_type, size: Number(row.size), data: row.data };
    },
  };
}

/** The purge's step: the certificates of customers none of whose requests is left. */
export function createExemptionForgetStep(): ExemptionForgetStep {
  return {
    async forget(trx, emails) {
      const keys = [...new Set(emails.map(emailKey))];
      if (keys.length === 0) return;
      await trx
        .deleteFrom('exemption_certificates')
        .where('email', 'in', keys)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('submissions')
                .select('submissions.id')
                .where(sql<string>`lower(submissions.email)`, '=', sql<string>`exemption_certificates.email`),
            ),
          ),
        )
        .execute();
    },
  };
}
