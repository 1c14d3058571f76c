import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailSettings } from '#server/mail/mail-settings.ts';
import { createMailTransport } from '#server/mail/mail-transport.ts';
import { startMailWorker } from '#server/notifications/start-notifications.ts';
import type { BlanksData } from '#shared/blanks/blanks-data.ts';
import type { PurchaseLine } from '#shared/blanks/purchase-order.ts';
import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import { fixtureDataDir } from '#tests/support/fixture-site-data.ts';
import { memoryLogger } from '#tests/support/memory-logger.ts';
import { type SmtpCatcher, startSmtpCatcher } from '#tests/support/smtp-catcher.ts';
import { staffSession } from '#tests/support/staff-session.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { backends, openTestStorage, runSql, type TestStorage } from '#tests/support/test-storage.ts';

const staff = 'owner@seenwear.example';
const now = () => new Date('2026-11-30T15:00:00Z');
const supplier = (orderEmail?: string): BlanksData['suppliers'][number] => ({
  id: 'ss-activewear',
  name: 'S&S Activewear',
  ...(orderEmail ? { orderEmail } : {}),
  warehouses: [{ code: 'IL', name: 'Lockport, IL', leadDays: 1 }],
});
const styles: BlanksData['styles'] = [{ garment: 'test-tee', supplier: 'ss-activewear', style: '5000' }];

const settings: MailSettings = {
  from: 'Seenwear <orders@seenwear.example>',
  shopEmail: 'team@seenwear.example',
  shop: {
    appName: 'Seenwear',
    contact: { email: 'hello@seenwear.example', phone: '+15550100123' },
    address: { street: '1420 Market Street', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' },
  },
  publicUrl: 'https://shop.example',
};

const lines: PurchaseLine[] = [
  { sku: 'B500030c', style: '5000', colour: 'White', size: 'M', quantity: 48, cents: 302 },
  { sku: 'B500030e', style: '5000', colour: 'White', size: 'XL', quantity: 6, cents: 302 },
];

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

describe.each(backends)('a purchase order mailed to its supplier, on %s', (backend) => {
  let storage: TestStorage;
  let smtp: SmtpCatcher;
  /** The shop with S&S's order address set, and the same shop before it was. */
  let withAddress: TestApp;
  let withoutAddress: TestApp;
  let session: { cookie: string; token: string };

  beforeAll(async () => {
    storage = await openTestStorage(backend);
    smtp = await startSmtpCatcher();
    const app = (orderEmail?: string) =>
      createTestApp({
        storage,
        dataDir: fixtureDataDir,
        now,
        blanksData: { suppliers: [supplier(orderEmail)], styles },
      });
    withAddress = await app('orders@ss-supplier.example');
    withoutAddress = await app();
    session = await staffSession(withAddress.app, storage, staff);
  });
  afterAll(async () => {
    await smtp.close();
    await storage.close();
  });

  const makeOrder = () =>
    storage.blanks.createPurchaseOrder({
      supplier: 'ss-activewear',
      lines,
      jobs: ['SW-1001', 'SW-1002'],
      totalCents: 48 * 302 + 6 * 302,
      expectedOn: '2026-12-01',
      createdBy: staff,
    });
  const send = (t: TestApp, id: number) =>
    request(t.app)
      .post(`/staff/blanks/orders/${id}/send`)
      .set('Cookie', session.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: session.token });
  const page = async (t: TestApp, id: number) =>
    (await request(t.app).get(`/staff/blanks/orders/${id}`).set('Cookie', session.cookie).expect(200)).text;
  const queued = async () =>
    (await runSql(storage.location, `select facts from outbox where recipient = 'staff'`)) as { facts: unknown }[];

  it('says where to set the address when the supplier has none, and sends nothing', async () => {
    const order = await makeOrder();
    const shown = await page(withoutAddress, order.id);
    expect(shown).toMatch(/<button[^>]*disabled[^>]*>Send to S&amp;S Activewear: set its order address first/);
    expect(shown).toContain('set its order address: &quot;orderEmail&quot; in data/blanks.json');
    const refused = await send(withoutAddress, order.id).expect(409);
    expect(refused.text).toContain('Nothing was sent: S&amp;S Activewear has no order address.');
    expect(await queued()).toEqual([]);
    expect((await storage.blanks.purchaseOrder(order.id))?.sent).toBeUndefined();
  });

  it('queues one mail for a double click, marks the order sent, and the mail carries the lines and the CSV', async () => {
    const order = await makeOrder();
    expect(await page(withAddress, order.id)).toContain('Send to S&amp;S Activewear (orders@ss-supplier.example)');
    // A double click: two posts at once, one mail.
    const answers = await Promise.all([send(withAddress, order.id), send(withAddress, order.id)]);
    for (const answer of answers) {
      expect(answer.status).toBe(303);
      expect(answer.headers.location).toBe(`/staff/blanks/orders/${order.id}?done=sent`);
    }
    await send(withAddress, order.id).expect(303);
    expect(await queued()).toHaveLength(1);
    const stored = await storage.blanks.purchaseOrder(order.id);
    expect(stored?.sent).toEqual({ at: expect.any(Date), to: 'orders@ss-supplier.example', by: staff });
    const after = await page(withAddress, order.id);
    expect(after).toMatch(/Sent to S&amp;S Activewear \(orders@ss-supplier\.example\)[^<]*by owner@seenwear\.example/);
    expect(after).not.toContain(`/staff/blanks/orders/${order.id}/send`);

    const transport = createMailTransport(smtp.url);
    const worker = startMailWorker(storage, settings, {
      transport,
      logger: memoryLogger().logger,
      intervalMs: 3_600_000,
    });
    await worker.drain();
    await worker.stop();
    transport.close();
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.envelopeTo).toEqual(['orders@ss-supplier.example']);
    expect(mail?.header('subject')).toBe(`Purchase order ${order.id} from Seenwear`);
    expect(mail?.header('reply-to')).toContain('team@seenwear.example');
    expect(mail?.text).toContain('- 48 × 5000 White M (SKU B500030c) at $3.02: $144.96');
    expect(mail?.text).toContain('- 6 × 5000 White XL (SKU B500030e) at $3.02: $18.12');
    expect(mail?.text).toContain('Total: $163.08 for 54 pieces');
    expect(mail?.text).toContain('We expect them by Dec 1, 2026.');
    expect(mail?.text).toContain('1420 Market Street\nSpringfield, IL 62701');
    expect(mail?.attachments).toHaveLength(1);
    expect(mail?.attachments[0]?.filename).toBe(`po-${order.id}-ss-activewear.csv`);
    expect(mail?.attachments[0]?.content.toString()).toBe('Sku,Qty\r\nB500030c,48\r\nB500030e,6\r\n');
  });
});
