import { createHash } from 'node:crypto';
import sharp from 'sharp';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { requestLinks } from '#server/requests/request-links.ts';
import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import { squarePdf } from '#tests/support/square-pdf.ts';
import { staffSession } from '#tests/support/staff-session.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';
import { visitorSession } from '#tests/support/visitor-session.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const csrfSecret = 'test-secret-0123456789abcdef0123456789abcdef';
const staff = 'staff:owner@seenwear.example' as const;
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** The body of a binary answer, as supertest would otherwise leave it unread. */
const binary = (res: request.Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

/** The colour at a pixel of a picture, as [r, g, b]. */
async function pixelAt(picture: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(picture).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at] ?? -1, data[at + 1] ?? -1, data[at + 2] ?? -1];
}

// A PDF proof over HTTP on each database: its first page drawn on the server and shown like a picture
// proof, on the customer's page and the desk, notes pinned on it as fractions, and the approval locking
// the PDF itself.
describe.each(backends)('a PDF proof drawn on the server on %s', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    const storage = await openTestStorage(backend);
    t = await createTestApp({ storage, config: { submissionRateLimit: 1000, csrfSecret } });
  });

  async function pdfProofSent() {
    const { reference } = await t.storage.submissions.saveSubmission({
      kind: 'quote',
      name: 'Dana Whitfield',
      email: 'dana@example.com',
      payload: { name: 'Dana Whitfield', service: 'Screen printing', quantity: 48 },
      files: [],
    });
    // 400 × 200 points, a red square 50 points wide whose centre is at 325, 75: drawn 1600 × 800.
    const pdf = await squarePdf({ squares: [{ x: 300, y: 50, size: 50, color: '#d00000' }] });
    await t.storage.versions.sendProof(
      reference,
      {
        file: { name: 'front.pdf', mediaType: 'application/pdf', size: pdf.length, data: pdf },
        widthInches: null,
        heightInches: null,
        notes: '',
      },
      { from: 'new', to: 'proof_sent', actor: staff, mail: (version) => ({ kind: 'proof-sent', version }) },
    );
    const path = await requestLinks(t.storage.customer, csrfSecret).pathFor(reference);
    if (!path) throw new Error('no link');
    const session = await visitorSession(t.app, '/contact-us');
    const post = (address: string, fields: Record<string, string>) =>
      request(t.app)
        .post(`${path}${address}`)
        .set('Cookie', session.cookie)
        .type('form')
        .send({ [CSRF_FIELD]: session.token, ...fields });
    return { reference, path, post, pdf };
  }

  it("shows the PDF's first page on the customer's page like a picture proof, at every width", async () => {
    const { path, pdf } = await pdfProofSent();
    const page = (await request(t.app).get(path).expect(200)).text;
    const image = /<img [^>]*alt="Proof v1 of your print"[^>]*>/.exec(page)?.[0] ?? '';
    // 1600 × 800 drawn, shown no taller than 576 px: 1152 × 576, its box kept before it loads.
    expect(image).toContain('width="1152"');
    expect(image).toContain('height="576"');
    expect(image).toContain(`src="${path}/proofs/1/preview/1440"`);
    expect(page).toContain('data-proof-area=""');
    expect(page).toContain('Shown: the first page of the PDF you approve. Download it to check every page.');
    expect(page).toContain('Say where on the proof in words below.');
    expect(page).not.toContain('This proof is a PDF');

    // The picture at a phone's width, the red square where the PDF put it (2.4 px a point at 960).
    const phone = await request(t.app).get(`${path}/proofs/1/preview/960`).buffer(true).parse(binary).expect(200);
    expect(phone.headers['content-type']).toBe('image/webp');
    expect(await sharp(phone.body as Buffer).metadata()).toMatchObject({ width: 960, height: 480 });
    const [red = 0, green = 255, blue = 255] = await pixelAt(phone.body as Buffer, 780, 180);
    expect(red).toBeGreaterThan(180);
    expect(green + blue).toBeLessThan(60);
    // Full size to zoom in: the drawn page as PNG. The download is the PDF itself, byte for byte.
    const full = await request(t.app).get(`${path}/proofs/1/preview`).buffer(true).parse(binary).expect(200);
    expect(full.headers['content-type']).toBe('image/png');
    expect(await sharp(full.body as Buffer).metadata()).toMatchObject({ format: 'png', width: 1600, height: 800 });
    const download = await request(t.app).get(`${path}/proofs/1`).buffer(true).parse(binary).expect(200);
    expect(download.headers['content-disposition']).toBe("attachment; filename*=UTF-8''front.pdf");
    expect((download.body as Buffer).equals(pdf)).toBe(true);
  });

  it('takes a note pinned on the drawn page as fractions, shows it on the desk too, and approves the PDF', async () => {
    const { reference, path, post, pdf } = await pdfProofSent();
    // On the red square: 81.25% across, 37.5% down.
    await post('/proofs/1/notes', { text: 'Make the red square blue', x: '0.8125', y: '0.375' }).expect(303);
    const [pin] = await t.storage.versions.pinsOf(reference);
    expect(pin).toMatchObject({ number: 1, x: 0.8125, y: 0.375, text: 'Make the red square blue' });
    const page = (await request(t.app).get(path).expect(200)).text;
    expect(page).toContain('transform="translate(1300 300)"');

    const { cookie } = await staffSession(t.app, t.storage, 'owner@seenwear.example');
    const desk = (await request(t.app).get(`/staff/requests/${reference}`).set('Cookie', cookie).expect(200)).text;
    expect(desk).toContain(`src="/staff/requests/${reference}/proofs/1/preview"`);
    expect(desk).toContain('transform="translate(1300 300)"');
    expect(desk).toContain('data-proof-area=""');
    const drawn = await request(t.app)
      .get(`/staff/requests/${reference}/proofs/1/preview`)
      .set('Cookie', cookie)
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(drawn.headers['content-type']).toBe('image/png');

    // The approval locks the PDF the customer approved, not the picture drawn from it.
    await post('/proofs/1/decision', { decision: 'approved', name: 'Dana Whitfield', accept: 'on' }).expect(303);
    const [approval] = await t.storage.customer.approvalsOf(reference);
    expect(approval).toMatchObject({ subject: 'proof', version: 1, decision: 'approved', fileSha256: sha256(pdf) });
    expect(approval?.fileSha256).not.toBe(sha256(drawn.body as Buffer));
  });
});
