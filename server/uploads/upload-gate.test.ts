import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_FIELD, CSRF_HEADER } from '#shared/csrf-contract.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { visitorSession } from '#tests/support/visitor-session.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const boundary = 'gate-test-boundary';
/** A large upload as declared; the tests send only its beginning, as a slow or hostile client would. */
const DECLARED_BYTES = 20 * 1024 * 1024;

function textPart(name: string, value: string): string {
  return `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
}

function filePartHead(): string {
  return `--${boundary}\r\nContent-Disposition: form-data; name="artwork"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`;
}

// The server answers before it has read the body, or these never get an answer: the body is never finished.
describe('uploads are judged before they are read', () => {
  let t: TestApp;
  let port: number;
  let close: () => Promise<void>;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await createTestApp({ config: { submissionRateLimit: 1000, uploadsAtOnce: 1 } });
    const server = t.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await close();
  });

  /**
   * Starts a multipart post of DECLARED_BYTES and sends `head` of it; resolves with the status line and
   * headers once the server answers, and leaves the socket open (the rest is never sent).
   */
  function startUpload(headers: Record<string, string>, head: string) {
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    const lines = [
      'POST /api/quotes HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      'Accept: application/json',
      `Content-Type: multipart/form-data; boundary=${boundary}`,
      `Content-Length: ${DECLARED_BYTES}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    socket.write(`${lines.join('\r\n')}\r\n\r\n${head}`);
    // 256 kB of the file: far less than declared, far more than a token check needs.
    if (head.includes('filename=')) socket.write(Buffer.alloc(256 * 1024, 0x41));
    const answer = new Promise<string>((resolve, reject) => {
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString('latin1');
        if (text.includes('\r\n\r\n')) resolve(text);
      });
      socket.on('error', reject);
    });
    return { socket, answer };
  }

  it('refuses a wrong header token at once, without reading the body', async () => {
    const { cookie } = await visitorSession(t.app, '/pricing');
    const { answer } = startUpload({ Cookie: cookie, [CSRF_HEADER]: 'forged' }, '');
    const head = await answer;
    expect(head).toMatch(/^HTTP\/1\.1 403/);
    expect(head).toMatch(/Connection: close/i);
  });

  it('refuses a file that comes without the hidden token field before it, at the file', async () => {
    const { cookie } = await visitorSession(t.app, '/pricing');
    const { answer } = startUpload({ Cookie: cookie }, `${textPart('name', 'Dana')}${filePartHead()}`);
    expect(await answer).toMatch(/^HTTP\/1\.1 403/);
  });

  it('refuses a file after a forged token field', async () => {
    const { cookie } = await visitorSession(t.app, '/pricing');
    const { answer } = startUpload({ Cookie: cookie }, `${textPart(CSRF_FIELD, 'forged')}${filePartHead()}`);
    expect(await answer).toMatch(/^HTTP\/1\.1 403/);
  });

  it('reads one upload at a time here (UPLOADS_AT_ONCE=1): the next gets 503 and Retry-After until it is done', async () => {
    const holder = await visitorSession(t.app, '/pricing');
    // A valid token and a slow body: it holds the only slot.
    const slow = startUpload({ Cookie: holder.cookie, [CSRF_HEADER]: holder.token }, filePartHead());
    await new Promise((resolve) => setTimeout(resolve, 200));

    const { cookie, token } = await visitorSession(t.app, '/pricing');
    const busy = await request(t.app)
      .post('/api/quotes')
      .set({ Cookie: cookie, [CSRF_HEADER]: token, Accept: 'application/json' })
      .field('name', 'Dana')
      .attach('artwork', Buffer.from('%PDF-1.4\n'), 'small.pdf');
    expect(busy.status).toBe(503);
    expect(busy.headers['retry-after']).toBe('10');
    expect(busy.body.message).toMatch(/send the form again in 10 seconds/);

    // The contact form takes no files and is not held up.
    await request(t.app)
      .post('/api/contact')
      .set({ Cookie: cookie, [CSRF_HEADER]: token, Accept: 'application/json' })
      .field('name', 'Lee Park')
      .field('email', 'lee@example.com')
      .field('message', 'Do you print on tote bags?')
      .expect(201);

    // The slow client goes away: its slot is free again.
    slow.socket.destroy();
    await expect
      .poll(async () => {
        const next = await request(t.app)
          .post('/api/quotes')
          .set({ Cookie: cookie, [CSRF_HEADER]: token, Accept: 'application/json' })
          .field('name', 'Dana')
          .attach('artwork', Buffer.from('%PDF-1.4\n'), 'small.pdf');
        return next.status;
      })
      .toBe(422);
  });
});
