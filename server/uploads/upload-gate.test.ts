import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_FIELD, CSRF_HEADER } from '#shared/csrf-contract.ts';
import { type ListeningApp, listenOnLoopback, statusOf } from '#tests/support/raw-socket.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { visitorSession } from '#tests/support/visitor-session.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const boundary = 'gate-test-boundary';
/** A large upload as declared; the tests send only its beginning, as a slow or hostile client would. */
const DECLARED_BYTES = 20 * 1024 * 1024;

function textPart(name: string, value: string): string {
  return `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
}

function filePartHead(field = 'artwork'): string {
  return `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`;
}

/** An upload in progress over a raw socket: the body is never finished unless the test sends more. */
interface Upload {
  socket: Socket;
  /** The status line and headers, once the server answers. */
  answer: Promise<string>;
  /** Resolves once the server (or the test) has closed the connection. */
  closed: Promise<unknown>;
}

/** The server's uploads being read now, as its metrics count them. */
async function uploadsInProgress(t: TestApp): Promise<number> {
  return (await t.metrics.uploadsInProgress.get()).values[0]?.value ?? 0;
}

/** Apps on loopback ports, and every socket a test opened: all closed after each file. */
function uploadHarness() {
  const sockets: Socket[] = [];
  const servers: ListeningApp[] = [];

  /**
   * Starts a multipart post of DECLARED_BYTES to `path` and sends `head` of it, then, if it carries a
   * file, 256 kB of the file: far less than declared, far more than a token check needs.
   */
  function startUpload(
    server: ListeningApp,
    headers: Record<string, string>,
    head: string,
    path = '/api/quotes',
  ): Upload {
    const socket = connect(server.port, '127.0.0.1');
    sockets.push(socket);
    const lines = [
      `POST ${path} HTTP/1.1`,
      `Host: 127.0.0.1:${server.port}`,
      'Accept: application/json',
      `Content-Type: multipart/form-data; boundary=${boundary}`,
      `Content-Length: ${DECLARED_BYTES}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    socket.write(`${lines.join('\r\n')}\r\n\r\n${head}`);
    if (head.includes('filename=')) socket.write(Buffer.alloc(256 * 1024, 0x41));
    const answer = new Promise<string>((resolve, reject) => {
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString('latin1');
        if (text.includes('\r\n\r\n')) resolve(text);
      });
      socket.on('error', reject);
    });
    return { socket, answer, closed: once(socket, 'close') };
  }

  async function listen(t: TestApp): Promise<ListeningApp> {
    const server = await listenOnLoopback(t.app);
    servers.push(server);
    return server;
  }

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await Promise.all(servers.map((server) => server.close()));
  });
  return { startUpload, listen };
}

/** A quote with a small file, as the page's script posts it; 422 (no valid quote) means it was read. */
function smallUpload(t: TestApp, session: { cookie: string; token: string }, headers: Record<string, string> = {}) {
  return request(t.app)
    .post('/api/quotes')
    .set({ Cookie: session.cookie, [CSRF_HEADER]: session.token, Accept: 'application/json', ...headers })
    .field('name', 'Dana')
    .attach('artwork', Buffer.from('%PDF-1.4\n'), 'small.pdf');
}

// The server answers before it has read the body, or these never get an answer: the body is never finished.
describe('uploads are judged before they are read', () => {
  const { startUpload, listen } = uploadHarness();
  let t: TestApp;
  let server: ListeningApp;

  beforeAll(async () => {
    // One slot, and visitors told apart by X-Forwarded-For (one proxy in front), as behind nginx.
    t = await createTestApp({ config: { submissionRateLimit: 1000, uploadsAtOnce: 1, trustProxy: 1 } });
    server = await listen(t);
  });
  afterEach(async () => {
    await expect.poll(() => uploadsInProgress(t)).toBe(0);
  });

  it('refuses a wrong header token at once, without reading the body', async () => {
    const { cookie } = await visitorSession(t.app, '/pricing');
    const { answer } = startUpload(server, { Cookie: cookie, [CSRF_HEADER]: 'forged' }, '');
    const head = await answer;
    expect(head).toMatch(/^HTTP\/1\.1 403/);
    expect(head).toMatch(/Connection: close/i);
  });

  it('refuses a file that comes without the hidden token field before it, at the file', async () => {
    const { cookie } = await visitorSession(t.app, '/pricing');
    const { answer } = startUpload(server, { Cookie: cookie }, `${textPart('name', 'Dana')}${filePartHead()}`);
    expect(await answer).toMatch(/^HTTP\/1\.1 403/);
  });

  it('refuses a file after a forged token field', async () => {
    const { cookie } = await visitorSession(t.app, '/pricing');
    const { answer } = startUpload(server, { Cookie: cookie }, `${textPart(CSRF_FIELD, 'forged')}${filePartHead()}`);
    expect(await answer).toMatch(/^HTTP\/1\.1 403/);
  });

  it('reads one upload at a time here (UPLOADS_AT_ONCE=1): the next gets 503 and Retry-After until it is done', async () => {
    const holder = await visitorSession(t.app, '/pricing');
    // A valid token and a slow body: it holds the only slot once its file begins.
    const slow = startUpload(
      server,
      { Cookie: holder.cookie, [CSRF_HEADER]: holder.token, 'X-Forwarded-For': '203.0.113.1' },
      filePartHead(),
    );
    await expect.poll(() => uploadsInProgress(t)).toBe(1);

    const other = await visitorSession(t.app, '/pricing');
    const busy = await smallUpload(t, other, { 'X-Forwarded-For': '203.0.113.2' });
    expect(busy.status).toBe(503);
    expect(busy.headers['retry-after']).toBe('10');
    expect(busy.body.message).toMatch(/send the form again in 10 seconds/);

    // The contact form takes no files and is not held up.
    await request(t.app)
      .post('/api/contact')
      .set({ Cookie: other.cookie, [CSRF_HEADER]: other.token, Accept: 'application/json' })
      .field('name', 'Lee Park')
      .field('email', 'lee@example.com')
      .field('message', 'Do you print on tote bags?')
      .expect(201);

    // The slow client goes away: its slot is free again.
    slow.socket.destroy();
    await expect.poll(() => uploadsInProgress(t)).toBe(0);
    expect((await smallUpload(t, other, { 'X-Forwarded-For': '203.0.113.2' })).status).toBe(422);
  });

  it('closes the connection of a proof posted without a desk session, unread, after its 401', async () => {
    const { cookie } = await visitorSession(t.app, '/pricing');
    const post = startUpload(server, { Cookie: cookie }, filePartHead('proof'), '/staff/requests/Q-2026-000001/proofs');
    const head = await post.answer;
    expect(statusOf(head)).toBe(401);
    expect(head).toMatch(/Connection: close/i);
    // Closed by the server, though the 20 MB it declared never came.
    await post.closed;
  });

  it('closes the connection of a message posted to a wrong private link, unread, after its 404', async () => {
    const { cookie, token } = await visitorSession(t.app, '/pricing');
    const post = startUpload(
      server,
      { Cookie: cookie, [CSRF_HEADER]: token },
      filePartHead(),
      `/requests/Q-2026-000001/${'x'.repeat(43)}/messages`,
    );
    expect(statusOf(await post.answer)).toBe(404);
    await post.closed;
  });
});

// Once, four slow posts took every slot and every real upload answered 503 for 55 s.
describe('slow posts cannot hold the upload slots', () => {
  const { startUpload, listen } = uploadHarness();
  let t: TestApp;
  let server: ListeningApp;
  const IDLE_MS = 1500;

  beforeAll(async () => {
    t = await createTestApp({
      config: { submissionRateLimit: 1000, uploadsAtOnce: 4, trustProxy: 1, uploadIdleMs: IDLE_MS },
    });
    server = await listen(t);
  });

  /** Sends one byte of `text` every `everyMs` until the socket closes; returns a function that stops it. */
  function trickle(upload: Upload, text: string, everyMs: number): () => void {
    let sent = 0;
    const timer = setInterval(() => {
      if (upload.socket.destroyed || sent >= text.length) return clearInterval(timer);
      upload.socket.write(text.charAt(sent));
      sent += 1;
    }, everyMs);
    return () => clearInterval(timer);
  }

  it('four posts trickling their fields without a token hold no slot: a real upload from the same address goes through', async () => {
    const attacker = await visitorSession(t.app, '/pricing');
    const posts = Array.from({ length: 4 }, () => startUpload(server, { Cookie: attacker.cookie }, ''));
    // A byte every 200 ms, well inside the idle cut: the posts stay open, their file never begins.
    const stops = posts.map((post) => trickle(post, textPart('comments', 'x'.repeat(500)), 200));
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await uploadsInProgress(t)).toBe(0);
      const customer = await visitorSession(t.app, '/pricing');
      expect((await smallUpload(t, customer)).status).toBe(422);
    } finally {
      for (const stop of stops) stop();
      for (const post of posts) post.socket.destroy();
    }
  });

  it('one address holds one slot: its other uploads get 429 with Retry-After, and another customer’s goes through', async () => {
    const attacker = await visitorSession(t.app, '/pricing');
    const address = { 'X-Forwarded-For': '198.51.100.9' };
    const slow = Array.from({ length: 4 }, () =>
      startUpload(server, { Cookie: attacker.cookie, [CSRF_HEADER]: attacker.token, ...address }, filePartHead()),
    );
    const stops = slow.map((upload) => trickle(upload, 'A'.repeat(10_000), 200));
    try {
      const answers: string[] = [];
      for (const upload of slow)
        void upload.answer.then(
          (head) => answers.push(head),
          () => undefined,
        );
      // Whichever file began first holds the address's slot; the other three are refused as theirs begin.
      await expect.poll(() => answers.length).toBe(3);
      expect(answers.map(statusOf)).toEqual([429, 429, 429]);
      for (const head of answers) expect(head).toMatch(/Retry-After: 10/i);
      expect(await uploadsInProgress(t)).toBe(1);
      const customer = await visitorSession(t.app, '/pricing');
      expect((await smallUpload(t, customer, { 'X-Forwarded-For': '192.0.2.44' })).status).toBe(422);
      const again = await smallUpload(t, attacker, address);
      expect(again.status).toBe(429);
      expect(again.body.message).toMatch(/still arriving.*send this form again in 10 seconds/);
      expect(t.lines.some((line) => line.reason === 'uploads_busy_visitor')).toBe(true);
    } finally {
      for (const stop of stops) stop();
      for (const upload of slow) upload.socket.destroy();
    }
    await expect.poll(() => uploadsInProgress(t)).toBe(0);
  });

  it(`cuts an upload that sends nothing for the idle time (${IDLE_MS} ms here, 10 s by default): 408, closed, slot freed`, async () => {
    const customer = await visitorSession(t.app, '/pricing');
    const stalled = startUpload(server, { Cookie: customer.cookie, [CSRF_HEADER]: customer.token }, filePartHead());
    await expect.poll(() => uploadsInProgress(t)).toBe(1);
    const started = Date.now();
    const head = await stalled.answer;
    const waited = Date.now() - started;
    expect(statusOf(head)).toBe(408);
    expect(head).toMatch(/Connection: close/i);
    expect(waited).toBeGreaterThan(IDLE_MS - 600);
    expect(waited).toBeLessThan(IDLE_MS + 2000);
    await stalled.closed;
    await expect.poll(() => uploadsInProgress(t)).toBe(0);
    expect(t.lines.some((line) => line.reason === 'upload_idle')).toBe(true);
  });

  it('does not cut an upload that is slow but keeps arriving', async () => {
    const customer = await visitorSession(t.app, '/pricing');
    const slow = startUpload(server, { Cookie: customer.cookie, [CSRF_HEADER]: customer.token }, filePartHead());
    const stop = trickle(slow, 'A'.repeat(10_000), IDLE_MS / 3);
    try {
      let answered = false;
      void slow.answer.then(() => {
        answered = true;
      });
      await new Promise((resolve) => setTimeout(resolve, IDLE_MS * 2));
      expect(answered).toBe(false);
      expect(await uploadsInProgress(t)).toBe(1);
    } finally {
      stop();
      slow.socket.destroy();
    }
    await expect.poll(() => uploadsInProgress(t)).toBe(0);
  });
});
