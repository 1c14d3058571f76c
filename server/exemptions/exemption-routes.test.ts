import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { requestLinks } from '#server/requests/request-links.ts';
import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import { minimalPdf } from '#tests/support/minimal-pdf.ts';
import { randomPng } from '#tests/support/random-png.ts';
import { staffSession } from '#tests/support/staff-session.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';
import { visitorSession } from '#tests/support/visitor-session.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const csrfSecret = 'test-secret-0123456789abcdef0123456789abcdef';
const staff = 'owner@seenwear.example';
/** Two years on: valid now, and within the form's reach of a mistyped year. */
const validYear = new Date().getUTCFullYear() + 2;

const fields = {
  type: 'exemption',
  number: '12-3456789',
  state: 'Illinois',
  holder: 'Springfield Unified School District',
  expiresOn: `${validYear}-06-30`,
};

// The certificate from the customer's page to the desk's check and back, on each database: what is
// refused keeps nothing, the desk's Verify and Reject are logged, and the file is only for its people.
describe.each(backends)('exemption certificates through the pages on %s', (backend) => {
  let t: TestApp;
  let desk: { cookie: string; token: string };

  beforeAll(async () => {
    t = await createTestApp({
      storage: await openTestStorage(backend),
      config: { submissionRateLimit: 1000, csrfSecret },
    });
    desk = await staffSession(t.app, t.storage, staff);
  });

  let made = 0;
  async function newRequest() {
    made += 1;
    const email = `Office-${made}@Springfield.example`;
    const { reference } = await t.storage.submissions.saveSubmission({
      kind: 'quote',
      name: 'Pat Lee',
      email,
      payload: { name: 'Pat Lee', company: 'Springfield Unified' },
      files: [],
    });
    const path = await requestLinks(t.storage.customer, csrfSecret).pathFor(reference);
    if (!path) throw new Error('no link for a quote request');
    return { reference, path, email };
  }

  /** The certificate form posted as a browser without JavaScript sends it. */
  async function send(
    status: number,
    path: string,
    values: Record<string, string>,
    file?: { data: Buffer; name: string },
  ) {
    const { cookie, token } = await visitorSession(t.app, path);
    let post = request(t.app).post(`${path}/tax-exemption`).set('Cookie', cookie).field(CSRF_FIELD, token);
    for (const [name, value] of Object.entries(values)) post = post.field(name, value);
    if (file) post = post.attach('certificate', file.data, file.name);
    return post.expect(status);
  }

  const deskPost = (path: string, form: Record<string, string> = {}) =>
    request(t.app)
      .post(path)
      .set('Cookie', desk.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: desk.token, ...form });

  it('takes a PDF from the customer’s page, which then says it waits for the shop’s check', async () => {
    const { path, email } = await newRequest();
    const before = await request(t.app).get(path).expect(200);
    expect(before.text).toContain('Tax-exempt? Send us your certificate');
    const sent = await send(303, path, fields, { data: minimalPdf('cert'), name: 'certificate.pdf' });
    expect(sent.headers.location).toBe(`${path}?done=certificate-sent#tax-exemption`);
    const page = await request(t.app).get(`${path}?done=certificate-sent`).expect(200);
    expect(page.text).toContain('we have your certificate');
    expect(page.text).toContain('Waiting for the shop’s check');
    expect(await t.storage.exemptions.exemptionOf(email, `${validYear}-01-01`)).toMatchObject({
      kind: 'pending',
      certificate: { number: '12-3456789', state: 'Illinois', holder: 'Springfield Unified School District' },
    });
  });

  it('refuses an expired date, a missing number, a missing file, a file that is no document and a file too large, keeping nothing', async () => {
    const { path, email } = await newRequest();
    const pdf = { data: minimalPdf('cert'), name: 'certificate.pdf' };
    const refusals: [Record<string, string>, { data: Buffer; name: string } | undefined, string][] = [
      [{ ...fields, expiresOn: '2020-01-31' }, pdf, 'This certificate has expired'],
      [{ ...fields, number: '' }, pdf, 'Type the certificate number'],
      [{ ...fields, state: 'Atlantis' }, pdf, 'Choose the state'],
      [{ ...fields, expiresOn: '2099-06-30' }, pdf, 'more than 20 years away'],
      [fields, undefined, 'Choose the certificate’s file'],
      [fields, { data: Buffer.from('not a certificate at all'), name: 'cert.pdf' }, 'must be a PDF, or a photo'],
      [fields, { data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), name: 'c.svg' }, 'must be a PDF'],
      [
        fields,
        { data: Buffer.concat([minimalPdf('big'), Buffer.alloc(11 * 1024 * 1024)]), name: 'big.pdf' },
        'larger than 10 MB',
      ],
    ];
    for (const [values, file, reason] of refusals) {
      const refused = await send(422, path, values, file);
      expect(refused.text).toContain('Your certificate was not sent');
      expect(refused.text).toContain(reason);
    }
    // What was typed is given back to correct.
    const again = await send(422, path, { ...fields, expiresOn: '2020-01-31' }, pdf);
    expect(again.text).toContain('value="Springfield Unified School District"');
    expect(await t.storage.exemptions.certificatesOf(email)).toEqual([]);
  });

  it('is verified on the desk, logged, and the customer’s page says accepted until its last day', async () => {
    const { reference, path, email } = await newRequest();
    await send(303, path, fields, { data: minimalPdf('cert'), name: 'certificate.pdf' });
    const [certificate] = await t.storage.exemptions.certificatesOf(email);
    const id = certificate?.id ?? 0;
    const back = `/staff/requests/${reference}`;
    const waiting = await request(t.app).get(back).set('Cookie', desk.cookie).expect(200);
    expect(waiting.text).toContain('Tax exemption');
    expect(waiting.text).toContain('Verify the certificate before sending the quote, or tax will be charged.');
    expect(waiting.text).toContain(`href="${back}/exemptions/${id}/file"`);
    // Without the form's token, or without signing in, nothing is verified.
    await request(t.app)
      .post(`${back}/exemptions/${id}/verify`)
      .set('Cookie', desk.cookie)
      .type('form')
      .send({})
      .expect(403);
    const { cookie, token } = await visitorSession(t.app, '/contact-us');
    const anonymous = await request(t.app)
      .post(`${back}/exemptions/${id}/verify`)
      .set('Cookie', cookie)
      .type('form')
      .send({ [CSRF_FIELD]: token });
    expect(anonymous.status).not.toBe(303);
    expect((await t.storage.exemptions.certificatesOf(email))[0]?.verified).toBeUndefined();
    const verified = await deskPost(`${back}/exemptions/${id}/verify`).expect(303);
    expect(verified.headers.location).toBe(`${back}?done=exemption-verified#tax-exemption`);
    const after = await request(t.app).get(`${back}?done=exemption-verified`).set('Cookie', desk.cookie).expect(200);
    expect(after.text).toContain('Certificate verified');
    expect(after.text).toContain('Exemption certificate verified');
    expect(after.text).not.toContain('Verify the certificate before sending the quote');
    // Checked once: a second press changes nothing and says so.
    expect((await deskPost(`${back}/exemptions/${id}/verify`).expect(303)).headers.location).toBe(
      `${back}?done=exemption-checked#tax-exemption`,
    );
    const page = await request(t.app).get(path).expect(200);
    expect(page.text).toContain(`Accepted until Jun 30, ${validYear}`);
    expect(await t.storage.exemptions.exemptionOf(email, `${validYear}-06-30`)).toMatchObject({ kind: 'verified' });
    // Accepted by mistake: the desk withdraws it, saying why, and the tax is back.
    expect(after.text).toContain(`Withdraw certificate ${fields.number}`);
    await deskPost(`${back}/exemptions/${id}/reject`, { reason: 'Not this school’s number' }).expect(303);
    expect(await t.storage.exemptions.exemptionOf(email, `${validYear}-06-30`)).toEqual({ kind: 'none' });
    expect((await request(t.app).get(path).expect(200)).text).toContain('Not this school’s number');
  });

  it('is rejected only with a reason, which the customer reads', async () => {
    const { reference, path, email } = await newRequest();
    await send(303, path, fields, { data: randomPng(4), name: 'photo.png' });
    const id = (await t.storage.exemptions.certificatesOf(email))[0]?.id ?? 0;
    const back = `/staff/requests/${reference}`;
    expect((await deskPost(`${back}/exemptions/${id}/reject`, { reason: '  ' }).expect(303)).headers.location).toBe(
      `${back}?done=exemption-reason#tax-exemption`,
    );
    expect((await t.storage.exemptions.certificatesOf(email))[0]?.rejected).toBeUndefined();
    await deskPost(`${back}/exemptions/${id}/reject`, { reason: 'The certificate is not signed.' }).expect(303);
    const page = await request(t.app).get(path).expect(200);
    expect(page.text).toContain('not accepted');
    expect(page.text).toContain('Why: The certificate is not signed.');
    expect(await t.storage.exemptions.exemptionOf(email, `${validYear}-01-01`)).toEqual({ kind: 'none' });
    // Another customer's request cannot reach it.
    const other = await newRequest();
    await deskPost(`/staff/requests/${other.reference}/exemptions/${id}/verify`).expect(404);
  });

  it('warns the desk when the certificate has expired', async () => {
    const { reference, email } = await newRequest();
    const data = minimalPdf('old');
    const id =
      (await t.storage.exemptions.addCertificate(reference, {
        ...fields,
        type: 'resale',
        expiresOn: '2020-01-31',
        file: { name: 'old.pdf', mediaType: 'application/pdf', size: data.length, data },
      })) ?? 0;
    await t.storage.exemptions.verifyCertificate(reference, id, { actor: `staff:${staff}`, day: '2019-05-01' });
    expect(email).toContain('@');
    const page = await request(t.app).get(`/staff/requests/${reference}`).set('Cookie', desk.cookie).expect(200);
    expect(page.text).toContain(
      'The exemption certificate expired on Jan 31, 2020: sales tax will be charged on this quote',
    );
  });

  it('serves the file to the desk and to the customer who sent it, inline, never cached, never to anyone else', async () => {
    const { reference, path, email } = await newRequest();
    await send(303, path, fields, { data: minimalPdf('mine'), name: 'certificate.pdf' });
    const id = (await t.storage.exemptions.certificatesOf(email))[0]?.id ?? 0;
    const file = `/staff/requests/${reference}/exemptions/${id}/file`;
    const staffFile = await request(t.app).get(file).set('Cookie', desk.cookie).expect(200);
    expect(staffFile.headers['content-type']).toBe('application/pdf');
    expect(staffFile.headers['content-disposition']).toBe("inline; filename*=UTF-8''certificate.pdf");
    expect(staffFile.headers['x-content-type-options']).toBe('nosniff');
    expect(staffFile.headers['cache-control']).toContain('no-store');
    expect(Buffer.from(staffFile.body as Buffer).equals(minimalPdf('mine'))).toBe(true);
    const anonymous = await request(t.app).get(file);
    expect(anonymous.status).not.toBe(200);
    expect(anonymous.headers['content-type']).not.toBe('application/pdf');
    const own = await request(t.app).get(`${path}/tax-exemption/${id}`).expect(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['cache-control']).toContain('no-store');
    const stranger = await newRequest();
    await request(t.app).get(`${stranger.path}/tax-exemption/${id}`).expect(404);
  });

  it('shows and serves a certificate only on the page of the request it came with, not to another request under its e-mail', async () => {
    const { path, email } = await newRequest();
    await send(303, path, fields, { data: minimalPdf('school'), name: 'school.pdf' });
    const id = (await t.storage.exemptions.certificatesOf(email))[0]?.id ?? 0;
    // Anyone can type the school's address into the form: their request's page learns nothing of its paper.
    const { reference } = await t.storage.submissions.saveSubmission({
      kind: 'quote',
      name: 'Not the school',
      email: email.toUpperCase(),
      payload: { name: 'Not the school' },
      files: [],
    });
    const other = await requestLinks(t.storage.customer, csrfSecret).pathFor(reference);
    if (!other) throw new Error('no link for a quote request');
    const page = await request(t.app).get(other).expect(200);
    expect(page.text).not.toContain(fields.number);
    await request(t.app).get(`${other}/tax-exemption/${id}`).expect(404);
    expect((await request(t.app).get(path).expect(200)).text).toContain(fields.number);
  });
});
