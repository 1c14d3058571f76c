/**
 * The attacks of the third security review, run by bad-input.ts against the same production server, over
 * loopback only, every loop bounded: odd request targets, private keys in the log, a planted flash cookie,
 * slow posts holding upload slots, and a proof posted without a desk session.
 */

import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { CSRF_HEADER } from '#shared/csrf-contract.ts';
import { rawExchange, statusOf } from '#tests/support/raw-socket.ts';
import type { RunningServer } from '#tests/support/server-process.ts';

/** What the attacks report back to the run: each answer's status, and each check. */
export interface AttackTools {
  record(status: number, retryAfter: boolean): void;
  check(ok: boolean, what: string): void;
}

const boundary = 'third-review-boundary';

/** Waits (2 s at most) until the server's log holds `text`: lines are written as answers go out. */
async function logged(server: RunningServer, text: string): Promise<boolean> {
  const deadline = Date.now() + 2000;
  while (!server.output().includes(text) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return server.output().includes(text);
}

/** Opens a multipart post declaring `declared` bytes and sends only `head`; the answer's head, or '' once closed. */
function openPost(port: number, path: string, headers: Record<string, string>, head: string, declared: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  const lines = [
    `POST ${path} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    'Accept: application/json',
    `Content-Type: multipart/form-data; boundary=${boundary}`,
    `Content-Length: ${declared}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  socket.write(`${lines.join('\r\n')}\r\n\r\n${head}`);
  let text = '';
  socket.on('data', (chunk) => {
    text += chunk.toString('latin1');
  });
  socket.on('error', () => undefined);
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(text)));
  return { socket, closed, answer: () => text };
}

export async function thirdReviewAttacks(
  server: RunningServer,
  session: { cookie: string; token: string },
  { record, check }: AttackTools,
): Promise<void> {
  const port = Number(new URL(server.url).port);
  const exchange = async (request: string) => {
    const answer = await rawExchange(port, request);
    record(answer.status, /^retry-after:/im.test(answer.text));
    return answer;
  };
  const get = (method: string, target: string, extra = '') =>
    exchange(`${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${extra}Connection: close\r\n\r\n`);

  // Targets in absolute-form and "*" once made a 500 with two error lines each.
  for (const [method, target, expected] of [
    ['GET', 'http://evil.example/', 200],
    ['GET', 'http://evil.example/about-us', 200],
    ['GET', '*', 400],
    ['OPTIONS', '*', 400],
    ['POST', '*', 400],
  ] as const) {
    const { status } = await get(method, target, method === 'POST' ? 'Content-Length: 0\r\n' : '');
    check(status === expected, `${method} ${target}: ${status} (${expected} expected)`);
  }

  // A private link's key in any case or form of the target is never logged.
  const secret = randomBytes(32).toString('base64url');
  for (const [method, target, extra] of [
    ['GET', `/Requests/Q-2026-000001/${secret}`, ''],
    ['GET', `http://evil.example/requests/Q-2026-000001/${secret}`, ''],
    ['GET', `/staff/Sign-In/${secret}`, ''],
    ['POST', `/REQUESTS/Q-2026-000001/${secret}/cancel`, 'Sec-Fetch-Site: cross-site\r\nContent-Length: 0\r\n'],
    ['POST', `/requests/Q-2026-000001/${secret}/cancel`, 'Content-Length: 0\r\n'],
  ] as const) {
    await get(method, target, extra);
  }
  const marker = `redaction-${randomBytes(6).toString('hex')}`;
  await get('GET', '/about-us', `X-Request-Id: ${marker}\r\n`);
  check(await logged(server, marker), 'the request log did not show the last request');
  check(!server.output().includes(secret), 'a private link’s key is in the log');

  // A flash message planted by a sibling subdomain (unsigned) is never shown.
  const planted = Buffer.from(
    JSON.stringify({
      type: 'error',
      text: 'Your order is on hold. Call 555-0100.',
      link: { href: '/pay', text: 'Update payment' },
    }),
  ).toString('base64url');
  const page = await get('GET', '/contact-us', `Cookie: __Host-flash=${planted}; flash=${planted}\r\n`);
  check(page.status === 200 && !page.text.includes('555-0100'), 'a planted flash message was shown');

  // Four posts trickling their fields without a token hold no upload slot.
  const trickling = Array.from({ length: 4 }, () =>
    openPost(port, '/api/quotes', { Cookie: session.cookie }, '', 5 * 1024 * 1024),
  );
  const field = `--${boundary}\r\nContent-Disposition: form-data; name="comments"\r\n\r\n${'x'.repeat(200)}`;
  let sent = 0;
  const trickle = setInterval(() => {
    for (const post of trickling) post.socket.write(field.charAt(sent % field.length));
    sent += 1;
  }, 250);
  try {
    const form = new FormData();
    form.append('name', 'Dana');
    form.append('artwork', new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n'))], { type: 'application/pdf' }), 'a.pdf');
    const response = await fetch(`${server.url}/api/quotes`, {
      method: 'POST',
      headers: { Cookie: session.cookie, [CSRF_HEADER]: session.token, Accept: 'application/json' },
      body: form,
    });
    await response.arrayBuffer();
    record(response.status, response.headers.has('retry-after'));
    check(
      response.status === 422,
      `an upload while four posts without a token trickle: ${response.status} (422, read and judged, expected)`,
    );
  } finally {
    clearInterval(trickle);
    for (const post of trickling) post.socket.destroy();
  }

  // A proof posted without a desk session gets its 401, and its connection is closed unread.
  const proof = openPost(
    port,
    '/staff/requests/Q-2026-000001/proofs',
    { Cookie: session.cookie },
    `--${boundary}\r\nContent-Disposition: form-data; name="proof"; filename="p.pdf"\r\n\r\n%PDF-1.4\n`,
    5 * 1024 * 1024,
  );
  const closedUnread = await Promise.race([
    proof.closed.then(() => true),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), 5000)),
  ]);
  proof.socket.destroy();
  const proofStatus = statusOf(proof.answer());
  record(proofStatus, false);
  check(
    proofStatus === 401 && closedUnread,
    `a proof without a desk session: ${proofStatus}, ${closedUnread ? 'closed' : 'left open'} (401 and closed expected)`,
  );
}
