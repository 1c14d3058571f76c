import type { Express } from 'express';
import request from 'supertest';
import type { StoredStore } from '#server/stores/team-stores-store.ts';
import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import { wallClockIn } from '#shared/groups/zoned-time.ts';
import type { TestStorage } from './test-storage.ts';
import { cookiesOf, visitorSession } from './visitor-session.ts';

const DAY_MS = 86_400_000;
/** The shop's time zone in the test app's settings: the desk's form takes wall-clock times in it. */
const SHOP_ZONE = 'America/Chicago';

/** A screen-printed tee request (24 navy tees in M, a two-colour front) as the quote form stores it. */
export async function teeRequest(storage: Pick<TestStorage, 'submissions'>, email: string): Promise<string> {
  const { reference } = await storage.submissions.saveSubmission({
    kind: 'quote',
    name: 'Pat Organiser',
    email,
    payload: { name: 'Pat Organiser', garment: 'gildan-5000', garmentColor: 'Navy' },
    formValues: {
      name: 'Pat Organiser',
      service: 'screen-printing',
      garment: 'gildan-5000',
      garmentColor: 'Navy',
      qtyM: '24',
      loc1: 'front',
      loc1Colors: '2',
      delivery: 'pickup',
    },
    files: [],
  });
  return reference;
}

/**
 * The desk's "open a store" form posted for a request by signed-in staff: a navy tee in S, M and L, open
 * from a minute ago for two weeks, $5 over the shop's price, delivered to the school, unless `fields` say
 * otherwise. The store as stored, and its page's path.
 */
export async function openStoreAtDesk(
  app: Express,
  storage: Pick<TestStorage, 'teamStores'>,
  staff: { cookie: string; token: string },
  reference: string,
  fields: Record<string, string> = {},
): Promise<{ store: StoredStore; path: string }> {
  const posted = await request(app)
    .post(`/staff/requests/${reference}/stores`)
    .set('Cookie', staff.cookie)
    .type('form')
    .send({
      [CSRF_FIELD]: staff.token,
      title: 'Hornets store',
      opensAt: wallClockIn(new Date(Date.now() - 60_000), SHOP_ZONE),
      closesAt: wallClockIn(new Date(Date.now() + 14 * DAY_MS), SHOP_ZONE),
      minimum: '3',
      expected: '24',
      markup: '5.00',
      delivery: 'school',
      product1: 'gildan-5000',
      product1Colours: 'Navy',
      product1Sizes: 'S, M, L',
      charging: 'minimum',
      ...fields,
    })
    .expect(303);
  const id = Number(/\/staff\/stores\/(\d+)/.exec(posted.headers.location ?? '')?.[1]);
  const store = await storage.teamStores.storeById(id);
  if (!store) throw new Error(`no store opened for ${reference}`);
  return { store, path: `/stores/${store.slug}` };
}

/**
 * A buyer's browser on a store's page: its CSRF cookie and token, and the cart's cookie once a post set
 * it, sent with every later post as the browser would.
 */
export async function storeBuyer(app: Express, path: string) {
  const session = await visitorSession(app, path);
  let cookie = session.cookie;
  const post = async (action: string, fields: Record<string, string>) => {
    const answer = await request(app)
      .post(action)
      .set('Cookie', cookie)
      .type('form')
      .send({ [CSRF_FIELD]: session.token, ...fields });
    const cart = cookiesOf(answer).find((line) => line.startsWith('store_cart='));
    if (cart) cookie = `${session.cookie}; ${cart.split(';')[0]}`;
    return answer;
  };
  return { post, cookie: () => cookie };
}
