import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { linkKeys } from '#server/http/link-secrets.ts';
import { requestLinks } from '#server/requests/request-links.ts';
import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import type { TextLayer } from '#shared/studio/design-schema.ts';
import { staffSession } from '#tests/support/staff-session.ts';
import { memberBack, navyTeeDesign, textLayer } from '#tests/support/studio-design.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';
import { visitorSession } from '#tests/support/visitor-session.ts';
import { sharePath } from './group-links.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const csrfSecret = 'test-secret-0123456789abcdef0123456789abcdef';

const text = (over: Partial<TextLayer> = {}) => textLayer({ text: 'HORNETS', ...over });
const design = navyTeeDesign({ front: [text()], back: memberBack(20, 6) });

// A coach's studio design with a member-name and a member-number layer: each member's own page shows
// their shirt with their own name and number, on each database.
describe.each(backends)('a member’s own preview on %s', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    const storage = await openTestStorage(backend);
    t = await createTestApp({ storage, config: { submissionRateLimit: 1000, csrfSecret } });
  });

  const form = (session: { cookie: string; token: string }) => (url: string, body: Record<string, string>) =>
    request(t.app)
      .post(url)
      .set('Cookie', session.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: session.token, ...body });

  async function groupWith(values: Record<string, string>) {
    const { reference } = await t.storage.submissions.saveSubmission({
      kind: 'quote',
      name: 'Pat Coach',
      email: `coach-${Math.random()}@example.com`,
      payload: { name: 'Pat Coach', garment: 'gildan-5000', garmentColor: 'Navy', quantity: 20 },
      formValues: { name: 'Pat Coach', qtyM: '20', ...values },
      files: [],
    });
    const path = await requestLinks(t.storage.customer, csrfSecret).pathFor(reference);
    if (!path) throw new Error('no link');
    await form(await visitorSession(t.app, path))(`${path}/group`, {
      title: 'Hornets U12',
      deadline: '2099-06-01T18:00',
      asksNames: 'on',
      asksNumbers: 'on',
      payer: 'organiser',
    }).expect(303);
    const group = await t.storage.groups.groupOf(reference);
    const share = group && sharePath(linkKeys(csrfSecret), group);
    if (!share) throw new Error('no share link');
    return { share, reference };
  }

  async function join(share: string, backName: string, backNumber: string) {
    const joined = await form(await visitorSession(t.app, share))(`${share}/join`, {
      name: `Player ${backName}`,
      email: `${backName || 'anon'}@example.com`,
      size: 'L',
      backName,
      backNumber,
    }).expect(303);
    return String(joined.headers.location).split('?')[0] ?? '';
  }

  it('shows each member their own name and number on the back, as an image drawn for them', async () => {
    const { share } = await groupWith({ design: JSON.stringify(design) });
    const smith = await join(share, 'Smith', '23');
    const jones = await join(share, 'Jones', '7');

    const page = await request(t.app).get(smith).expect(200);
    expect(page.text).toContain('alt="Back of your shirt: SMITH, 23, in athletic gold"');
    expect(page.text).toContain('alt="Front of your shirt: the group’s design"');
    expect(page.text).toContain(`src="${smith}/preview/back"`);
    expect((await request(t.app).get(jones).expect(200)).text).toContain(
      'alt="Back of your shirt: JONES, 7, in athletic gold"',
    );

    const smithBack = await request(t.app).get(`${smith}/preview/back`).expect(200);
    expect(smithBack.headers['content-type']).toBe('image/jpeg');
    const jonesBack = await request(t.app).get(`${jones}/preview/back`).expect(200);
    expect(Buffer.compare(smithBack.body, jonesBack.body)).not.toBe(0);
    // The front carries no member text: the same picture for both.
    const smithFront = await request(t.app).get(`${smith}/preview/front`).expect(200);
    const jonesFront = await request(t.app).get(`${jones}/preview/front`).expect(200);
    expect(Buffer.compare(smithFront.body, jonesFront.body)).toBe(0);

    // A changed number draws a new picture; a wrong link or view draws nothing.
    await form(await visitorSession(t.app, smith))(smith, {
      name: 'Player Smith',
      email: 'Smith@example.com',
      size: 'L',
      backName: 'Smith',
      backNumber: '24',
    }).expect(303);
    expect((await request(t.app).get(smith).expect(200)).text).toContain('SMITH, 24, in athletic gold');
    const changed = await request(t.app).get(`${smith}/preview/back`).expect(200);
    expect(Buffer.compare(changed.body, smithBack.body)).not.toBe(0);
    await request(t.app).get(`${smith}/preview/side`).expect(404);
    await request(t.app)
      .get(`${smith.replace(/[\w-]{43}$/, 'x'.repeat(43))}/preview/back`)
      .expect(404);
  });

  it('leaves out the name for a member who gave none', async () => {
    const { share } = await groupWith({ design: JSON.stringify(design) });
    const own = await join(share, '', '9');
    expect((await request(t.app).get(own).expect(200)).text).toContain('alt="Back of your shirt: 9, in athletic gold"');
  });

  it('shows no preview for a request without member text', async () => {
    const { share } = await groupWith({ design: JSON.stringify({ ...design, locations: { front: [text()] } }) });
    const own = await join(share, 'Smith', '23');
    expect((await request(t.app).get(own).expect(200)).text).not.toContain('of your shirt');
    await request(t.app).get(`${own}/preview/front`).expect(404);
  });

  it('gives the desk each member’s name and number on a page of its own, and keeps the samples off the screens', async () => {
    const { share, reference } = await groupWith({ design: JSON.stringify(design) });
    await join(share, 'Smith', '23');
    await join(share, 'Jones', '7');
    // A member who gave neither has no page: a blank back.
    await join(share, '', '');
    const desk = await staffSession(t.app, t.storage, 'owner@seenwear.example');
    const get = (path: string) => request(t.app).get(`/staff/requests/${reference}${path}`).set('Cookie', desk.cookie);

    const page = await get('').expect(200);
    expect(page.text).toContain(`href="/staff/requests/${reference}/design/back/names.pdf"`);
    expect(page.text).toContain('Names and numbers (PDF, a page per member)');
    // The back is all names and numbers: no press file or film of a sample "PLAYER 00".
    expect(page.text).not.toContain(`/design/back/press.svg`);
    const press = await get('/design/back/press.svg').expect(404);
    expect(press.text).toContain('names sheet');

    const names = await get('/design/back/names.pdf').expect(200);
    expect(names.headers['content-type']).toBe('application/pdf');
    expect(names.headers['content-disposition']).toBe(`attachment; filename="${reference}-back-names.pdf"`);
    const pdf = Buffer.from(names.body).toString('latin1');
    expect(pdf.match(/\/Type \/Page\b/g)).toHaveLength(2);

    // The front is the team's name on every shirt: its press file, no names sheet.
    expect((await get('/design/front/press.svg').expect(200)).headers['content-type']).toContain('image/svg+xml');
    expect((await get('/design/front/names.pdf').expect(404)).text).toContain('no member’s name or number');
  });
});
