import cookieParser from 'cookie-parser';
import express, { type ErrorRequestHandler } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { CSRF_FIELD, CSRF_HEADER, CSRF_TOKEN_LIFETIME_MS, csrfCookieNames } from '#shared/csrf-contract.ts';
import { cookieJar } from '#tests/support/cookie-jar.ts';
import { cookiesOf } from '#tests/support/visitor-session.ts';
import { createCsrf } from './csrf.ts';

const secret = 'csrf-test-secret-0123456789abcdef0123456789';
const publicUrl = 'https://shop.example';
const hour = 60 * 60 * 1000;

/** A tiny app around the guard: GET issues a token (as pages do), POST answers 204 when the guard lets it by. */
function guardedApp({ isProduction = false, csrfSecret = secret } = {}) {
  const clock = { now: Date.parse('2026-11-23T09:00:00Z') };
  const csrf = createCsrf({ csrfSecret, isProduction, publicUrl }, { now: () => clock.now });
  const app = express();
  app.use(cookieParser(), express.urlencoded({ extended: false }));
  app.get('/', (req, res) => {
    res.type('text').send(csrf.issueToken(req, res));
  });
  app.get('/renew', csrf.renewToken);
  app.post('/', csrf.protect, (_req, res) => {
    res.sendStatus(204);
  });
  const onError: ErrorRequestHandler = (error: { status?: number }, _req, res, _next) => {
    res.sendStatus(error.status ?? 500);
  };
  app.use(onError);
  return { app, clock };
}

/** The cookies a visit leaves in the jar (all of them, merged with the ones it had) and the token it was given. */
async function visit(app: express.Express, cookie = '') {
  const response = await request(app).get('/').set('Cookie', cookie).expect(200);
  const jar = cookieJar([
    ...cookie.split('; ').filter(Boolean),
    ...cookiesOf(response).map((line) => line.split(';')[0] ?? ''),
  ]);
  return {
    cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
    token: response.text,
    setCookies: cookiesOf(response),
  };
}

function post(app: express.Express, cookie: string, token: string) {
  return request(app).post('/').set('Cookie', cookie).set(CSRF_HEADER, token);
}

describe('CSRF tokens', () => {
  it('accepts the token a page gave, in the header or in the form field', async () => {
    const { app } = guardedApp();
    const { cookie, token } = await visit(app);
    await post(app, cookie, token).expect(204);
    await request(app)
      .post('/')
      .set('Cookie', cookie)
      .type('form')
      .send({ [CSRF_FIELD]: token })
      .expect(204);
  });

  it('refuses a missing token, a token with one character changed, and another visitor’s token', async () => {
    const { app } = guardedApp();
    const mine = await visit(app);
    const theirs = await visit(app);
    await request(app).post('/').set('Cookie', mine.cookie).expect(403);
    const last = mine.token.at(-2) === 'A' ? 'B' : 'A';
    await post(app, mine.cookie, `${mine.token.slice(0, -2)}${last}${mine.token.at(-1)}`).expect(403);
    await post(app, mine.cookie, theirs.token).expect(403);
  });

  it('refuses a token signed with another secret (another shop, or the secret was changed)', async () => {
    const { app } = guardedApp();
    const other = guardedApp({ csrfSecret: 'another-secret-0123456789abcdef0123456789' });
    const { cookie, token } = await visit(other.app);
    await post(app, cookie, token).expect(403);
  });

  it('expires a token 12 hours after it was issued', async () => {
    const { app, clock } = guardedApp();
    const { cookie, token } = await visit(app);
    clock.now += CSRF_TOKEN_LIFETIME_MS - 1000;
    await post(app, cookie, token).expect(204);
    clock.now += 2000;
    await post(app, cookie, token).expect(403);
    // The next page gives a fresh one, and the form works again.
    const renewed = await visit(app, cookie);
    expect(renewed.token).not.toBe(token);
    await post(app, renewed.cookie, renewed.token).expect(204);
  });

  it('keeps the token for an hour, then renews it without breaking a form left open in another tab', async () => {
    const { app, clock } = guardedApp();
    const first = await visit(app);
    clock.now += hour / 2;
    const sameHour = await visit(app, first.cookie);
    expect(sameHour.token).toBe(first.token);
    expect(sameHour.setCookies).toEqual([]);
    clock.now += hour;
    const later = await visit(app, first.cookie);
    expect(later.token).not.toBe(first.token);
    // The older tab posts the token its page was given, with the cookie the newer page left.
    await post(app, later.cookie, first.token).expect(204);
    await post(app, later.cookie, later.token).expect(204);
  });

  it('uses __Host- names in production and ignores a bare pair a sibling subdomain could plant', async () => {
    const production = guardedApp({ isProduction: true });
    const names = csrfCookieNames(true);
    const visited = await visit(production.app);
    expect(visited.setCookies.map((line) => line.split('=')[0])).toEqual([names.session, names.token]);
    await post(production.app, visited.cookie, visited.token).expect(204);
    // The attacker's own valid pair (same secret, made on a development app), planted under the bare names.
    const planted = await visit(guardedApp().app);
    await post(production.app, planted.cookie, planted.token).expect(403);
  });

  it('renews an expired token with a small GET that sends no page and is never cached', async () => {
    const { app, clock } = guardedApp();
    const { cookie, token } = await visit(app);
    clock.now += CSRF_TOKEN_LIFETIME_MS + 1000;
    const renewal = await request(app).get('/renew').set('Cookie', cookie).expect(204);
    expect(renewal.headers['cache-control']).toBe('no-store');
    const renewed = cookieJar(cookiesOf(renewal).map((line) => line.split(';')[0] ?? '')).get(
      csrfCookieNames(false).token,
    );
    expect(renewed).toBeDefined();
    expect(renewed).not.toBe(token);
    await post(app, cookie.replace(token, renewed ?? ''), renewed ?? '').expect(204);
  });
});

describe('forms posted without a token (a page the same for everyone, sent without JavaScript)', () => {
  /** A form post as a browser sends it from a page that holds no token: no header, an empty field. */
  const formPost = (app: express.Express, headers: Record<string, string>) =>
    request(app)
      .post('/')
      .set(headers)
      .type('form')
      .send({ [CSRF_FIELD]: '', message: 'hello' });

  it('accepts one the browser says its own page sent, with Fetch Metadata or, without it, Origin', async () => {
    const { app } = guardedApp();
    await formPost(app, { 'Sec-Fetch-Site': 'same-origin' }).expect(204);
    await formPost(app, { Origin: publicUrl }).expect(204);
  });

  it('refuses one from another site, a sibling subdomain, or the address bar, whatever its Origin claims', async () => {
    const { app } = guardedApp();
    for (const site of ['cross-site', 'same-site', 'none']) {
      await formPost(app, { 'Sec-Fetch-Site': site, Origin: publicUrl }).expect(403);
    }
    await formPost(app, { Origin: 'https://evil.example' }).expect(403);
    await formPost(app, { Origin: 'https://shop.example.evil.example' }).expect(403);
  });

  it('needs the token when the browser says nothing (Origin: null, or neither header)', async () => {
    const { app } = guardedApp();
    await formPost(app, { Origin: 'null' }).expect(403);
    await formPost(app, {}).expect(403);
    // A browser older than both headers still gets through with its session-bound token.
    const { cookie, token } = await visit(app);
    await request(app)
      .post('/')
      .set('Cookie', cookie)
      .type('form')
      .send({ [CSRF_FIELD]: token })
      .expect(204);
  });

  it('judges a header token on itself: a wrong one is refused even from the site’s own page', async () => {
    const { app } = guardedApp();
    const { cookie, token } = await visit(app);
    // A character inside the MAC: the last one carries two padding bits, and a change there may decode the same.
    const at = token.length - 10;
    await post(app, cookie, `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`)
      .set('Sec-Fetch-Site', 'same-origin')
      .expect(403);
  });
});
