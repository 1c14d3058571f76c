import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import { fixtureDataDir } from '#tests/support/fixture-site-data.ts';
import { withSubjects } from '#tests/support/mail-subjects.ts';
import { minimalPdf } from '#tests/support/minimal-pdf.ts';
import { randomPng } from '#tests/support/random-png.ts';
import { squarePdf } from '#tests/support/square-pdf.ts';
import { staffSession } from '#tests/support/staff-session.ts';
import { teesAndCapsFields } from '#tests/support/tees-and-caps.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const staff = 'owner@seenwear.example';

/** 48 standard tees, 2 colors on the front: the fixture prices them at $3.00 + $9.00 each, and 2 screens of $15. */
const formValues = {
  name: 'Dana Whitfield',
  email: 'dana@example.com',
  service: 'screen-printing',
  garment: 'standard-tee',
  qtyM: '40',
  qtyL: '8',
  loc1: 'front',
  loc1Colors: '2',
  delivery: 'pickup',
};

// The quote editor and the proof upload over each database, through the real app.
describe.each(backends)('quotes and proofs on the desk on %s', (backend) => {
  let t: TestApp;
  let session: { cookie: string; token: string };

  beforeAll(async () => {
    const storage = await openTestStorage(backend);
    t = await createTestApp({ storage, dataDir: fixtureDataDir, config: { submissionRateLimit: 1000 } });
    session = await staffSession(t.app, t.storage, staff);
  });

  async function newRequest() {
    const saved = await t.storage.submissions.saveSubmission({
      kind: 'quote',
      name: 'Dana Whitfield',
      email: 'dana@example.com',
      payload: { name: 'Dana Whitfield', service: 'Screen printing', quantity: 48 },
      formValues,
      files: [],
    });
    return saved.reference;
  }

  const postQuote = (reference: string, fields: Record<string, string>) =>
    request(t.app)
      .post(`/staff/requests/${reference}/quote`)
      .set('Cookie', session.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: session.token, from: 'new', source: 'engine', ...fields });

  it('opens the editor with the pricing engine’s lines for what the customer asked', async () => {
    const reference = await newRequest();
    const editor = await request(t.app)
      .get(`/staff/requests/${reference}/quote`)
      .set('Cookie', session.cookie)
      .expect(200);
    expect(editor.headers['cache-control']).toBe('no-store');
    expect(editor.text).toContain('Filled from our price list');
    expect(editor.text).toContain('value="Standard cotton tee"');
    expect(editor.text).toContain('value="3.00"');
    expect(editor.text).toContain('value="9.00"');
    expect(editor.text).toContain('value="15.00"');
    expect(editor.text).toContain('$606.00');
    expect(editor.text).toContain('Send quote v1');
  });

  it('updates the totals without sending, and shows what is wrong beside the row', async () => {
    const reference = await newRequest();
    const fields = {
      'label.0': 'Shirts',
      'quantity.0': '48',
      'unit.0': '4.50',
      'label.1': 'Rush',
      'quantity.1': 'two',
      'unit.1': '10',
      validUntil: '2099-01-31',
      depositPercent: '50',
      notes: '',
    };
    const update = await postQuote(reference, { ...fields, intent: 'update' }).expect(200);
    expect(update.text).toContain('$216.00');
    expect(update.text).not.toContain('Nothing was sent');
    const refused = await postQuote(reference, { ...fields, intent: 'send' }).expect(422);
    expect(refused.text).toContain('Nothing was sent');
    expect(refused.text).toContain('Enter a whole quantity of 1 or more.');
    expect(refused.text).toContain('value="two"');
    expect(await t.storage.versions.quotesOf(reference)).toEqual([]);
    // Absurd figures are answered with the form, never a server error.
    const absurd = await postQuote(reference, {
      ...fields,
      'quantity.0': '9999999',
      'unit.0': '999999999999999',
      intent: 'update',
    });
    expect(absurd.status).toBe(200);
    expect(absurd.text).toContain('value="999999999999999"');
  });

  it('drops a removed row, sends the quote as v1, moves the request to quoted and mails the customer', async () => {
    const reference = await newRequest();
    const sent = await postQuote(reference, {
      'label.0': 'Shirts',
      'quantity.0': '48',
      'unit.0': '4.50',
      'label.1': 'Not this',
      'quantity.1': '1',
      'unit.1': '99',
      'remove.1': 'on',
      'label.2': 'Team discount',
      'quantity.2': '1',
      'unit.2': '-16.00',
      validUntil: '2099-01-31',
      depositPercent: '25',
      notes: 'Gold ink as asked.',
      intent: 'send',
    }).expect(303);
    expect(sent.headers.location).toBe(`/staff/requests/${reference}?done=quoted`);
    const [quote] = await t.storage.versions.quotesOf(reference);
    // A pickup, taxed at the shop's ZIP code by the tests' rules: apparel under $110 an item owes no state
    // share; Test County 2% of $200.00 and Test City 1.5%, the discount taking its share off each.
    const place = 'Test City, IL';
    expect(quote?.lines).toEqual([
      { label: 'Shirts', quantity: 48, unitCents: 450, taxClass: 'apparel', taxCents: 432 + 324 },
      { label: 'Team discount', quantity: 1, unitCents: -1600, taxClass: 'apparel', taxCents: -32 - 24 },
      {
        label: 'Sales tax: Test County 2%',
        quantity: 1,
        unitCents: 400,
        tax: { jurisdiction: 'Test County', percents: ['2'], place },
      },
      {
        label: 'Sales tax: Test City 1.5%',
        quantity: 1,
        unitCents: 300,
        tax: { jurisdiction: 'Test City', percents: ['1.5'], place },
      },
    ]);
    expect(quote?.totalCents).toBe(20_700);
    expect((await t.storage.desk.getRequestState(reference))?.status).toBe('quoted');
    const mail = withSubjects(
      await t.storage.outbox.notificationsOf(reference),
      reference,
      t.siteData.data.config.appName,
    ).find((state) => state.subject?.includes('quote'));
    expect(mail?.subject).toBe(`${t.siteData.data.config.appName}: your quote for ${reference}`);

    const page = await request(t.app).get(`/staff/requests/${reference}?done=quoted`).set('Cookie', session.cookie);
    expect(page.text).toContain('Quote sent to the customer.');
    expect(page.text).toContain('Quote v1');
    expect(page.text).toContain('$207.00');
    expect(page.text).toContain('Deposit (25%)');
    expect(page.text).toContain('$51.75');
    expect(page.text).toContain('Revise the quote (v2)');

    // A revision starts from v1 and goes out as v2; v1 is then replaced.
    const revise = await request(t.app).get(`/staff/requests/${reference}/quote`).set('Cookie', session.cookie);
    expect(revise.text).toContain('Starts from the last quote sent');
    expect(revise.text).toContain('value="-16.00"');
    // Its tax lines are not rows to edit: they are counted again when v2 is sent.
    expect(revise.text).not.toContain('value="Sales tax');
    await postQuote(reference, {
      from: 'quoted',
      'label.0': 'Shirts',
      'quantity.0': '50',
      'unit.0': '4.50',
      validUntil: '2099-01-31',
      depositPercent: '25',
      intent: 'send',
    }).expect(303);
    const after = await request(t.app).get(`/staff/requests/${reference}`).set('Cookie', session.cookie);
    expect(after.text).toContain('Quote v2');
    expect(after.text).toContain('Replaced');
  });

  it('shows each line’s tax and each jurisdiction’s on “Update totals”, and none for a shipment out of state', async () => {
    const reference = await newRequest();
    const fields = teesAndCapsFields;
    const shown = await postQuote(reference, { ...fields, intent: 'update' }).expect(200);
    const text = shown.text.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    // Tees $288.00: county $5.76 + city $4.32; caps $240.00: state $9.60 + county $4.80 + city $3.60.
    expect(text).toContain('tax $10.08');
    expect(text).toContain('tax $18.00');
    expect(text).toContain('Sales tax, picked up at the shop (Test City, IL)');
    expect(text).toContain('Test State 4% $9.60 Test County 2% $10.56 Test City 1.5% $7.92 Total $556.08');
    expect(text).toContain('Deposit (50%) $278.04');

    const away = await t.storage.submissions.saveSubmission({
      kind: 'quote',
      name: 'Dana Whitfield',
      email: 'dana@example.com',
      payload: { name: 'Dana Whitfield' },
      formValues: { ...formValues, delivery: 'delivery', zip: '90210' },
      files: [],
    });
    await postQuote(away.reference, { ...fields, intent: 'send' }).expect(303);
    const [quote] = await t.storage.versions.quotesOf(away.reference);
    expect(quote?.lines.at(-1)).toMatchObject({
      label: 'Sales tax: none (delivered to 90210, outside the states the shop collects sales tax in)',
      unitCents: 0,
    });
    expect(quote?.totalCents).toBe(52_800);
  });

  it('refuses a send when the request moved since the editor opened', async () => {
    const reference = await newRequest();
    const answer = await postQuote(reference, {
      from: 'quoted',
      'label.0': 'Shirts',
      'quantity.0': '1',
      'unit.0': '1',
      validUntil: '2099-01-31',
      depositPercent: '0',
      intent: 'send',
    }).expect(303);
    expect(answer.headers.location).toBe(`/staff/requests/${reference}?done=conflict`);
    expect(await t.storage.versions.quotesOf(reference)).toEqual([]);
  });

  const uploadProof = (reference: string, file: Buffer, name: string, fields: Record<string, string> = {}) => {
    let post = request(t.app)
      .post(`/staff/requests/${reference}/proofs`)
      .set('Cookie', session.cookie)
      .field(CSRF_FIELD, session.token)
      .field('from', fields.from ?? 'quoted');
    for (const [key, value] of Object.entries(fields)) if (key !== 'from') post = post.field(key, value);
    return post.attach('proof', file, name);
  };

  it('records an approval given in person, with who recorded it, on the same rules as one given online', async () => {
    const reference = await newRequest();
    const move = (from: string, to: string) =>
      request(t.app)
        .post(`/staff/requests/${reference}/status`)
        .set('Cookie', session.cookie)
        .set('User-Agent', 'Desk browser 1.0')
        .type('form')
        .send({ [CSRF_FIELD]: session.token, from, to })
        .expect(303);
    // Nothing to approve yet: no quote was sent.
    expect((await move('new', 'approved')).headers.location).toBe(`/staff/requests/${reference}?done=bad-move`);
    await postQuote(reference, {
      'label.0': 'Shirts',
      'quantity.0': '48',
      'unit.0': '4.50',
      validUntil: '2099-01-31',
      depositPercent: '50',
      intent: 'send',
    }).expect(303);
    const page = await request(t.app).get(`/staff/requests/${reference}`).set('Cookie', session.cookie);
    // The menu offers only what the rules allow from Quoted.
    expect(page.text).toContain('<option value="approved"');
    expect(page.text).not.toContain('<option value="proof_approved"');
    expect(page.text).not.toContain('<option value="completed"');
    expect((await move('quoted', 'approved')).headers.location).toBe(`/staff/requests/${reference}?done=moved`);
    expect((await t.storage.desk.getRequestState(reference))?.status).toBe('approved');
    const [approval] = await t.storage.customer.approvalsOf(reference);
    expect(approval).toMatchObject({
      subject: 'quote',
      version: 1,
      decision: 'approved',
      userAgent: 'Desk browser 1.0',
    });
    expect(approval?.name).toMatch(/\(in person\)$/);
    expect(approval?.comment).toContain(`recorded by ${staff}`);
    const logged = (await t.storage.desk.getRequest(reference))?.events.find((event) => event.type === 'decision');
    expect(logged).toMatchObject({ actor: `staff:${staff}`, data: { inPerson: true, from: 'quoted', to: 'approved' } });
  });

  it('moves the promised date of a booked order from the desk, telling the customer, and refuses a bad one', async () => {
    const reference = await newRequest();
    const post = (fields: Record<string, string>) =>
      request(t.app)
        .post(`/staff/requests/${reference}/promised`)
        .set('Cookie', session.cookie)
        .type('form')
        .send({ [CSRF_FIELD]: session.token, ...fields })
        .expect(303);
    expect((await post({ date: '2099-06-01', handover: 'pickup' })).headers.location).toBe(
      `/staff/requests/${reference}?done=promise-not-booked`,
    );
    await t.storage.desk.changeRequestStatus(reference, { from: 'new', to: 'in_production', actor: `staff:${staff}` });
    expect((await post({ date: '2099-02-30', handover: 'pickup' })).headers.location).toBe(
      `/staff/requests/${reference}?done=promise-bad`,
    );
    expect((await post({ date: '2020-06-01', handover: 'pickup' })).headers.location).toBe(
      `/staff/requests/${reference}?done=promise-past`,
    );
    const before = (await t.storage.outbox.notificationsOf(reference)).length;
    expect((await post({ date: '2099-06-01', handover: 'delivery' })).headers.location).toBe(
      `/staff/requests/${reference}?done=promised`,
    );
    expect((await t.storage.outbox.notificationsOf(reference)).length).toBe(before + 1);
    const page = await request(t.app).get(`/staff/requests/${reference}?done=promised`).set('Cookie', session.cookie);
    expect(page.text).toContain('Date changed: the customer is told by e-mail.');
    expect(page.text).toContain('Jun 1, 2099</span> (delivered)');
    expect(page.text).toContain('Promised for Jun 1, 2099 (delivery)');
  });

  it('refuses to record in person an approval of a quote past its date', async () => {
    const reference = await newRequest();
    await t.storage.versions.sendQuote(
      reference,
      {
        lines: [{ label: 'Shirts', quantity: 48, unitCents: 450 }],
        notes: '',
        validUntil: '2020-01-31',
        depositPercent: 50,
      },
      {
        from: 'new',
        to: 'quoted',
        actor: `staff:${staff}`,
        mail: (version) => ({ kind: 'quote-sent', version }),
      },
    );
    const moved = await request(t.app)
      .post(`/staff/requests/${reference}/status`)
      .set('Cookie', session.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: session.token, from: 'quoted', to: 'approved' })
      .expect(303);
    expect(moved.headers.location).toBe(`/staff/requests/${reference}?done=expired`);
    expect(await t.storage.customer.approvalsOf(reference)).toEqual([]);
  });

  it('sends a proof with its print size, shows it, and serves it safely', async () => {
    const reference = await newRequest();
    await postQuote(reference, {
      'label.0': 'Shirts',
      'quantity.0': '48',
      'unit.0': '4.50',
      validUntil: '2099-01-31',
      depositPercent: '50',
      intent: 'send',
    }).expect(303);
    const png = randomPng(8);
    const sent = await uploadProof(reference, png, 'front.png', {
      width: '11.5',
      height: '4',
      notes: 'Gold is metallic.',
    }).expect(303);
    expect(sent.headers.location).toBe(`/staff/requests/${reference}?done=proof-sent`);
    // Sent before the quote's approval, the proof is a draft beside it: approval is never skipped.
    expect((await t.storage.desk.getRequestState(reference))?.status).toBe('quoted');
    const page = await request(t.app).get(`/staff/requests/${reference}`).set('Cookie', session.cookie);
    expect(page.text).toContain('Proof v1');
    // Times are the shop's (the order terms' zone), named so: never a bare UTC clock.
    expect(page.text).toMatch(/sent [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M C[SD]T by/);
    expect(page.text).toContain('printed 11.5 × 4 in');
    const preview = await request(t.app)
      .get(`/staff/requests/${reference}/proofs/1/preview`)
      .set('Cookie', session.cookie)
      .expect(200);
    expect(preview.headers['content-type']).toBe('image/png');
    expect(preview.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(Buffer.from(preview.body).equals(png)).toBe(true);

    // A PDF proof downloads as the PDF; its preview is its first page, drawn on the server as a picture.
    await uploadProof(reference, minimalPdf(), 'proof.pdf', { from: 'quoted' }).expect(303);
    const page2 = await request(t.app)
      .get(`/staff/requests/${reference}/proofs/2/preview`)
      .set('Cookie', session.cookie)
      .expect(200);
    expect(page2.headers['content-type']).toBe('image/png');
    expect(page2.headers['content-disposition']).toBe("inline; filename*=UTF-8''proof-page-1.png");
    expect(page2.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    const pdf = await request(t.app)
      .get(`/staff/requests/${reference}/proofs/2`)
      .set('Cookie', session.cookie)
      .expect(200);
    expect(pdf.headers['content-disposition']).toBe("attachment; filename*=UTF-8''proof.pdf");
    expect(pdf.headers['content-type']).toBe('application/octet-stream');
  });

  it('refuses a proof that is not an image or a PDF, or has half a print size, storing nothing', async () => {
    const reference = await newRequest();
    await postQuote(reference, {
      'label.0': 'Shirts',
      'quantity.0': '48',
      'unit.0': '4.50',
      validUntil: '2099-01-31',
      depositPercent: '50',
      intent: 'send',
    }).expect(303);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const wrongType = await uploadProof(reference, svg, 'proof.png').expect(303);
    expect(wrongType.headers.location).toBe(`/staff/requests/${reference}?done=proof-type`);
    const halfSize = await uploadProof(reference, randomPng(4), 'a.png', { width: '10' }).expect(303);
    expect(halfSize.headers.location).toBe(`/staff/requests/${reference}?done=proof-size`);
    // A PDF that asks for a password, and one built right but pointing nowhere: neither could be opened.
    const locked = await uploadProof(reference, await squarePdf({ userPassword: 'press' }), 'proof.pdf').expect(303);
    expect(locked.headers.location).toBe(`/staff/requests/${reference}?done=proof-locked`);
    const lockedPage = await request(t.app)
      .get(locked.headers.location as string)
      .set('Cookie', session.cookie)
      .expect(200);
    expect(lockedPage.text).toContain('That PDF asks for a password to open');
    const rootless = Buffer.from(minimalPdf().toString('latin1').replace('/Pages 2 0 R', '/Pages 9 0 R'), 'latin1');
    const broken = await uploadProof(reference, rootless, 'proof.pdf').expect(303);
    expect(broken.headers.location).toBe(`/staff/requests/${reference}?done=proof-damaged`);
    const page = await request(t.app)
      .get(wrongType.headers.location as string)
      .set('Cookie', session.cookie);
    expect(page.text).toContain('A proof must be a PNG, JPEG, WebP or PDF file');
    expect(await t.storage.versions.proofsOf(reference)).toEqual([]);
  });

  it('takes no proof from anyone not signed in, nor without the form’s token', async () => {
    const reference = await newRequest();
    await request(t.app)
      .post(`/staff/requests/${reference}/proofs`)
      .field('from', 'new')
      .attach('proof', randomPng(4), 'a.png')
      .expect(401);
    await request(t.app)
      .post(`/staff/requests/${reference}/proofs`)
      .set('Cookie', session.cookie)
      .field('from', 'new')
      .attach('proof', randomPng(4), 'a.png')
      .expect(403);
    await request(t.app)
      .post(`/staff/requests/${reference}/quote`)
      .set('Cookie', session.cookie)
      .type('form')
      .send({ from: 'new', intent: 'send' })
      .expect(403);
    expect(await t.storage.versions.proofsOf(reference)).toEqual([]);
  });
});
