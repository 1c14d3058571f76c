import { describe, expect, it } from 'vitest';
import { databaseBefore } from '#tests/support/database-before.ts';
import { backends, runSql } from '#tests/support/test-storage.ts';
import { openDatabase } from './open-database.ts';

// Migration 0022 on each database, over requests an older release stored: their companies keyed as the
// search folds them, so a company's requests found before the upgrade are found the same way after it.
describe.each(backends)('migration 0022 on %s', (backend) => {
  it('keys the company of every request stored before, folded for case and accents, and none without one', async () => {
    const location = await databaseBefore(backend, '0022');
    const now = new Date().toISOString();
    const stored: [string, Record<string, unknown>][] = [
      ['Q-2026-000001', { company: 'Café Nandú' }],
      ['Q-2026-000002', { company: 'JÄGER & Sons Roofing' }],
      ['Q-2026-000003', {}],
      ['Q-2026-000004', { company: '' }],
    ];
    for (const [reference, payload] of stored) {
      await runSql(
        location,
        `insert into submissions (reference, kind, name, email, payload, created_at, activity_at, search_text)
         values ($1, 'quote', 'Dana', 'dana@example.com', $2, $3, $3, $4)`,
        [reference, JSON.stringify(payload), now, reference.toLowerCase()],
      );
    }
    const storage = await openDatabase(location);
    try {
      const rows = (await runSql(location, 'select reference, company_key from submissions order by reference')) as {
        reference: string;
        company_key: string | null;
      }[];
      expect(rows).toEqual([
        { reference: 'Q-2026-000001', company_key: 'cafe nandu' },
        { reference: 'Q-2026-000002', company_key: 'jager & sons roofing' },
        { reference: 'Q-2026-000003', company_key: null },
        { reference: 'Q-2026-000004', company_key: null },
      ]);
    } finally {
      await storage.close();
    }
  });
});
