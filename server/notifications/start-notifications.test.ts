import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutboxWorker } from '#server/mail/outbox-worker.ts';
import { memoryLogger } from '#tests/support/memory-logger.ts';
import { type SmtpCatcher, startSmtpCatcher } from '#tests/support/smtp-catcher.ts';
import { openTestStorage } from '#tests/support/test-storage.ts';
import { startNotifications } from './start-notifications.ts';

const site = { appName: 'Seenwear', contact: { email: 'hello@seenwear.example', phone: '+15550100123' } };
const quote = {
  kind: 'quote' as const,
  name: 'Jane Doe',
  email: 'jane@example.com',
  payload: { garmentCount: 48 },
  files: [],
};

let smtp: SmtpCatcher | undefined;
let notifications: OutboxWorker | null = null;

afterEach(async () => {
  await notifications?.stop();
  notifications = null;
  await smtp?.close();
  smtp = undefined;
});

describe('startNotifications', () => {
  it('without SMTP, says once that notification is off and keeps the rows', async () => {
    const storage = await openTestStorage('sqlite');
    const { reference } = await storage.submissions.saveSubmission(quote);
    const { logger, lines } = memoryLogger();
    notifications = startNotifications({
      config: { mail: null, publicUrl: 'https://shop.example' },
      site,
      stores: storage,
      logger,
      intervalMs: 10,
    });
    expect(notifications).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lines).toEqual([
      expect.objectContaining({
        level: 40,
        msg: 'notification is off: SMTP_URL is not set; submissions are kept in the outbox',
      }),
    ]);
    expect((await storage.outbox.notificationsOf(reference)).map((row) => [row.attempts, row.sentAt])).toEqual([
      [0, null],
      [0, null],
    ]);
    await storage.close();
  });

  it('with SMTP, sends the outbox through the configured server', async () => {
    smtp = await startSmtpCatcher();
    const server = smtp;
    const storage = await openTestStorage('sqlite');
    await storage.submissions.saveSubmission(quote);
    const { logger, lines } = memoryLogger();
    const mail = {
      smtpUrl: server.url,
      from: 'Seenwear <orders@seenwear.example>',
      shopEmail: 'team@seenwear.example',
    };
    notifications = startNotifications({
      config: { mail, publicUrl: 'https://shop.example' },
      site,
      stores: storage,
      logger,
      intervalMs: 10,
    });
    await vi.waitFor(() => expect(server.received).toHaveLength(2), { timeout: 10_000 });
    expect(server.received.map((received) => received.envelopeTo)).toEqual([
      ['team@seenwear.example'],
      ['jane@example.com'],
    ]);
    expect(server.received[1]?.header('from')).toBe('Seenwear <orders@seenwear.example>');
    expect(lines[0]).toMatchObject({ msg: 'notification is on', smtpHost: new URL(server.url).host });
  });
});
