import { describe, expect, it } from 'vitest';
import { hashOfSecret, newLinkSecret } from '#server/http/link-secrets.ts';
import { requestLinks } from '#server/requests/request-links.ts';
import { databaseBefore } from '#tests/support/database-before.ts';
import { dumpDatabase } from '#tests/support/database-dump.ts';
import { backends, runSql, testStoresOf } from '#tests/support/test-storage.ts';
import { openDatabase } from './open-database.ts';

const csrfSecret = 'a-test-secret-of-at-least-32-characters!';

// Migration 0015 on each database, over rows an older release wrote: mail queued whole, links hashed.
describe.each(backends)('migration 0015 on %s', (backend) => {
  it('keeps no mail text, gives up on mail not yet sent, salts each request and keeps its mailed link opening until replaced', async () => {
    const location = await databaseBefore(backend, '0015');
    const oldLink = newLinkSecret();
    const signInText = `Open this link: https://shop.example/staff/sign-in/${newLinkSecret()}`;
    const quoteText = `To approve it: https://shop.example/requests/Q-2026-000001/${oldLink}`;
    const now = new Date().toISOString();
    await runSql(
      location,
      `insert into submissions (reference, kind, name, email, payload, created_at, link_hash)
       values ('Q-2026-000001', 'quote', 'Dana', 'dana@example.com', '{}', $1, $2),
              ('C-2026-000001', 'contact', 'Sam', 'sam@example.com', '{}', $1, null)`,
      [now, hashOfSecret(oldLink)],
    );
    const mail = (subject: string, text: string) => JSON.stringify({ to: 'dana@example.com', subject, text });
    await runSql(
      location,
      `insert into outbox (submission_id, recipient, next_attempt_at, sent_at, mail, created_at) values
       ((select id from submissions where reference = 'Q-2026-000001'), 'shop', $1, $1, null, null),
       ((select id from submissions where reference = 'Q-2026-000001'), 'customer', $1, $1, $2, $1),
       ((select id from submissions where reference = 'Q-2026-000001'), 'customer', $1, null, $3, $1),
       (null, 'staff', $1, $1, $4, $1)`,
      [
        now,
        mail('Seenwear: your quote for Q-2026-000001', quoteText),
        mail('Seenwear: about your quote request Q-2026-000001', quoteText),
        mail('Your sign-in link for the Seenwear desk', signInText),
      ],
    );

    const storage = testStoresOf(await openDatabase(location), location);
    try {
      // No mail text is left, in the outbox or anywhere: only what each mail was about.
      const dump = await dumpDatabase(location);
      for (const values of Object.values(dump)) {
        expect(values).not.toContain(oldLink);
        expect(values).not.toContain('/staff/sign-in/');
      }
      const rows = await storage.outbox.notificationsOf('Q-2026-000001');
      expect(rows.map(({ recipient, facts, sentAt, failedAt }) => ({ recipient, facts, sentAt, failedAt }))).toEqual([
        { recipient: 'shop', facts: null, sentAt: expect.any(Date), failedAt: null },
        {
          recipient: 'customer',
          facts: { kind: 'legacy', subject: 'Seenwear: your quote for Q-2026-000001' },
          sentAt: expect.any(Date),
          failedAt: null,
        },
        {
          recipient: 'customer',
          facts: { kind: 'legacy', subject: 'Seenwear: about your quote request Q-2026-000001' },
          sentAt: null,
          failedAt: expect.any(Date),
        },
      ]);
      // The one never sent says why, for the shop on the desk; nothing is left to send.
      expect(rows[2]?.lastError).toContain('Write to the customer again');
      expect((await storage.outbox.outboxDepth()).pending).toBe(0);

      // Each quote request has a salt; its link mailed before keeps opening until replaced.
      const state = await storage.customer.requestLinkOf('Q-2026-000001');
      expect(state?.linkSalt).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(state?.legacyLinkHash).toBe(hashOfSecret(oldLink));
      expect((await storage.customer.requestLinkOf('C-2026-000001'))?.linkSalt).toBeNull();
      const links = requestLinks(storage.customer, csrfSecret);
      const fresh = (await links.pathFor('Q-2026-000001'))?.split('/').at(-1) ?? '';
      expect(await links.opens('Q-2026-000001', oldLink)).toBe(true);
      expect(await links.opens('Q-2026-000001', fresh)).toBe(true);
      await links.replace('Q-2026-000001', 'staff:owner@seenwear.example');
      expect(await links.opens('Q-2026-000001', oldLink)).toBe(false);
    } finally {
      await storage.close();
    }
  });
});
