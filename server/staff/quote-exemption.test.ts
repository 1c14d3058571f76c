import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import { fixtureDataDir } from '#tests/support/fixture-site-data.ts';
import { minimalPdf } from '#tests/support/minimal-pdf.ts';
import { staffSession } from '#tests/support/staff-session.ts';
import { teesAndCapsFields } from '#tests/support/tees-and-caps.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const staff = 'owner@seenwear.example';
const school = 'office@lincoln-high.example';

// A school with a verified exemption certificate: its quotes go out without sales tax, saying why, until the
// certificate's last day has passed; then the tax is back and the desk is warned before it sends.
describe.each(backends)('a tax-exempt customer’s quotes on %s', (backend) => {
  let t: TestApp;
  let session: { cookie: string; token: string };
  let clock = new Date('2027-06-30T15:00:00Z');

  beforeAll(async () => {
    const storage = await openTestStorage(backend, { now: () => clock });
    t = await createTestApp({ storage, dataDir: fixtureDataDir, now: () => clock });
    session = await staffSession(t.app, t.storage, staff);
  });
  afterAll(() => t.storage.close());

  async function schoolRequest() {
    const saved = await t.storage.submissions.saveSubmission({
      kind: 'quote',
      name: 'Pat Lee',
      email: school,
      payload: { name: 'Pat Lee' },
      formValues: { delivery: 'pickup' },
      files: [],
    });
    return saved.reference;
  }

  const send = (reference: string, intent: 'update' | 'send', more: Record<string, string> = {}) =>
    request(t.app)
      .post(`/staff/requests/${reference}/quote`)
      .set('Cookie', session.cookie)
      .type('form')
      .send({
        [CSRF_FIELD]: session.token,
        from: 'new',
        source: 'none',
        ...teesAndCapsFields,
        ...more,
        intent,
      });

  it('sends no tax while the certificate is valid, and charges it again the day after it expires', async () => {
    const first = await schoolRequest();
    const data = minimalPdf('ST-5');
    const id = await t.storage.exemptions.addCertificate(first, {
      type: 'exemption',
      number: 'ST-5 12345',
      state: 'Illinois',
      holder: 'Lincoln High School',
      expiresOn: '2027-06-30',
      file: { name: 'st-5.pdf', mediaType: 'application/pdf', size: data.length, data },
    });
    // Waiting for the desk's check: the tax stays on, and the editor says so before anything is sent.
    const pending = await send(first, 'update').expect(200);
    expect(pending.text).toContain('Verify the certificate before sending the quote, or tax will be charged.');
    expect(pending.text).toContain('Test County 2%');

    await t.storage.exemptions.verifyCertificate(first, id ?? 0, { actor: `staff:${staff}`, day: '2027-06-01' });
    await send(first, 'send').expect(303);
    const [exempt] = await t.storage.versions.quotesOf(first);
    const why = 'exempt: exemption certificate ST-5 12345 (Illinois), Lincoln High School, valid until 2027-06-30';
    expect(exempt?.lines.at(-1)).toMatchObject({ label: `Sales tax: none (${why})`, unitCents: 0 });
    expect(exempt?.lines.slice(0, 2).map((line) => line.taxCents)).toEqual([0, 0]);
    expect(exempt?.totalCents).toBe(52_800);

    // The desk sees whose certificate it is, and can charge the tax anyway (anyone can type an e-mail).
    const another = await schoolRequest();
    const shown = await send(another, 'update').expect(200);
    expect(shown.text).toContain('verified for office@lincoln-high.example');
    expect(shown.text).toContain('Charge sales tax on this quote anyway');
    await send(another, 'send', { chargeTax: 'on' }).expect(303);
    expect((await t.storage.versions.quotesOf(another))[0]?.totalCents).toBe(52_800 + 1008 + 1800);

    clock = new Date('2027-07-01T15:00:00Z');
    const second = await schoolRequest();
    const warned = await send(second, 'update').expect(200);
    expect(warned.text).toContain('The exemption certificate expired on');
    expect(warned.text).toContain('sales tax will be charged on this quote.');
    await send(second, 'send').expect(303);
    const [taxed] = await t.storage.versions.quotesOf(second);
    // The tests' rules at the shop: tees $10.08 (no state share under $110), caps $18.00.
    expect(taxed?.totalCents).toBe(52_800 + 1008 + 1800);
  });
});
