import { createHash } from 'node:crypto';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { requestLinks } from '#server/requests/request-links.ts';
import { CSRF_FIELD, CSRF_HEADER } from '#shared/csrf-contract.ts';
import { areaBox } from '#shared/garments/placement-geometry.ts';
import type { DesignLayer, StudioDesign } from '#shared/studio/design-schema.ts';
import { flatPng } from '#tests/support/crafted-images.ts';
import { mockupPixelAt, nearColour } from '#tests/support/mockup-pixels.ts';
import { staffSession } from '#tests/support/staff-session.ts';
import { goldDisc, navyTeeDesign, navyTeeQuote, textLayer } from '#tests/support/studio-design.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';
import { visitorSession } from '#tests/support/visitor-session.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const staff = 'owner@seenwear.example';
const csrfSecret = 'test-secret-0123456789abcdef0123456789abcdef';

const NAVY = [0x1f, 0x2a, 0x44];
const GOLD = [0xff, 0xb8, 0x1c];
const RED = [0xcc, 0x00, 0x00];
/** The shop's tee's print areas (data/garments.json): front and back are 12 × 16 in. */
const area = (placement: 'front' | 'back') => areaBox('tee', { placement, widthInches: 12, heightInches: 16 });

/** An arc of gold letters across the top and a gold disc in the middle of the area. */
const arcAndDisc: DesignLayer[] = [textLayer({ sizeInches: 1.2, arc: { degrees: 90, direction: 'up' } }), goldDisc];

const designOn = (location: 'front' | 'back') => navyTeeDesign({ [location]: arcAndDisc });

const quote = navyTeeQuote(1);
const pixelAt = mockupPixelAt;
const near = nearColour;

// A quote request carrying a studio design, over each database: its mockup is the design drawn on the
// garment as the studio showed it, stored and shown as any mockup, and sent as a proof by the desk.
describe.each(backends)('the mockup of a studio design, on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: { submissionRateLimit: 1000, csrfSecret },
      storage: await openTestStorage(backend),
    });
  });

  async function postQuote(fields: Record<string, string>, file?: { name: string; data: Buffer }) {
    const { cookie, token } = await visitorSession(t.app, '/pricing');
    let post = request(t.app)
      .post('/api/quotes')
      .set('Cookie', cookie)
      .set(CSRF_HEADER, token)
      .set('Accept', 'application/json');
    for (const [name, value] of Object.entries(fields)) post = post.field(name, value);
    return file ? post.attach('artwork', file.data, file.name) : post;
  }

  async function sent(fields: Record<string, string>, file?: { name: string; data: Buffer }): Promise<string> {
    const response = await postQuote(fields, file);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.reference as string;
  }

  it('draws the design on the front of the navy tee: the ink inside the print area, the garment around it', async () => {
    const response = await postQuote({ ...quote, design: JSON.stringify(designOn('front')) });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.mockups).toEqual(['front']);
    const [front, ...others] = await t.storage.mockups.mockupsOf(response.body.reference);
    expect(others).toEqual([]);
    if (!front) throw new Error('no mockup stored');
    expect(front.mediaType).toBe('image/jpeg');
    expect(front.details).toMatchObject({ garmentId: 'gildan-5000', color: 'Navy', hex: '#1f2a44' });
    expect(front.details.placements).toEqual([
      expect.objectContaining({
        row: 1,
        placement: 'front',
        fromDesign: true,
        notes: ['From the studio design, 2 layers.'],
      }),
    ]);
    const box = area('front');
    if (!box) throw new Error('the tee has no front area');
    // The disc's centre is the area's centre: 6 in across, 8 in down.
    expect(await pixelAt(front.data, box.x + box.width / 2, box.y + box.height / 2)).toSatisfy((pixel: number[]) =>
      near(pixel, GOLD),
    );
    // Beside the area and under it, still on the shirt: bare navy.
    expect(await pixelAt(front.data, box.x - 10, box.y + box.height / 2)).toSatisfy((pixel: number[]) =>
      near(pixel, NAVY),
    );
    expect(await pixelAt(front.data, box.x + box.width / 2, box.y + box.height + 20)).toSatisfy((pixel: number[]) =>
      near(pixel, NAVY),
    );

    // The customer's page shows it as any mockup, with the size the design prints at.
    const path = await requestLinks(t.storage.customer, csrfSecret).pathFor(response.body.reference);
    const page = await request(t.app)
      .get(path ?? '')
      .expect(200);
    expect(page.text).toContain(`src="${path}/mockups/front"`);
    expect(page.text).toMatch(/Front: [\d.]+ × [\d.]+ in</);
    expect(page.text).toContain('From the studio design, 2 layers.');
    const picture = await request(t.app).get(`${path}/mockups/front`).expect(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
  });

  it('gives a design on the back a back view, and no front', async () => {
    const reference = await sent({ ...quote, loc1: 'back', design: JSON.stringify(designOn('back')) });
    const mockups = await t.storage.mockups.mockupsOf(reference);
    expect(mockups.map((mockup) => mockup.view)).toEqual(['back']);
    const box = area('back');
    if (!box || !mockups[0]) throw new Error('no back');
    expect(await pixelAt(mockups[0].data, box.x + box.width / 2, box.y + box.height / 2)).toSatisfy((pixel: number[]) =>
      near(pixel, GOLD),
    );
  });

  it('draws the design where it has layers and an uploaded file at the other locations', async () => {
    const art = await flatPng(2000, 1000, '#cc0000');
    const reference = await sent(
      {
        ...quote,
        loc1ArtWidth: '8',
        loc2: 'back',
        loc2Colors: '1',
        loc2ArtWidth: '10',
        design: JSON.stringify(designOn('front')),
      },
      { name: 'crest.png', data: art },
    );
    const [front, back] = await t.storage.mockups.mockupsOf(reference);
    if (!front || !back) throw new Error('a view is missing');
    const box = area('front');
    if (!box) throw new Error('the tee has no front area');
    // The front is the design (the file's red is not under it), the back the file as placed.
    expect(front.details.placements.map((placed) => placed.fromDesign)).toEqual([true]);
    expect(await pixelAt(front.data, box.x + box.width / 2, box.y + box.height / 2)).toSatisfy((pixel: number[]) =>
      near(pixel, GOLD),
    );
    expect(back.details.placements).toEqual([expect.objectContaining({ placement: 'back', widthInches: 10, file: 0 })]);
    const backBox = area('back');
    if (!backBox) throw new Error('no back area');
    expect(await pixelAt(back.data, backBox.x + backBox.width / 2, backBox.y + 30)).toSatisfy((pixel: number[]) =>
      near(pixel, RED),
    );
  });

  it('draws a picture layer from the file sent with it, matched by content, where the studio placed it', async () => {
    const picture = await flatPng(600, 300, '#cc0000');
    const uploadId = createHash('sha256').update(picture).digest('hex');
    const withPicture: StudioDesign = {
      ...designOn('front'),
      locations: {
        front: [
          ...arcAndDisc.slice(0, 1),
          // 6 in wide, 3 in tall, its centre 4 in right of the area's centre and low on the front.
          {
            kind: 'upload',
            uploadId,
            name: 'crest.png',
            widthInches: 4,
            heightInches: 2,
            colours: 1,
            x: 8,
            y: 12,
            rotation: 0,
          },
        ],
      },
    };
    const reference = await sent(
      { ...quote, design: JSON.stringify(withPicture) },
      { name: 'renamed-on-the-way.png', data: picture },
    );
    const [front, ...others] = await t.storage.mockups.mockupsOf(reference);
    expect(others).toEqual([]);
    if (!front) throw new Error('no mockup stored');
    expect(front.details.placements).toEqual([
      expect.objectContaining({ fromDesign: true, notes: ['From the studio design, 2 layers.'] }),
    ]);
    const box = area('front');
    if (!box) throw new Error('the tee has no front area');
    const ppi = box.width / 12;
    // The picture's centre is red; its left edge is 6 in across, so 5.5 in is bare shirt.
    expect(await pixelAt(front.data, box.x + 8 * ppi, box.y + 12 * ppi)).toSatisfy((pixel: number[]) =>
      near(pixel, RED),
    );
    expect(await pixelAt(front.data, box.x + 5.5 * ppi, box.y + 12 * ppi)).toSatisfy((pixel: number[]) =>
      near(pixel, NAVY),
    );

    // Without the file, the same design is drawn without the picture, and the mockup says why.
    const bare = await sent({ ...quote, design: JSON.stringify(withPicture) });
    const [alone] = await t.storage.mockups.mockupsOf(bare);
    expect(alone?.details.placements[0]?.notes).toContain(
      'A picture layer is not drawn here (its file was not sent with it): the shop places it by hand.',
    );
    if (!alone) throw new Error('no mockup stored');
    expect(await pixelAt(alone.data, box.x + 8 * ppi, box.y + 12 * ppi)).toSatisfy((pixel: number[]) =>
      near(pixel, NAVY),
    );

    // The desk's press file carries the picture the same way, from the request's files; without them, not.
    const session = await staffSession(t.app, t.storage, staff);
    const pressSvg = async (of: string) =>
      (
        await request(t.app)
          .get(`/staff/requests/${of}/design/front/press.svg`)
          .set('Cookie', session.cookie)
          .buffer(true)
          .parse((res, done) => {
            let text = '';
            res.on('data', (chunk: Buffer) => {
              text += chunk.toString();
            });
            res.on('end', () => done(null, text));
          })
          .expect(200)
      ).body as string;
    expect(await pressSvg(reference)).toMatch(
      /<g id="layer-2" data-kind="upload"[^>]*><image href="data:image\/png;base64,/,
    );
    expect(await pressSvg(bare)).not.toContain('<image');
  });

  it('lets the desk redraw it and send it as a proof, with no placement form for the design', async () => {
    const reference = await sent({ ...quote, design: JSON.stringify(designOn('front')) });
    const session = await staffSession(t.app, t.storage, staff);
    const desk = (path: string, fields: Record<string, string>) =>
      request(t.app)
        .post(`/staff/requests/${reference}${path}`)
        .set('Cookie', session.cookie)
        .type('form')
        .send({ [CSRF_FIELD]: session.token, ...fields });
    const page = await request(t.app).get(`/staff/requests/${reference}`).set('Cookie', session.cookie).expect(200);
    expect(page.text).toContain(`/staff/requests/${reference}/mockups/front`);
    // The design is moved in the studio: the desk's inches are for a file's artwork.
    expect(page.text).not.toContain('name="loc1ArtWidth"');

    const redrawn = await desk('/mockups', {}).expect(303);
    expect(redrawn.headers.location).toBe(`/staff/requests/${reference}?done=mockup-saved#mockup`);
    expect(
      (await t.storage.mockups.mockupsOf(reference)).map((mockup) => mockup.details.placements[0]?.fromDesign),
    ).toEqual([true]);

    await desk('/quote', {
      from: 'new',
      source: 'engine',
      'label.0': 'Navy tees, printed front',
      'quantity.0': '30',
      'unit.0': '11.00',
      validUntil: '2099-01-31',
      depositPercent: '25',
      notes: '',
      intent: 'send',
    }).expect(303);
    const proof = await desk('/mockups/proof', { from: 'quoted', notes: '' }).expect(303);
    expect(proof.headers.location).toBe(`/staff/requests/${reference}?done=proof-sent`);
    const [sentProof] = await t.storage.versions.proofsOf(reference);
    expect(sentProof?.notes).toMatch(/^Front: [\d.]+ × [\d.]+ in, 1 ink color$/);
    expect((await t.storage.versions.getProofFile(reference, 1))?.mediaType).toBe('image/png');
  });
});
