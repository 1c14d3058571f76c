import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { linkKeys } from '#server/http/link-secrets.ts';
import { requestLinks } from '#server/requests/request-links.ts';
import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import { wallClockIn } from '#shared/groups/zoned-time.ts';
import { memoryLogger } from '#tests/support/memory-logger.ts';
import { teeRequest } from '#tests/support/store-desk.ts';
import { seededStore } from '#tests/support/team-store-seed.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';
import { visitorSession } from '#tests/support/visitor-session.ts';
import { closeDueStores } from './store-close.ts';
import { organiserPath } from './store-links.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const DAY = 24 * 3_600_000;
const zone = 'America/Chicago';
const csrfSecret = 'organiser-test-secret-0123456789abcdef0123456789';

// The organiser's page of a team store, reached from their private request page: what it shows, closing
// early, moving the close within the shop's limit (data/team-stores.json: 28 days from the opening), and
// every refusal. On each database.
describe.each(backends)('the organiser’s page of a store on %s', (backend) => {
  let t: TestApp;
  const keys = linkKeys(csrfSecret);

  beforeAll(async () => {
    const storage = await openTestStorage(backend, { now: () => new Date() });
    t = await createTestApp({ storage, config: { submissionRateLimit: 1000, csrfSecret } });
  });

  let made = 0;
  /** A request and a store opened from it a day ago, closing in a week; the customer's page and the organiser's. */
  async function openedStore() {
    made += 1;
    const { reference, store } = await seededStore(t.storage, {
      title: `Hornets fundraiser ${made}`,
      minimum: 12,
      email: `pat-${made}@example.com`,
    });
    const customerPath = await requestLinks(t.storage.customer, csrfSecret).pathFor(reference);
    if (!customerPath) throw new Error('no customer link');
    return { store, customerPath, organiser: organiserPath(keys, store) };
  }

  /** The organiser's browser on their page: its CSRF cookie and token, and a form post. */
  async function organiserPosts(path: string) {
    const session = await visitorSession(t.app, path);
    return (action: string, fields: Record<string, string> = {}) =>
      request(t.app)
        .post(action)
        .set('Cookie', session.cookie)
        .type('form')
        .send({ [CSRF_FIELD]: session.token, ...fields });
  }

  it('links each store from its own request’s private page to the organiser’s page, and no other', async () => {
    const first = await openedStore();
    const other = await openedStore();
    const page = await request(t.app).get(first.customerPath).expect(200);
    expect(page.text).toContain('Your team stores');
    expect(page.text).toContain(`href="${first.organiser}"`);
    expect(page.text).not.toContain(other.organiser);

    const organiser = await request(t.app).get(first.organiser).expect(200);
    expect(organiser.headers['cache-control']).toContain('no-store');
    expect(organiser.headers['x-robots-tag']).toContain('noindex');
    expect(organiser.text).toContain('Close the store now');
    expect(organiser.text).toContain('the shop keeps a store open at most 28 days');
    expect(organiser.text).toContain(`action="${first.organiser}/closes-at"`);

    // A forged secret, and another store's secret on this store's address: no page, no form.
    const forged = `${first.organiser.slice(0, -4)}abcd`;
    await request(t.app).get(forged).expect(404);
    const borrowed = `/stores/${first.store.slug}/organiser/${other.organiser.split('/').at(-1)}`;
    await request(t.app).get(borrowed).expect(404);
    const post = await organiserPosts(first.organiser);
    await post(`${borrowed}/close`).expect(404);
    await post(`${forged}/closes-at`, { closesAt: wallClockIn(new Date(Date.now() + 9 * DAY), zone) }).expect(404);
    expect((await t.storage.teamStores.storeById(first.store.id))?.closesAt).toEqual(first.store.closesAt);
  });

  it('moves the close within the shop’s limit and refuses a past or too late one with a clear 422', async () => {
    const { store, organiser } = await openedStore();
    const post = await organiserPosts(organiser);
    const later = new Date(Date.now() + 20 * DAY);
    const moved = await post(`${organiser}/closes-at`, { closesAt: wallClockIn(later, zone) }).expect(303);
    expect(moved.headers.location).toBe(`${organiser}?done=moved`);
    const stored = await t.storage.teamStores.storeById(store.id);
    expect(Math.abs((stored?.closesAt.getTime() ?? 0) - later.getTime())).toBeLessThan(60_000);
    expect((await request(t.app).get(`${organiser}?done=moved`).expect(200)).text).toContain(
      'The closing time is changed',
    );

    const past = await post(`${organiser}/closes-at`, { closesAt: wallClockIn(new Date(Date.now() - DAY), zone) });
    expect(past.status).toBe(422);
    expect(past.text).toContain('That time has passed: choose a close later than now.');
    // Opened a day ago: 28 days from the opening ends in 27 days.
    const asked = wallClockIn(new Date(Date.now() + 28 * DAY), zone);
    const tooLate = await post(`${organiser}/closes-at`, { closesAt: asked });
    expect(tooLate.status).toBe(422);
    // The refused time stays in the field, to be corrected.
    expect(tooLate.text).toContain(`value="${asked}"`);
    expect(tooLate.text).toContain('The shop keeps a store open at most 28 days: choose a close no later than');
    const garbled = await post(`${organiser}/closes-at`, { closesAt: 'next friday' });
    expect(garbled.status).toBe(422);
    expect(garbled.text).toContain('Choose the day and time the store closes.');
    // Nothing changed by any refusal.
    expect((await t.storage.teamStores.storeById(store.id))?.closesAt).toEqual(stored?.closesAt);

    // Without the page's token, nothing is taken.
    await request(t.app)
      .post(`${organiser}/closes-at`)
      .type('form')
      .send({ closesAt: wallClockIn(later, zone) })
      .expect(403);
  });

  it('closes early for the job to settle, and refuses to move the close of a store that has closed', async () => {
    const { store, organiser } = await openedStore();
    const post = await organiserPosts(organiser);
    const closed = await post(`${organiser}/close`).expect(303);
    expect(closed.headers.location).toBe(`${organiser}?done=closing`);
    const after = await request(t.app).get(`${organiser}?done=closing`).expect(200);
    expect(after.text).toContain('The store takes no more orders');
    expect(after.text).not.toContain('Close the store now');
    expect(after.text).not.toContain('name="closesAt"');
    // The store page takes no more orders.
    expect((await request(t.app).get(`/stores/${store.slug}`).expect(200)).text).toContain('it takes no more orders');

    const again = await post(`${organiser}/close`);
    expect(again.status).toBe(409);
    const extend = await post(`${organiser}/closes-at`, {
      closesAt: wallClockIn(new Date(Date.now() + 3 * DAY), zone),
    });
    expect(extend.status).toBe(409);
    expect(extend.text).toContain('This store has closed: its close can no longer be moved.');

    // The job closes it (below its minimum: nobody charged); the organiser's page then says so.
    await closeDueStores({ stores: t.storage.teamStores, cards: null, logger: memoryLogger().logger });
    expect((await t.storage.teamStores.storeById(store.id))?.state).toBe('missed');
    expect((await request(t.app).get(organiser).expect(200)).text).toContain('Closed: minimum missed, nobody charged');
    const late = await post(`${organiser}/closes-at`, { closesAt: wallClockIn(new Date(Date.now() + DAY), zone) });
    expect(late.status).toBe(409);
  });
});

// The shop's setting (data/team-stores.json) letting organisers open a store from their own request page:
// off, there is no such page; on, it is the desk's form, priced by the server, opening onto their page.
describe.each(backends)('an organiser opening a store themselves on %s', (backend) => {
  let off: TestApp;
  let on: TestApp;
  const keys = linkKeys(csrfSecret);

  beforeAll(async () => {
    const storage = await openTestStorage(backend, { now: () => new Date() });
    off = await createTestApp({ storage, config: { submissionRateLimit: 1000, csrfSecret } });
    on = await createTestApp({
      storage,
      config: { submissionRateLimit: 1000, csrfSecret },
      storeShopRules: { organiserLatestCloseDays: 28, organisersOpenStores: true },
    });
  });

  /** A screen-printed tee request (priceable by the engine), and its customer's private page. */
  async function tshirtRequest(app: TestApp) {
    const reference = await teeRequest(app.storage, 'pat@example.com');
    const path = await requestLinks(app.storage.customer, csrfSecret).pathFor(reference);
    if (!path) throw new Error('no customer link');
    return { reference, path };
  }

  const form = {
    title: 'Hornets winter store',
    opensAt: wallClockIn(new Date(Date.now() - 60_000), zone),
    closesAt: wallClockIn(new Date(Date.now() + 14 * DAY), zone),
    minimum: '12',
    expected: '24',
    markup: '4.00',
    delivery: 'school',
    product1: 'gildan-5000',
    product1Colours: 'Navy',
    product1Sizes: 'S, M, L',
    // A price in the post is never read: the server prices every product.
    price: '0.01',
    product1Price: '0.01',
  };

  it('has no opening form while the shop has not allowed it', async () => {
    const { path } = await tshirtRequest(off);
    expect((await request(off.app).get(path).expect(200)).text).not.toContain('Open a team store');
    await request(off.app).get(`${path}/stores/new`).expect(404);
    const session = await visitorSession(off.app, path);
    await request(off.app)
      .post(`${path}/stores`)
      .set('Cookie', session.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: session.token, ...form })
      .expect(404);
  });

  it('opens a store from the organiser’s own page, priced by the server, onto their organiser’s page', async () => {
    const { reference, path } = await tshirtRequest(on);
    const page = await request(on.app).get(path).expect(200);
    expect(page.text).toContain(`href="${path}/stores/new"`);
    const opening = await request(on.app).get(`${path}/stores/new`).expect(200);
    expect(opening.text).toContain('Back to your request');
    expect(opening.text).toContain(`action="${path}/stores"`);
    // A forged request link opens neither the form nor the post.
    const forged = `${path.slice(0, -4)}abcd`;
    await request(on.app).get(`${forged}/stores/new`).expect(404);

    const session = await visitorSession(on.app, path);
    const post = (target: string, fields: Record<string, string>) =>
      request(on.app)
        .post(target)
        .set('Cookie', session.cookie)
        .type('form')
        .send({ [CSRF_FIELD]: session.token, ...fields });
    await post(`${forged}/stores`, form).expect(404);
    const untitled = await post(`${path}/stores`, { ...form, title: '' });
    expect(untitled.status).toBe(422);
    expect(untitled.text).toContain('The store is not open yet');
    expect(await on.storage.teamStores.storesOf(reference)).toEqual([]);

    const opened = await post(`${path}/stores`, form).expect(303);
    const [store] = await on.storage.teamStores.storesOf(reference);
    if (!store) throw new Error('no store opened');
    expect(opened.headers.location).toBe(`${organiserPath(keys, store)}?done=opened`);
    expect(store.title).toBe('Hornets winter store');
    // The engine's price for the request's decoration, never the post's cent.
    expect(store.products[0]?.shopPriceCents).toBeGreaterThan(300);
    expect(store.markupCents).toBe(400);
    const organiser = await request(on.app)
      .get(opened.headers.location ?? '')
      .expect(200);
    expect(organiser.text).toContain('Your store is open.');
    expect((await request(on.app).get(path).expect(200)).text).toContain(organiserPath(keys, store));
  });
});
