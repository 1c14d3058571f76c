import cookieParser from 'cookie-parser';
import express, { type ErrorRequestHandler, type Express } from 'express';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '#shared/csrf-contract.ts';
import { staffSession } from '#tests/support/staff-session.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';
import { visitorSession } from '#tests/support/visitor-session.ts';
import { createCsrf } from './csrf.ts';
import { CSRF_EXEMPTIONS, type CsrfExemption, csrfGate } from './csrf-gate.ts';

const secret = 'csrf-gate-test-secret-0123456789abcdef012345';
const UNSAFE = ['post', 'put', 'patch', 'delete'] as const;
type UnsafeMethod = (typeof UNSAFE)[number];

/** A small app with the gate in front, and routes added after it as a new router would be. */
function gatedApp({ exemptions = [] as readonly CsrfExemption[], uploadPaths = [] as string[] } = {}) {
  const csrf = createCsrf({ csrfSecret: secret, isProduction: false, publicUrl: 'https://shop.example' });
  const app = express();
  app.use(cookieParser());
  app.get('/', (req, res) => {
    res.type('text').send(csrf.issueToken(req, res));
  });
  app.use(
    csrfGate({ csrf, uploads: { readsTokenFromForm: async (req) => uploadPaths.includes(req.path) }, exemptions }),
  );
  const later = express.Router();
  later.post('/new-route', (req, res) => {
    res.json({ body: req.body ?? null });
  });
  later.post('/hook', async (req, res) => {
    // An exempt route reads the raw body itself: nothing parsed it.
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    res.json({ parsed: req.body ?? null, raw: Buffer.concat(chunks).toString() });
  });
  later.post('/upload', (_req, res) => {
    res.json({ reached: true });
  });
  app.use(later);
  const onError: ErrorRequestHandler = (error: { status?: number }, _req, res, _next) => {
    res.sendStatus(error.status ?? 500);
  };
  app.use(onError);
  return app;
}

async function tokenOf(app: Express) {
  const response = await request(app).get('/');
  const cookie = ((response.headers['set-cookie'] as unknown as string[]) ?? []).map((line) => line.split(';')[0]);
  return { cookie: cookie.join('; '), token: response.text };
}

describe('the CSRF gate', () => {
  it('protects a router added after it, which checks nothing itself', async () => {
    const app = gatedApp();
    await request(app).post('/new-route').send({ a: 1 }).expect(403);
    await request(app).post('/new-route').type('form').send({ a: '1' }).expect(403);
    await request(app).post('/new-route').field('a', '1').expect(403);
    await request(app).post('/new-route').expect(403);
    const { cookie, token } = await tokenOf(app);
    await request(app)
      .post('/new-route')
      .set({ Cookie: cookie, [CSRF_HEADER]: 'forged' })
      .send({ a: 1 })
      .expect(403);
    const passed = await request(app)
      .post('/new-route')
      .set({ Cookie: cookie, [CSRF_HEADER]: token })
      .send({ a: 1 });
    expect(passed.status).toBe(200);
    expect(passed.body).toEqual({ body: { a: 1 } });
    await request(app).post('/new-route').set('Cookie', cookie).type('form').send({ _csrf: token }).expect(200);
  });

  it('lets a multipart post without a header through only to an upload route, which checks the form’s token', async () => {
    const app = gatedApp({ uploadPaths: ['/upload'] });
    await request(app).post('/upload').field('a', '1').expect(200);
    await request(app).post('/new-route').field('a', '1').expect(403);
    // Not multipart, or with a header: judged here, upload route or not.
    await request(app).post('/upload').send({ a: 1 }).expect(403);
    await request(app).post('/upload').set(CSRF_HEADER, 'forged').field('a', '1').expect(403);
  });

  it('lets an exempt route through without a token, its body unparsed, and only that method and path', async () => {
    const app = gatedApp({ exemptions: [{ method: 'POST', path: '/hook', why: 'signed by its sender' }] });
    const hook = await request(app).post('/hook').send({ event: 'paid' }).expect(200);
    expect(hook.body).toEqual({ parsed: null, raw: '{"event":"paid"}' });
    await request(app).put('/hook').send({ event: 'paid' }).expect(403);
    await request(app).post('/new-route').send({ event: 'paid' }).expect(403);
  });

  it('exempts only Stripe’s webhook, saying why: a route added to CSRF_EXEMPTIONS must say why, and this list changes with it', () => {
    expect(CSRF_EXEMPTIONS.map(({ method, path }) => `${method} ${path}`)).toEqual(['POST /webhooks/stripe']);
    expect(CSRF_EXEMPTIONS[0]?.why).toMatch(/Stripe-Signature/);
  });
});

/** What Express 5 keeps of a registered route or mounted router (router 2's Layer and Route). */
interface RouteLayer {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean | undefined> };
  handle: { stack?: RouteLayer[] };
}

/** Every route the app registers, with the unsafe methods it answers, walked from the app's router down. */
function unsafeRoutes(app: Express): { path: string; methods: UnsafeMethod[] }[] {
  const found: { path: string; methods: UnsafeMethod[] }[] = [];
  const join = (prefix: string, path: string) => `${prefix.replace(/\/$/, '')}${path}`;
  const walk = (stack: RouteLayer[], prefix: string) => {
    for (const layer of stack) {
      const paths = [layer.route?.path ?? layer.rawPath].flat();
      if (layer.route) {
        const methods = layer.route.methods._all
          ? [...UNSAFE]
          : UNSAFE.filter((method) => layer.route?.methods[method]);
        for (const path of paths)
          if (typeof path === 'string' && methods.length > 0) found.push({ path: join(prefix, path), methods });
      } else if (layer.handle.stack) {
        for (const path of paths) walk(layer.handle.stack, join(prefix, typeof path === 'string' ? path : '/'));
      }
    }
  };
  walk((app as unknown as { router: { stack: RouteLayer[] } }).router.stack, '');
  return found;
}

// No unsafe route slips past the gate: every one the app registers answers 403 without a token, however it is
// posted, so a route added later is covered without anyone remembering to list it.
describe.each(backends)('every unsafe route of the app, on %s', (backend) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let session: { cookie: string };
  /** A real request and its private link, so that routes which check them first let the check be reached. */
  let params: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ storage: await openTestStorage(backend), config: { submissionRateLimit: 1000 } });
    const visitor = await visitorSession(t.app, '/pricing');
    const sent = await request(t.app)
      .post('/api/quotes')
      .set({ Cookie: visitor.cookie, [CSRF_HEADER]: visitor.token, Accept: 'application/json' })
      .send({
        name: 'Dana Whitfield',
        email: 'dana@example.com',
        phone: '(555) 010-0188',
        service: 'screen-printing',
        garment: 'gildan-5000',
        garmentColor: 'Sport Grey',
        qtyM: '30',
        loc1: 'front',
        loc1Colors: '2',
        delivery: 'pickup',
      })
      .expect(201);
    const [, , reference = '', linkSecret = ''] = String(sent.body.link).split('/');
    params = { reference, secret: linkSecret, version: '1', token: 'x'.repeat(43) };
    // Signed in to the desk: its routes are reached with the staff cookie, only the token is missing.
    session = await staffSession(t.app, t.storage, 'owner@seenwear.example');
  });

  /** The route's path with its parameters filled in: the real request's where it has one. */
  const concrete = (path: string) =>
    path.replace(/[{}]/g, '').replace(/[:*](\w+)/g, (_match, name: string) => params[name] ?? 'x');

  it('leads a refused form back to the page it came from: the quote form, the customer’s page', async () => {
    const page = `/requests/${params.reference}/${params.secret}`;
    for (const [path, back] of [
      ['/api/quotes', '/pricing'],
      [`${page}/cancel`, page],
    ] as const) {
      const refused = await request(t.app).post(path).set('Accept', 'text/html').type('form').send({ a: '1' });
      expect(refused.status).toBe(403);
      expect(refused.text).toContain(`href="${back}">Back to the form</a>`);
    }
  });

  it('finds the routes it should (the walk reads the app, not a list kept by hand)', () => {
    const paths = unsafeRoutes(t.app).map(({ path }) => path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/quotes',
        '/api/contact',
        '/requests/:reference/:secret/messages',
        '/requests/:reference/:secret/cancel',
        '/staff/sign-in',
        '/staff/sign-in/confirm',
        '/staff/requests/:reference/proofs',
        '/staff/requests/:reference/status',
        '/data/{*rest}',
      ]),
    );
  });

  it('answers 403 to each without a token: no body, JSON, a form, multipart; only the exempt webhook is left out', async () => {
    const routes = unsafeRoutes(t.app);
    const exempt = new Set(CSRF_EXEMPTIONS.map(({ method, path }) => `${method} ${path}`));
    const answers: string[] = [];
    for (const { path, methods } of routes) {
      for (const method of methods) {
        if (exempt.has(`${method.toUpperCase()} ${path}`)) continue;
        const url = concrete(path);
        const send = () => request(t.app)[method](url).set({ Cookie: session.cookie, Accept: 'application/json' });
        for (const [form, post] of [
          ['no body', () => send()],
          ['JSON', () => send().send({ from: 'new', to: 'cancelled', text: 'x' })],
          ['a form', () => send().type('form').send({ from: 'new', to: 'cancelled', text: 'x' })],
          ['multipart', () => send().field('from', 'new').field('text', 'x')],
        ] as const) {
          const response = await post();
          answers.push(`${method.toUpperCase()} ${path} (${form}): ${response.status}`);
        }
      }
    }
    expect(answers.length).toBeGreaterThan(40);
    expect(answers.filter((answer) => !answer.endsWith(': 403'))).toEqual([]);
    // Nothing was done: the request is as it was sent.
    expect((await t.storage.desk.getRequestState(params.reference ?? ''))?.status).toBe('new');
  });
});
