import request from 'supertest';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { OutboxWorker } from '#server/mail/outbox-worker.ts';
import { CSRF_HEADER } from '#shared/csrf-contract.ts';
import { memoryLogger } from '#tests/support/memory-logger.ts';
import { type SmtpCatcher, startSmtpCatcher } from '#tests/support/smtp-catcher.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { visitorSession } from '#tests/support/visitor-session.ts';
import { startNotifications } from './start-notifications.ts';

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let smtp: SmtpCatcher | undefined;
let notifications: OutboxWorker | null = null;
afterAll(async () => {
  await notifications?.stop();
  await smtp?.close();
});

describe('a quote request, from the form post to the mailboxes', () => {
  it('reaches the shop with the details and the artwork, and the customer with the reference', async () => {
    smtp = await startSmtpCatcher();
    const server = smtp;
    const t = await createTestApp();
    const { cookie, token } = await visitorSession(t.app, '/pricing');
    const response = await request(t.app)
      .post('/api/quotes')
      .set('Cookie', cookie)
      .set(CSRF_HEADER, token)
      .set('Accept', 'application/json')
      .field({
        name: 'Dana Whitfield',
        email: 'dana@example.com',
        phone: '555-010-0188',
        service: 'embroidery',
        garment: 'port-authority-k500',
        garmentColor: 'Navy',
        qtyM: '12',
        loc1: 'left-chest',
        loc1Stitches: '6500',
        delivery: 'delivery',
        address: '12 Elm Street, Springfield',
        zip: '62704',
      })
      .attach('artwork', png, 'crest.png')
      .expect(201);
    const { reference } = response.body as { reference: string };

    const mail = {
      smtpUrl: server.url,
      from: 'Seenwear <orders@seenwear.example>',
      shopEmail: 'team@seenwear.example',
    };
    notifications = startNotifications({
      config: { mail, publicUrl: 'https://shop.example' },
      site: t.siteData.data.config,
      stores: t.storage,
      logger: memoryLogger().logger,
      intervalMs: 10,
    });
    await vi.waitFor(() => expect(server.received).toHaveLength(2), { timeout: 5000 });
    const shop = server.received.find((received) => received.envelopeTo.includes('team@seenwear.example'));
    const customer = server.received.find((received) => received.envelopeTo.includes('dana@example.com'));
    expect(shop?.header('subject')).toBe(`Quote request ${reference} from Dana Whitfield`);
    expect(shop?.text).toMatch(/Service: Embroidery/);
    expect(shop?.text).toMatch(/Garment: Port Authority K500 Silk Touch polo/);
    expect(shop?.text).toMatch(/Stitches: 6500/);
    expect(shop?.text).toMatch(
      /Delivery: Deliver to the address below\r?\nAddress: 12 Elm Street, Springfield\r?\nZip code: 62704/,
    );
    // The shop reads the all-in estimate the visitor saw: delivery and sales tax included.
    expect(shop?.text).toMatch(
      /Website estimate: \$[\d,.]+ in total for 12 pieces.*Free local delivery to 62704: free/,
    );
    // Counted by the shop's rules, per jurisdiction; the free delivery is not taxed.
    expect(shop?.text).toMatch(
      /Plus sales tax of \$[\d,.]+ \(Illinois 6\.25%: \$[\d.]+; Sangamon County 1%: \$[\d.]+; City of Springfield 2\.5%: \$[\d.]+\), \$[\d,.]+ with tax/,
    );
    expect(shop?.attachments).toEqual([{ filename: 'crest.png', contentType: 'image/png', content: png }]);
    expect(customer?.header('subject')).toBe(`We received your quote request ${reference}`);
    expect(customer?.text).toContain(reference);
    expect(customer?.attachments).toEqual([]);
  });
});
