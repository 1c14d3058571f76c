import type { Kysely } from 'kysely';
import type { Database } from '#server/storage/database.ts';
import { readDate, readJson, type StorageDatabase } from '#server/storage/schema.ts';
import type { MockupDetails, MockupSaveStep, MockupStore, NewMockup, StoredMockup } from './mockup-store.ts';

/** Writes a request's mockups: inside the submission's own transaction on save, or the desk's replacement. */
async function insertMockups(
  db: Kysely<StorageDatabase>,
  submissionId: number,
  mockups: readonly NewMockup[],
  at: Date,
): Promise<void> {
  if (mockups.length === 0) return;
  await db
    .insertInto('mockups')
    .values(
      mockups.map((mockup) => ({
        submission_id: submissionId,
        view: mockup.view,
        details: JSON.stringify(mockup.details),
        media_type: mockup.mediaType,
        data: mockup.data,
        created_at: at.toISOString(),
      })),
    )
    .execute();
}

function createMockupStorage(db: Kysely<StorageDatabase>, now: () => Date): MockupStore {
  return {
    async mockupsOf(reference: string): Promise<StoredMockup[]> {
      const rows = await db
        .selectFrom('mockups')
        .innerJoin('submissions', 'submissions.id', 'mockups.submission_id')
        .where('submissions.reference', '=', reference)
        .select(['mockups.view', 'mockups.details', 'mockups.media_type', 'mockups.data', 'mockups.created_at'])
        .orderBy('mockups.view', 'desc')
        .execute();
      return rows.map((row) => ({
        view: row.view,
        details: readJson(row.details) as unknown as MockupDetails,
        mediaType: row.media_type,
        data: Buffer.from(row.data),
        createdAt: readDate(row.created_at),
      }));
    },

    replaceMockups(reference: string, mockups: NewMockup[]): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const request = await trx
          .selectFrom('submissions')
          .where('reference', '=', reference)
          .select('id')
          .executeTakeFirst();
        if (!request) return false;
        await trx.deleteFrom('mockups').where('submission_id', '=', request.id).execute();
        await insertMockups(trx, request.id, mockups, now());
        return true;
      });
    },
  };
}

/** The mockups drawn for each request, on the open database. */
/** The save's step for the mockups. */
export function createMockupSaveStep(): MockupSaveStep {
  return { insert: insertMockups };
}

export function createMockupStore(database: Database): MockupStore {
  return createMockupStorage(database.db, database.now);
}
