import sharp from 'sharp';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { requestLinks } from '#server/requests/request-links.ts';
import { minimalPdf } from '#tests/support/minimal-pdf.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const csrfSecret = 'test-secret-0123456789abcdef0123456789abcdef';
const staff = 'staff:owner@seenwear.example' as const;

/** The body of a binary answer, as supertest would otherwise leave it unread. */
const binary = (res: request.Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

// The proof on the customer's page made light for a phone, over each database: its box kept before it loads,
// and the picture at the page's widths as WebP, never larger than the shop's file.
describe.each(backends)("the proof's picture on the customer's page on %s", (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    const storage = await openTestStorage(backend);
    t = await createTestApp({ storage, config: { submissionRateLimit: 1000, csrfSecret } });
  });

  async function proofSent(file: { name: string; mediaType: string; data: Buffer }, inches?: [number, number]) {
    const { reference } = await t.storage.submissions.saveSubmission({
      kind: 'quote',
      name: 'Dana Whitfield',
      email: 'dana@example.com',
      payload: { name: 'Dana Whitfield', service: 'Screen printing', quantity: 48 },
      files: [],
    });
    await t.storage.versions.sendProof(
      reference,
      {
        file: { ...file, size: file.data.length },
        widthInches: inches?.[0] ?? null,
        heightInches: inches?.[1] ?? null,
        notes: '',
      },
      { from: 'new', to: 'proof_sent', actor: staff, mail: (version) => ({ kind: 'proof-sent', version }) },
    );
    const path = await requestLinks(t.storage.customer, csrfSecret).pathFor(reference);
    if (!path) throw new Error('no link');
    return path;
  }

  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#1d4ed8' } })
      .png()
      .toBuffer();

  it('gives a tall proof its box at 36rem high, and offers it at the widths below its own', async () => {
    const path = await proofSent({ name: 'front.png', mediaType: 'image/png', data: await png(900, 1200) });
    const page = await request(t.app).get(path).expect(200);
    const image = /<img [^>]*alt="Proof v1 of your print"[^>]*>/.exec(page.text)?.[0] ?? '';
    // 576 px high at most: 432 × 576 on a wide screen, the same proportions on a phone.
    expect(image).toContain('width="432"');
    expect(image).toContain('height="576"');
    const base = `${path}/proofs/1/preview`;
    // HTML attribute names know no case: React writes srcSet.
    expect(/ srcset="([^"]*)"/i.exec(image)?.[1]).toBe(`${base}/480 480w, ${base}/640 640w, ${base}/960 900w`);
    expect(image).toContain(`src="${base}/960"`);
    expect(image).toContain('sizes="(min-width: 768px) min(100vw - 5rem, 67rem, 432px), min(100vw - 4rem, 432px)"');

    const small = await request(t.app).get(`${base}/480`).buffer(true).parse(binary).expect(200);
    expect(small.headers['content-type']).toBe('image/webp');
    expect(small.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(small.headers['cache-control']).toBe('no-store');
    expect(await sharp(small.body as Buffer).metadata()).toMatchObject({ format: 'webp', width: 480, height: 640 });
    // Never enlarged: the next width up is the shop's own.
    const full = await request(t.app).get(`${base}/960`).buffer(true).parse(binary).expect(200);
    expect(await sharp(full.body as Buffer).metadata()).toMatchObject({ width: 900, height: 1200 });
    // Asked again, the same picture (made once, kept).
    const again = await request(t.app).get(`${base}/480`).buffer(true).parse(binary).expect(200);
    expect((again.body as Buffer).equals(small.body as Buffer)).toBe(true);
  });

  it('answers 404 for a width the page never offers, a proof that is not there, a PDF not drawn and a wrong link', async () => {
    const path = await proofSent({ name: 'front.png', mediaType: 'image/png', data: await png(300, 200) });
    await request(t.app).get(`${path}/proofs/1/preview/500`).expect(404);
    await request(t.app).get(`${path}/proofs/1/preview/0480`).expect(404);
    await request(t.app).get(`${path}/proofs/2/preview/480`).expect(404);
    await request(t.app).get(`${path}/proofs/x/preview/480`).expect(404);
    const wrong = `${path.slice(0, -4)}AAAA`;
    await request(t.app).get(`${wrong}/proofs/1/preview/480`).expect(404);
    // A PDF whose first page cannot be drawn (its root points nowhere): offered to open, notes in words.
    const rootless = Buffer.from(minimalPdf().toString('latin1').replace('/Pages 2 0 R', '/Pages 9 0 R'), 'latin1');
    const pdf = await proofSent({ name: 'proof.pdf', mediaType: 'application/pdf', data: rootless });
    await request(t.app).get(`${pdf}/proofs/1/preview/480`).expect(404);
    await request(t.app).get(`${pdf}/proofs/1/preview`).expect(404);
    const page = (await request(t.app).get(pdf).expect(200)).text;
    expect(page).toContain('This proof is a PDF: open it to check every detail.');
    expect(page).toContain('This proof is a PDF: say where on it in words.');
    // The operator learns why, once, from the log.
    const logged = t.lines.filter((line) => String(line.msg).includes("PDF proof's first page could not be drawn"));
    expect(logged).toEqual([
      expect.objectContaining({ level: 40, reason: 'damaged', detail: 'Invalid Root reference.' }),
    ]);
    await request(t.app).get(pdf).expect(200);
    expect(t.lines.filter((line) => String(line.msg).includes('could not be drawn'))).toHaveLength(1);
  });

  it('draws a proof with its print size at that size, from the largest offered width', async () => {
    const path = await proofSent({ name: 'front.png', mediaType: 'image/png', data: await png(2400, 1000) }, [12, 5]);
    const page = await request(t.app).get(path).expect(200);
    expect(page.text).toContain('width="12in" height="5in"');
    expect(page.text).toContain(`<image href="${path}/proofs/1/preview/1440"`);
    const drawn = await request(t.app).get(`${path}/proofs/1/preview/1440`).buffer(true).parse(binary).expect(200);
    expect(await sharp(drawn.body as Buffer).metadata()).toMatchObject({ width: 1440, height: 600 });
  });
});
