import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '#shared/csrf-contract.ts';
import { liveVisitorSession } from '#tests/support/quote-post.ts';
import { startServer } from '#tests/support/server-process.ts';
import { startSmtpCatcher } from '#tests/support/smtp-catcher.ts';

describe('shutdown with a mail in flight', () => {
  it('on SIGTERM gives the stalled send 5 s, hands its claim back and exits 0 inside 10 s', async () => {
    const smtp = await startSmtpCatcher();
    // The mail server takes the message and then says nothing for longer than the shutdown may last.
    smtp.delayMs = 30_000;
    const databaseDir = mkdtempSync(join(tmpdir(), 'seenwear-shutdown-'));
    const server = await startServer({
      DATABASE_DIR: databaseDir,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Seenwear <orders@seenwear.example>',
      SHOP_EMAIL: 'shop@seenwear.example',
    });
    try {
      // The form pages set no cookie: the session and token come from the endpoint the browser's client asks.
      const { cookie, token } = await liveVisitorSession(server.url);
      const posted = await fetch(`${server.url}/api/contact`, {
        method: 'POST',
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/json',
          Cookie: cookie,
          [CSRF_HEADER]: token,
        },
        body: JSON.stringify({ name: 'Lee Park', email: 'lee@example.com', message: 'Do you print on tote bags?' }),
      });
      expect(posted.status).toBe(201);
      // The save wakes the worker: the shop's copy reaches the mail server, which then stalls.
      await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(1);

      const started = Date.now();
      const exited = once(server.child, 'exit');
      server.child.kill('SIGTERM');
      const [code] = (await exited) as [number];
      const took = Date.now() - started;
      expect(code).toBe(0);
      expect(took).toBeGreaterThanOrEqual(4_500);
      expect(took).toBeLessThan(10_000);
      expect(server.output()).toMatch(/"msg":"shutting down in the middle of a send: the notification is given back/);
      expect(server.output()).toMatch(/"msg":"stopped"/);

      // Given back: not sent, held by nobody, due now for whichever instance looks next.
      const database = new Database(join(databaseDir, 'submissions.sqlite'), { readonly: true });
      try {
        const rows = database
          .prepare('select recipient, claim, sent_at, next_attempt_at from outbox order by id')
          .all() as { recipient: string; claim: string | null; sent_at: string | null; next_attempt_at: string }[];
        expect(rows.map(({ recipient, claim, sent_at }) => ({ recipient, claim, sent_at }))).toEqual([
          { recipient: 'shop', claim: null, sent_at: null },
          { recipient: 'customer', claim: null, sent_at: null },
        ]);
        expect(new Date(rows[0]?.next_attempt_at ?? '').getTime()).toBeLessThanOrEqual(Date.now());
      } finally {
        database.close();
      }
    } finally {
      await server.stop();
      await smtp.close();
    }
  });
});
