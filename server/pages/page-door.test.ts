import express from 'express';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp } from '#tests/support/test-app.ts';
import { type DoorAnswer, pageDoor } from './page-door.ts';

/** What differs between any two answers of the same page: when it was sent, and which request it answered. */
const perAnswer = new Set(['date', 'x-request-id']);

function withoutPerAnswer(headers: Record<string, string>) {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !perAnswer.has(name)));
}

type LogLine = { req: { id: string; url: string }; res: { statusCode: number }; responseTime: number; msg: string };

describe('a cached page answered ahead of the pipeline', () => {
  it('carries every header the pipeline gives the page, and the log line and count the pipeline writes', async () => {
    const t = await createTestApp({ config: { isProduction: true, publicUrl: 'https://shop.example' } });
    const rendered = await request(t.app).get('/about-us').set('X-Request-Id', 'rendered').expect(200);
    const cached = await request(t.app).get('/about-us').set('X-Request-Id', 'cached').expect(200);
    expect(cached.text).toBe(rendered.text);
    expect(withoutPerAnswer(cached.headers)).toEqual(withoutPerAnswer(rendered.headers));
    expect(cached.headers['x-request-id']).toBe('cached');
    // The security headers are there in production's form (HSTS, upgrade-insecure-requests), not only alike.
    expect(cached.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(cached.headers['content-security-policy']).toContain("script-src 'self';");
    expect(cached.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(cached.headers['permissions-policy']).toBe('camera=(), microphone=(), geolocation=(), payment=()');

    const line = (id: string) => t.lines.find((entry) => (entry as LogLine).req?.id === id) as LogLine;
    expect(Object.keys(line('cached'))).toEqual(Object.keys(line('rendered')));
    expect(line('cached')).toMatchObject({
      req: { url: '/about-us' },
      res: { statusCode: 200 },
      msg: 'request completed',
    });
    const counted = await t.metrics.registry.getSingleMetricAsString('seenwear_http_requests_total');
    expect(counted).toContain('seenwear_http_requests_total{method="GET",route="/about-us",status="200"} 2');
  });

  it('answers 304 to the tag it sends, and the 404 page to an address known to be unknown, logged as a warning', async () => {
    const t = await createTestApp();
    const first = await request(t.app).get('/').set('Accept-Encoding', 'br').expect(200);
    const etag = first.headers.etag as string;
    const again = await request(t.app).get('/').set('Accept-Encoding', 'br').set('If-None-Match', etag).expect(304);
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    await request(t.app).get('/no-such-page').expect(404);
    const missing = await request(t.app).get('/no-such-page').set('X-Request-Id', 'twice-missing').expect(404);
    expect(missing.text).toContain('Page not found');
    const line = t.lines.find((entry) => (entry as LogLine).req?.id === 'twice-missing');
    expect(line).toMatchObject({ level: 40, res: { statusCode: 404 } });
    const counted = await t.metrics.registry.getSingleMetricAsString('seenwear_http_requests_total');
    expect(counted).toContain('seenwear_http_requests_total{method="GET",route="unmatched",status="404"} 2');
  });
});

describe('the page door', () => {
  const headers = ['X-Frame-Options', 'DENY'];

  function appWith(options: { answers: boolean; current?: boolean; headers?: readonly string[] | null }) {
    const answered: DoorAnswer[] = [];
    const answerFromCache = vi.fn((_req, res: express.Response, head: string[]) => {
      if (!options.answers) return false;
      res.writeHead(200, head).end('cached');
      return true;
    });
    const app = express()
      .use(
        pageDoor({
          pages: { answerFromCache },
          headers: options.headers === undefined ? headers : options.headers,
          current: () => options.current ?? true,
          onAnswered: (answer) => answered.push(answer),
        }),
      )
      .use((_req, res) => void res.send('the pipeline'));
    return { app, answered, answerFromCache };
  }

  it('answers whole from the cache, with the fixed headers and a request id, and nothing after it runs', async () => {
    const { app, answered } = appWith({ answers: true });
    const response = await request(app).get('/about-us').set('X-Request-Id', 'trace-1').expect(200);
    expect(response.text).toBe('cached');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-request-id']).toBe('trace-1');
    expect(answered).toMatchObject([{ id: 'trace-1', statusCode: 200 }]);
  });

  it('leaves to the pipeline what the cache does not hold, and every request while the prices are due a look', async () => {
    const missing = appWith({ answers: false });
    expect((await request(missing.app).get('/about-us').expect(200)).text).toBe('the pipeline');
    expect(missing.answered).toEqual([]);
    const due = appWith({ answers: true, current: false });
    expect((await request(due.app).get('/about-us').expect(200)).text).toBe('the pipeline');
    expect(due.answerFromCache).not.toHaveBeenCalled();
  });

  it('is no door where each answer needs its own header (development’s nonce)', async () => {
    const { app, answerFromCache } = appWith({ answers: true, headers: null });
    expect((await request(app).get('/about-us').expect(200)).text).toBe('the pipeline');
    expect(answerFromCache).not.toHaveBeenCalled();
  });
});
