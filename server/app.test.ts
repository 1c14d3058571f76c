import { once } from 'node:events';
import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CSRF_COOKIE, CSRF_FIELD, CSRF_HEADER, CSRF_SESSION_COOKIE, CSRF_TOKEN_PATH } from '#shared/csrf-contract.ts';
import { pages, pageTitle } from '#shared/routes.ts';
import { type ListeningApp, listenOnLoopback, rawExchange } from '#tests/support/raw-socket.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { cookiesOf, visitorSession as sessionOf } from '#tests/support/visitor-session.ts';

const visitorSession = (app = t.app) => sessionOf(app);

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

/** The value of a meta tag or link in server-rendered HTML. */
function headValue(html: string, pattern: RegExp): string | undefined {
  const head = html.slice(0, html.indexOf('</head>'));
  return pattern.exec(head)?.[1];
}

describe('pages', () => {
  const routable = pages.filter((page) => page.path !== '*');

  it.each(routable)('$path renders on the server with its title, meta and canonical link', async (page) => {
    const response = await request(t.app)
      .get(page.path)
      .expect(200)
      .expect('Content-Type', /text\/html; charset=utf-8/);
    const html = response.text;
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    const title = pageTitle(page.id, t.siteData.data.config.appName);
    expect(headValue(html, /<title>([^<]*)<\/title>/)).toBe(title.replace('&', '&amp;'));
    expect(headValue(html, /<meta name="description" content="([^"]*)"/)).toBeTruthy();
    const url = `https://shop.example${page.path}`;
    expect(headValue(html, /<link rel="canonical" href="([^"]*)"/)).toBe(url);
    expect(headValue(html, /<meta property="og:url" content="([^"]*)"/)).toBe(url);
    expect(headValue(html, /<meta property="og:title" content="([^"]*)"/)).toBe(title);
    expect(headValue(html, /<meta property="og:description" content="([^"]*)"/)).toBeTruthy();
    expect(headValue(html, /<meta property="og:image" content="([^"]*)"/)).toBe('https://shop.example/og-image.png');
    expect(headValue(html, /<meta name="twitter:card" content="([^"]*)"/)).toBe('summary_large_image');
  });

  it.each(pages.filter((page) => page.path !== '*'))(
    '$path is rendered in place: no Suspense fallback or swap script',
    async (page) => {
      const fresh = await createTestApp();
      const { text } = await request(fresh.app).get(page.path).expect(200);
      // A render that suspended would hide content and move it into place later with an inline script.
      expect(text).not.toContain('<template');
      expect(text).not.toMatch(/\$RC|<!--\$\?-->|hidden id="S:/);
    },
  );

  it('ends the home title with the tagline', async () => {
    const response = await request(t.app).get('/').expect(200);
    expect(headValue(response.text, /<title>([^<]*)<\/title>/)).toMatch(/Seen by Everyone\.$/);
  });

  it.each(['/nope', '/pricing/nope', '/about-us/team/x'])('answers %s with HTTP 404 and the 404 page', async (path) => {
    const response = await request(t.app)
      .get(path)
      .expect(404)
      .expect('Content-Type', /text\/html/);
    expect(headValue(response.text, /<title>([^<]*)<\/title>/)).toBe('404 Page not found - Seenwear');
    expect(headValue(response.text, /<meta name="robots" content="([^"]*)"/)).toBe('noindex');
    expect(response.text).toContain('href="/"');
  });

  it('preloads the chunk of the matched lazy route, and only that one', async () => {
    const about = await request(t.app).get('/about-us').expect(200);
    expect(about.text).toMatch(/<link rel="modulepreload"[^>]*href="\/client\/pages\/about-us\.tsx"/);
    expect(about.text).not.toContain('client/pages/pricing.tsx');
    const home = await request(t.app).get('/').expect(200);
    expect(home.text).toContain('href="/client/pages/home.tsx"');
    expect(home.text).not.toContain('client/pages/pricing.tsx');
  });

  it('embeds the data it rendered with as inert, escaped JSON', async () => {
    const response = await request(t.app).get('/').expect(200);
    const match = /<script id="app-state" type="application\/json">([^<]*)<\/script>/.exec(response.text);
    expect(match).not.toBeNull();
    const state = JSON.parse(match?.[1] ?? '') as { site: unknown; publicUrl: string };
    const { config, media, services, 'our-work': work } = t.siteData.data;
    // The home page's own data files, as loaded, and none it does not read (no catalogue, no answers, no prices).
    expect(state.site).toEqual({ config, media, services, 'our-work': work });
    expect(state.publicUrl).toBe('https://shop.example');
    // The only other scripts are inert data (JSON, JSON-LD) or external modules: nothing inline runs,
    // which is what lets script-src go without a nonce.
    const scripts = response.text.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(1);
    for (const tag of scripts) expect(tag).toMatch(/type="application\/(ld\+)?json"|src="[^"]+"/);
    for (const tag of scripts) expect(tag).not.toContain('nonce');
  });

  it.each([
    ['/contact-us', ['config', 'media']],
    ['/pricing/embroidery', ['config', 'media', 'services']],
    // What the quote form and its cards read comes with their code, at the first touch (shared/page-data.ts).
    ['/pricing', ['config', 'media']],
    ['/faq', ['config', 'faq', 'media']],
    ['/no-such-page', ['config', 'media']],
  ])('%s embeds only the data files it reads before a touch', async (path, keys) => {
    const response = await request(t.app).get(path);
    const match = /<script id="app-state" type="application\/json">([^<]*)<\/script>/.exec(response.text);
    const state = JSON.parse(match?.[1] ?? '') as { site: Record<string, unknown> };
    expect(Object.keys(state.site).sort()).toEqual(keys);
    for (const key of keys) expect(state.site[key]).toEqual(t.siteData.data[key as keyof typeof t.siteData.data]);
  });

  it('answers HEAD with headers and no body', async () => {
    const response = await request(t.app).head('/about-us').expect(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.text ?? '').toBe('');
  });

  it('redirects a trailing slash to the one address of the page, never to another host', async () => {
    await request(t.app).get('/about-us/?ref=mail').expect(301).expect('Location', '/about-us?ref=mail');
    const sneaky = await request(t.app).get('//evil.example/').expect(301);
    expect(sneaky.headers.location).toBe('/evil.example');
  });

  it('refuses methods other than GET and HEAD on a page, with Allow', async () => {
    const { cookie, token } = await visitorSession();
    await request(t.app)
      .put('/about-us')
      .set('Cookie', cookie)
      .set(CSRF_HEADER, token)
      .expect(405)
      .expect('Allow', 'GET, HEAD');
  });
});

describe('security headers and cookies', () => {
  it('sends a strict CSP: scripts from the site only, no unsafe-inline and no nonce to vary the page', async () => {
    const response = await request(t.app).get('/').expect(200);
    const csp = response.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("script-src-attr 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('nonce');
  });

  it('keeps a per-response nonce in development, for Vite’s inline preamble', async () => {
    const development = await createTestApp({ config: { env: 'development' }, cache: false });
    const [first, second] = [await request(development.app).get('/'), await request(development.app).get('/')];
    const nonceOf = (response: request.Response) =>
      /'nonce-([^']+)'/.exec(response.headers['content-security-policy'] as string)?.[1];
    expect(nonceOf(first)).toBeTruthy();
    expect(nonceOf(first)).not.toBe(nonceOf(second));
    expect(first.text).toContain(`nonce="${nonceOf(first)}"`);
    expect(second.text).toContain(`nonce="${nonceOf(second)}"`);
  });

  it('hides the framework and forbids framing', async () => {
    const response = await request(t.app).get('/').expect(200);
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it.each(['/', '/healthz', '/data/config.json', '/nope', '/%E0%A4%A'])(
    'turns off camera, microphone, geolocation and payment on %s',
    async (path) => {
      const response = await request(t.app).get(path);
      expect(response.headers['permissions-policy']).toBe('camera=(), microphone=(), geolocation=(), payment=()');
    },
  );

  it('leaves Express trust proxy off (false) with TRUST_PROXY=0, so express-rate-limit warns about a forwarded address', async () => {
    const fresh = await createTestApp({ config: { trustProxy: 0 } });
    expect(fresh.app.get('trust proxy')).toBe(false);
    const behindTwo = await createTestApp({ config: { trustProxy: 2 } });
    expect(behindTwo.app.get('trust proxy')).toBe(2);
    const warnings = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { cookie, token } = await visitorSession(fresh.app);
      await request(fresh.app)
        .post('/api/contact')
        .set('Cookie', cookie)
        .set(CSRF_HEADER, token)
        .set('X-Forwarded-For', '203.0.113.9')
        .set('Accept', 'application/json')
        .type('form')
        .send({ name: 'A' });
      const codes = warnings.mock.calls.flat().map((value) => (value as { code?: string })?.code);
      expect(codes).toContain('ERR_ERL_UNEXPECTED_X_FORWARDED_FOR');
    } finally {
      warnings.mockRestore();
    }
  });

  it('sets the session id (HttpOnly) and a script-readable XSRF-TOKEN, both SameSite=Lax, when the client asks (a form page sets none)', async () => {
    expect(cookiesOf(await request(t.app).get('/contact-us').expect(200))).toEqual([]);
    const response = await request(t.app).get(CSRF_TOKEN_PATH).expect(204);
    const cookies = cookiesOf(response);
    const sid = cookies.find((cookie) => cookie.startsWith(`${CSRF_SESSION_COOKIE}=`));
    const token = cookies.find((cookie) => cookie.startsWith(`${CSRF_COOKIE}=`));
    expect(sid).toMatch(/HttpOnly/);
    expect(sid).toMatch(/SameSite=Lax/);
    expect(token).toMatch(/SameSite=Lax/);
    expect(token).not.toMatch(/HttpOnly/);
    expect(token).not.toMatch(/Secure/);
  });

  it('keeps a fresh token when the client asks again instead of setting a new one', async () => {
    const { cookie } = await visitorSession();
    const again = await request(t.app).get(CSRF_TOKEN_PATH).set('Cookie', cookie).expect(204);
    expect(cookiesOf(again)).toEqual([]);
  });

  it('adds HSTS, and Secure host-only cookies with __Host- names, in production', async () => {
    const production = await createTestApp({ config: { env: 'production', isProduction: true } });
    const response = await request(production.app).get('/contact-us').expect(200);
    expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    const cookies = cookiesOf(await request(production.app).get(CSRF_TOKEN_PATH).expect(204));
    expect(cookies.map((cookie) => cookie.split('=')[0])).toEqual(['__Host-sid', '__Host-XSRF-TOKEN']);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/; Path=\//);
      expect(cookie).not.toMatch(/Domain=/i);
    }
  });
});

describe('CSRF', () => {
  it('refuses a POST without a token: 403 with a clear JSON message and a log line', async () => {
    const response = await request(t.app).post('/').set('Accept', 'application/json').send({ a: 1 }).expect(403);
    expect(response.body).toEqual({ error: 'csrf_token_invalid', message: expect.stringMatching(/Reload the page/) });
    const line = t.lines.find((entry) => entry.reason === 'csrf');
    expect(line).toMatchObject({ level: 40, method: 'POST', path: '/' });
  });

  it('answers a browser form with an HTML page instead', async () => {
    const response = await request(t.app)
      .post('/contact-us')
      .set('Accept', 'text/html')
      .type('form')
      .send({ name: 'x' })
      .expect(403);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.text).toContain('Reload the page');
    expect(response.text).not.toMatch(/at \w+ \(/);
  });

  it.each(['DELETE', 'PATCH', 'PUT'] as const)('protects %s the same way', async (method) => {
    await request(t.app)[method.toLowerCase() as 'delete' | 'patch' | 'put']('/data/config.json').expect(403);
  });

  it('refuses a wrong token, and a right token taken from another session', async () => {
    const { cookie, token } = await visitorSession();
    await request(t.app).post('/').set('Cookie', cookie).set(CSRF_HEADER, `${token}x`).expect(403);
    const other = await visitorSession();
    await request(t.app).post('/').set('Cookie', other.cookie).set(CSRF_HEADER, token).expect(403);
  });

  it('lets a right token through, in the header or as the hidden form field', async () => {
    const { cookie, token } = await visitorSession();
    // 405 shows the request passed CSRF and reached the page router, which only reads.
    await request(t.app).post('/').set('Cookie', cookie).set(CSRF_HEADER, token).expect(405);
    await request(t.app)
      .post('/')
      .set('Cookie', cookie)
      .type('form')
      .send({ [CSRF_FIELD]: token })
      .expect(405);
  });
});

describe('data files', () => {
  const names = ['config', 'services', 'media', 'direct-to-garment', 'screen-printing', 'embroidery'];

  it.each(names)('GET /data/%s.json answers the validated JSON with a strong ETag', async (name) => {
    const response = await request(t.app).get(`/data/${name}.json`).set('Accept-Encoding', 'identity').expect(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers.etag).toMatch(/^"[^"]+"$/);
    expect(response.headers['cache-control']).toMatch(/must-revalidate|no-cache/);
    expect(response.headers.vary).toMatch(/Accept-Encoding/);
    expect(response.body).toEqual(t.siteData.data[name as keyof typeof t.siteData.data]);
  });

  it('answers 304 to a matching If-None-Match, and 200 to a stale one', async () => {
    const first = await request(t.app).get('/data/config.json').set('Accept-Encoding', 'gzip').expect(200);
    const etag = first.headers.etag as string;
    const second = await request(t.app)
      .get('/data/config.json')
      .set('Accept-Encoding', 'gzip')
      .set('If-None-Match', etag)
      .expect(304);
    expect(second.text ?? '').toBe('');
    await request(t.app).get('/data/config.json').set('If-None-Match', '"stale"').expect(200);
  });

  it('answers HEAD with the length and no body', async () => {
    const response = await request(t.app).head('/data/media.json').set('Accept-Encoding', 'identity').expect(200);
    expect(Number(response.headers['content-length'])).toBe(JSON.stringify(t.siteData.data.media).length);
    expect(response.text ?? '').toBe('');
  });

  it('compresses with brotli or gzip by Accept-Encoding, each with its own tag', async () => {
    // Raw bytes: supertest would decompress them before the test could see what was sent.
    const server = t.app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const raw = async (encoding: string) => {
      const [response] = (await once(
        get({ port, host: '127.0.0.1', path: '/data/services.json', headers: { 'Accept-Encoding': encoding } }),
        'response',
      )) as [IncomingMessage];
      const chunks: Buffer[] = [];
      for await (const chunk of response) chunks.push(chunk as Buffer);
      return { headers: response.headers, body: Buffer.concat(chunks) };
    };
    try {
      const br = await raw('gzip, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(t.siteData.data.services);
      const gz = await raw('gzip, br;q=0');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(t.siteData.data.services);
      expect(new Set([br.headers.etag, gz.headers.etag]).size).toBe(2);
    } finally {
      server.close();
    }
  });

  it.each([
    '/data/nope.json',
    '/data/config',
    '/data/config.json.bak',
    '/data/CONFIG.json',
    '/data/..%2Fpackage.json',
    '/data/%2e%2e%2fpackage.json',
    '/data/..%5Cpackage.json',
    '/data/config.json%2F..%2F..%2Fpackage.json',
    '/data/sub/config.json',
    '/data/',
  ])('answers %s with a JSON 404 that leaks nothing', async (path) => {
    const response = await request(t.app)
      .get(path)
      .expect(404)
      .expect('Content-Type', /application\/json/);
    expect(response.body.error).toBe('not_found');
    expect(response.text).not.toContain('"name"');
  });
});

describe('operations', () => {
  it('answers health and readiness, and readiness turns off during shutdown', async () => {
    const app = await createTestApp();
    await request(app.app).get('/healthz').expect(200, { status: 'ok' });
    await request(app.app).get('/readyz').expect(200, { status: 'ready' });
    app.readiness.ready = false;
    await request(app.app).get('/readyz').expect(503);
    await request(app.app).get('/healthz').expect(200);
  });

  it('keeps a well-formed X-Request-Id and makes one otherwise', async () => {
    await request(t.app).get('/').set('X-Request-Id', 'proxy-42').expect('X-Request-Id', 'proxy-42');
    const made = await request(t.app).get('/').set('X-Request-Id', 'bad id with spaces <script>').expect(200);
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs what the privacy policy says (page, IP address, browser, referrer, language), never Authorization or an API key', async () => {
    await request(t.app)
      .get('/about-us')
      .set('Authorization', 'Bearer secret-bearer-token')
      .set('Proxy-Authorization', 'Basic c2VjcmV0LXByb3h5')
      .set('X-Api-Key', 'secret-api-key')
      .set('X-Custom-Thing', 'custom-value')
      .set('User-Agent', 'curl/8.0')
      .set('Referer', 'https://search.example/?q=shirts')
      .set('Accept-Language', 'en-US')
      .set('X-Request-Id', 'trace-auth')
      .expect(200);
    const line = t.lines.find((entry) => (entry.req as { id?: string } | undefined)?.id === 'trace-auth') as {
      req: Record<string, unknown> & { headers: Record<string, string> };
    };
    const text = JSON.stringify(line);
    for (const secret of ['secret-bearer-token', 'c2VjcmV0LXByb3h5', 'secret-api-key', 'custom-value']) {
      expect(text).not.toContain(secret);
    }
    expect(line.req).toEqual({
      id: 'trace-auth',
      method: 'GET',
      url: '/about-us',
      remoteAddress: expect.stringMatching(/127\.0\.0\.1/),
      headers: {
        'user-agent': 'curl/8.0',
        referer: 'https://search.example/?q=shirts',
        'accept-language': 'en-US',
      },
    });
  });

  it('writes one JSON line per request without cookies or the CSRF header', async () => {
    const { cookie, token } = await visitorSession();
    await request(t.app)
      .get('/about-us')
      .set('Cookie', cookie)
      .set(CSRF_HEADER, token)
      .set('X-Request-Id', 'trace-me')
      .expect(200);
    const lines = t.lines.filter((line) => (line.req as { id?: string } | undefined)?.id === 'trace-me');
    expect(lines).toHaveLength(1);
    const line = lines[0] as {
      req: { method: string; url: string; headers: Record<string, string> };
      res: { statusCode: number };
      responseTime: number;
    };
    expect(line.req.method).toBe('GET');
    expect(line.req.url).toBe('/about-us');
    expect(line.res.statusCode).toBe(200);
    expect(line.responseTime).toBeGreaterThanOrEqual(0);
    const text = JSON.stringify(line);
    expect(text).not.toContain(token);
    expect(text).not.toContain(cookie.split('=')[1]);
    expect(line.req.headers.cookie).toBeUndefined();
  });
});

describe('bad input never gives a 5xx', () => {
  it.each(['/%E0%A4%A', '/%', '/about-us%ZZ', '/data/%E0%A4%A.json'])(
    'malformed percent-encoding %s is a 400',
    async (path) => {
      const response = await request(t.app).get(path).set('Accept', 'application/json').expect(400);
      expect(response.body.message).toMatch(/percent-encoding/);
    },
  );

  it('a NUL byte in the path is a 400', async () => {
    await request(t.app).get('/about-us%00.html').expect(400);
  });

  it('an 8 KB path is an ordinary 404', async () => {
    await request(t.app)
      .get(`/${'a'.repeat(8 * 1024)}`)
      .expect(404);
  });

  it.each(['PROPFIND', 'MKCOL', 'PURGE'])('the unusual method %s is refused with a 4xx', async (method) => {
    const response = await request(t.app)
      [method.toLowerCase() as 'get']('/')
      .catch((error: { status?: number }) => error);
    const status = (response as { status: number }).status;
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
  });

  it('OPTIONS gets an answer, not an error', async () => {
    const response = await request(t.app).options('/');
    expect(response.status).toBeLessThan(500);
  });

  it.each(['br;q=abc, *;q=0', 'identity;q=0', '*;q=0', 'gzip;q=1.5, deflate, ,,,', 'x'.repeat(2000)])(
    'an odd Accept-Encoding (%s) still gets the page',
    async (encoding) => {
      const response = await request(t.app).get('/').set('Accept-Encoding', encoding);
      expect(response.status).toBe(200);
      const data = await request(t.app).get('/data/config.json').set('Accept-Encoding', encoding);
      expect(data.status).toBe(200);
    },
  );

  it.each([
    `${CSRF_SESSION_COOKIE}=%E0%A4%A; ${CSRF_COOKIE}=%%%`,
    `${CSRF_COOKIE}=a.b.c.d; ${CSRF_SESSION_COOKIE}=../../etc/passwd`,
    `=; ;;; =x; ${CSRF_SESSION_COOKIE}`,
    `${CSRF_COOKIE}=${'z'.repeat(4000)}`,
  ])('garbage cookies (%s) get a fresh, valid session', async (cookie) => {
    const response = await request(t.app).get(CSRF_TOKEN_PATH).set('Cookie', cookie).expect(204);
    const token = cookiesOf(response).find((value) => value.startsWith(`${CSRF_COOKIE}=`));
    expect(token).toMatch(new RegExp(`^${CSRF_COOKIE}=\\d+\\.[\\w-]{22}\\.[\\w-]{43};`));
    const post = await request(t.app).post('/').set('Cookie', cookie).set(CSRF_HEADER, 'whatever');
    expect(post.status).toBe(403);
  });

  it('a malformed JSON body is a 400 and an oversized one a 413', async () => {
    const { cookie, token } = await visitorSession();
    await request(t.app)
      .post('/')
      .set('Cookie', cookie)
      .set(CSRF_HEADER, token)
      .set('Content-Type', 'application/json')
      .send('{"a":')
      .expect(400);
    await request(t.app)
      .post('/')
      .set('Cookie', cookie)
      .set(CSRF_HEADER, token)
      .set('Content-Type', 'application/json')
      // Past the 512 KB a form body may take (room for a studio design).
      .send(JSON.stringify({ a: 'x'.repeat(600_000) }))
      .expect(413);
  });

  it.each([
    ['malformed JSON', 'application/json', '{"a":', 400],
    ['an unknown charset', 'application/json; charset=x-evil-<b>', '{}', 415],
    ['a malformed form', 'application/x-www-form-urlencoded; charset=x-evil', 'a=1', 415],
    ['a multipart body without its boundary', 'multipart/form-data', 'x', 400],
  ] as const)('%s gets a plain message of ours, not the parser library text', async (_name, type, body, status) => {
    const { cookie, token } = await visitorSession();
    const target = type.startsWith('multipart') ? '/api/contact' : '/';
    const response = await request(t.app)
      .post(target)
      .set('Cookie', cookie)
      .set(CSRF_HEADER, token)
      .set('Accept', 'application/json')
      .set('Content-Type', type)
      .send(body)
      .expect(status);
    expect(response.body.message).toMatch(/^[A-Z][^"<>]*\.$/);
    expect(response.body.message).not.toMatch(/JSON|position|token|charset|x-evil|Unexpected|boundary|unsupported/i);
  });

  describe('request targets in other forms than a path (raw socket)', () => {
    // A public address with a port: "origin + target" once made "https://shop.example:8443http://…", a 500.
    let other: TestApp;
    let listening: ListeningApp;
    beforeAll(async () => {
      other = await createTestApp({ config: { publicUrl: 'https://shop.example:8443' } });
      listening = await listenOnLoopback(other.app);
    });
    afterAll(() => listening.close());

    const send = (method: string, target: string) =>
      rawExchange(listening.port, `${method} ${target} HTTP/1.1\r\nHost: shop.example\r\nConnection: close\r\n\r\n`);
    const errorLines = () => other.lines.filter((line) => (line.level as number) >= 50);

    it('serves an absolute-form target as its path, whatever host it names', async () => {
      const home = await send('GET', 'http://evil.example/');
      expect(home.status).toBe(200);
      expect(home.text).toContain('<link rel="canonical" href="https://shop.example:8443/"');
      const about = await send('GET', 'http://evil.example/about-us?ref=x');
      expect(about.status).toBe(200);
      expect(about.text).toContain('<link rel="canonical" href="https://shop.example:8443/about-us"');
      expect(about.text).not.toContain('evil.example');
      expect((await send('GET', 'HTTP://EVIL.EXAMPLE:81/no-such-page')).status).toBe(404);
      expect(errorLines()).toEqual([]);
    });

    it.each([
      ['GET', '*'],
      ['HEAD', '*'],
      ['OPTIONS', '*'],
      ['POST', '*'],
      ['GET', 'evil.example:443'],
    ])('answers %s %s with a 4xx, never a 500 or an error line', async (method, target) => {
      const answer = await send(method, target);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(errorLines()).toEqual([]);
    });
  });
});
