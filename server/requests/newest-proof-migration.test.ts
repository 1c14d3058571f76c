import { describe, expect, it } from 'vitest';
import { openDatabase } from '#server/storage/open-database.ts';
import { databaseBefore } from '#tests/support/database-before.ts';
import { backends, runSql, testStoresOf } from '#tests/support/test-storage.ts';

// Migration 0034 on each database, over proofs an older release sent: the inbox's list of proofs waiting
// for approval reads when the newest went out from the request, so every request waiting before the
// upgrade is listed after it, with its newest version and the day that version was sent.
describe.each(backends)('migration 0034 on %s', (backend) => {
  it('lists every proof that was waiting before the upgrade, its newest version, the longest waiting first', async () => {
    const location = await databaseBefore(backend, '0034');
    const stored: [string, string, string[]][] = [
      // Two versions: the second, sent last, is the one waiting.
      ['Q-2026-000001', 'proof_sent', ['2026-11-02T10:00:00.000Z', '2026-11-09T10:00:00.000Z']],
      ['Q-2026-000002', 'proof_sent', ['2026-11-05T10:00:00.000Z']],
      // Approved: its proof waits for nobody.
      ['Q-2026-000003', 'approved', ['2026-11-01T10:00:00.000Z']],
      ['Q-2026-000004', 'new', []],
    ];
    for (const [reference, status, proofs] of stored) {
      const [row] = (await runSql(
        location,
        `insert into submissions (reference, kind, name, email, payload, created_at, activity_at, search_text, status)
         values ($1, 'quote', 'Dana', 'dana@example.com', '{}', $2, $2, $3, $4) returning id`,
        [reference, '2026-10-30T09:00:00.000Z', reference.toLowerCase(), status],
      )) as { id: number }[];
      for (const [index, at] of proofs.entries()) {
        await runSql(
          location,
          `insert into proofs (submission_id, version, name, media_type, size, data, notes, created_at, created_by)
           values ($1, $2, 'proof.png', 'image/png', 1, $3, '', $4, 'staff:owner@example.com')`,
          [row?.id, index + 1, Buffer.from([index]), at],
        );
      }
    }
    const storage = testStoresOf(await openDatabase(location), location);
    try {
      const waiting = await storage.versions.proofsWaiting();
      expect(waiting.map((proof) => [proof.reference, proof.version, proof.sentAt.toISOString()])).toEqual([
        ['Q-2026-000002', 1, '2026-11-05T10:00:00.000Z'],
        ['Q-2026-000001', 2, '2026-11-09T10:00:00.000Z'],
      ]);
    } finally {
      await storage.close();
    }
  });
});
