/**
 * The hardening review's attacks against the production server, over loopback only: `npm run bad-input`
 * (after `npm run build`); tests/e2e/bad-input.test.ts runs it too. Every loop is bounded. It prints the
 * inputs tried, the answers by status, the answers of 500 and above (only the designed 503 "too many uploads
 * at once" may appear), and the server's memory peak under a burst of twenty 25 MB uploads. Exits 1 when any
 * check fails.
 */

import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { thirdReviewAttacks } from '#scripts/bad-input-third-review.ts';
import { CSRF_FIELD, CSRF_HEADER } from '#shared/csrf-contract.ts';
import { formatBytes } from '#shared/submissions/format-bytes.ts';
import { liveVisitorSession, quoteFormData } from '#tests/support/quote-post.ts';
import { randomPng } from '#tests/support/random-png.ts';
import { type RunningServer, startServer } from '#tests/support/server-process.ts';

/** What a run found: the figures for the closing note, and the checks that failed (none, when it passes). */
export interface BadInputReport {
  inputs: number;
  byStatus: Record<string, number>;
  /** Answers ≥ 500 other than the designed 503 with Retry-After. */
  unexpectedServerErrors: number;
  /** The designed 503s (uploads busy). */
  busyAnswers: number;
  /** Resident bytes of the server: before the bursts, and the highest seen during each. */
  memory: { beforeBurst: number; peakUnsigned: number; peakSigned: number };
  failures: string[];
}

const UPLOAD_BYTES = 25 * 1024 * 1024;
const BURST = 20;
const boundary = 'bad-input-boundary';
/** Headers nobody must find in the log, with values that would be found if they were logged. */
const secretHeaders = {
  Authorization: `Bearer auth-${randomBytes(8).toString('hex')}`,
  'Proxy-Authorization': `Basic proxy-${randomBytes(8).toString('hex')}`,
  'X-Api-Key': `key-${randomBytes(8).toString('hex')}`,
};

/** One multipart part's head: a text field, or a file whose bytes follow it. */
function partHead(name: string, fileName?: string): string {
  const disposition = fileName === undefined ? '' : `; filename="${fileName}"`;
  const type = fileName === undefined ? '' : '\r\nContent-Type: application/pdf';
  return `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${disposition}${type}\r\n\r\n`;
}

/** What a raw post sends: text fields first, then `files` PDFs of `fileBytes` each (PDF by their first bytes, random after). */
interface RawForm {
  fields: Record<string, string>;
  files?: number;
  fileBytes?: number;
}

/** The parts of a form in order, files as their sizes: strings are written, numbers are that many bytes. */
function formPieces({ fields, files = 1, fileBytes = 0 }: RawForm): (string | number)[] {
  const pieces: (string | number)[] = Object.entries(fields).map(([name, value]) => `${partHead(name)}${value}\r\n`);
  for (let index = 0; index < files; index += 1)
    pieces.push(partHead('artwork', `art-${index}.pdf`), fileBytes, '\r\n');
  pieces.push(`--${boundary}--\r\n`);
  return pieces;
}

/** The resident memory of a process now (Linux /proc), in bytes; 0 where /proc is not there. */
function residentBytes(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** The production server the attacks run against: one address sends everything, and the budget is the least allowed. */
const serverEnv = {
  // Every post here comes from one address: the real limit would answer most of them 429.
  SUBMISSION_RATE_LIMIT: '100000',
  // One proxy in front, as behind nginx: a burst can then come from many addresses (X-Forwarded-For).
  TRUST_PROXY: '1',
  // 25 MB a day, the lowest allowed, so that three 10 MB files reach it.
  UPLOAD_MB_PER_DAY: '25',
  SMTP_URL: '',
};

/**
 * Starts the production server (the build must exist), runs every attack against it over loopback, then
 * one against a server whose disk floor is above the free space; the report says what happened.
 */
export async function runBadInput(): Promise<BadInputReport> {
  const server = await startServer(serverEnv);
  let report: BadInputReport;
  try {
    report = await attack(server);
  } finally {
    await server.stop();
  }
  // A floor no disk can meet: every upload must get 507, and the operator an alert line.
  const full = await startServer({ ...serverEnv, DISK_FREE_FLOOR_MB: '1000000' });
  try {
    const session = await liveVisitorSession(full.url);
    const response = await fetch(`${full.url}/api/quotes`, {
      method: 'POST',
      headers: { Cookie: session.cookie, [CSRF_HEADER]: session.token, Accept: 'application/json' },
      body: quoteFormData({
        name: 'Dana',
        email: 'dana@example.com',
        comments: '',
        file: randomPng(8),
        fileName: 'a.png',
      }),
    });
    await response.arrayBuffer();
    report.inputs += 1;
    report.byStatus[response.status] = (report.byStatus[response.status] ?? 0) + 1;
    if (response.status !== 507)
      report.failures.push(`an upload with the disk below its floor: ${response.status} (507 expected)`);
    // The log line is written as the answer goes out; give the pipe a moment to carry it.
    const deadline = Date.now() + 2000;
    while (!full.output().includes('"alert":"disk_low"') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (!full.output().includes('"alert":"disk_low"')) report.failures.push('no disk_low alert in the log');
  } finally {
    await full.stop();
  }
  return report;
}

/** Every attack against one running server. */
async function attack(server: RunningServer): Promise<BadInputReport> {
  const url = new URL(server.url);
  const answers: { status: number; retryAfter: boolean }[] = [];
  const record = (status: number, retryAfter: boolean) => answers.push({ status, retryAfter });
  const failures: string[] = [];
  const check = (ok: boolean, what: string) => {
    if (!ok) failures.push(what);
  };

  /** fetch, counted; never throws for a status. */
  async function send(path: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(new URL(path, url), { redirect: 'manual', ...init });
    await response.arrayBuffer();
    record(response.status, response.headers.has('retry-after'));
    return response;
  }

  /**
   * A raw post over a socket, written while the server still reads (as a browser would): resolves with
   * the status the server answered, 0 when it closed without one. `declared` overrides the length.
   */
  function rawPost(headers: Record<string, string>, body: RawForm, declared?: number): Promise<number> {
    const pieces = formPieces(body);
    const length = pieces.reduce<number>(
      (sum, piece) => sum + (typeof piece === 'number' ? piece : Buffer.byteLength(piece)),
      0,
    );
    return new Promise((resolve) => {
      const socket = connect(Number(url.port), url.hostname);
      const head = [
        'POST /api/quotes HTTP/1.1',
        `Host: ${url.host}`,
        'Accept: application/json',
        `Content-Type: multipart/form-data; boundary=${boundary}`,
        `Content-Length: ${declared ?? length}`,
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      ];
      const queue: (string | number)[] = [`${head.join('\r\n')}\r\n\r\n`, ...pieces];
      const block = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(64 * 1024 - 9)]);
      let answer = '';
      const pump = () => {
        while (queue.length > 0 && !socket.destroyed && answer === '') {
          const piece = queue[0] ?? '';
          let written: boolean;
          if (typeof piece === 'string') {
            queue.shift();
            written = socket.write(piece);
          } else {
            const size = Math.min(piece, block.length);
            if (size === piece) queue.shift();
            else queue[0] = piece - size;
            written = socket.write(block.subarray(0, size));
          }
          if (!written) return void socket.once('drain', pump);
        }
      };
      socket.on('data', (data) => {
        answer += data.toString('latin1');
        // Whatever the answer, this client is done once it came: a browser stops sending too.
        socket.end();
      });
      socket.on('error', () => undefined);
      socket.on('close', () => {
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
        record(status, /^retry-after:/im.test(answer));
        resolve(status);
      });
      pump();
    });
  }

  const session = await liveVisitorSession(server.url);
  const form = (headers: Record<string, string> = {}) => ({
    Cookie: session.cookie,
    [CSRF_HEADER]: session.token,
    Accept: 'application/json',
    ...headers,
  });

  // Five files of 5 MB: the most a form may carry, and no valid quote (so nothing is stored).
  const burstForm: RawForm = { fields: { name: 'A' }, files: 5, fileBytes: UPLOAD_BYTES / 5 };

  // 1. Uploads without a token, twenty at once: refused at the first file, never read into memory.
  const memoryBefore = residentBytes(server.child.pid ?? 0);
  let peak = memoryBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentBytes(server.child.pid ?? 0));
  }, 20);
  const unsigned = await Promise.all(
    Array.from({ length: BURST }, () => rawPost({ Cookie: session.cookie }, burstForm)),
  );
  const peakUnsigned = peak;
  check(
    unsigned.every((status) => status === 403),
    `a burst of ${BURST} uploads without a token: ${unsigned.join(' ')} (all 403 expected)`,
  );
  // 2. The same with a valid token, each from its own address (the proxy's X-Forwarded-For): at most
  // UPLOADS_AT_ONCE are read, the rest get 503 with Retry-After.
  const signed = await Promise.all(
    Array.from({ length: BURST }, (_, index) =>
      rawPost(
        { Cookie: session.cookie, [CSRF_HEADER]: session.token, 'X-Forwarded-For': `198.51.100.${index + 1}` },
        burstForm,
      ),
    ),
  );
  clearInterval(sampler);
  peak = Math.max(peak, residentBytes(server.child.pid ?? 0));
  check(
    signed.some((status) => status === 503) && signed.every((status) => [503, 413, 422].includes(status)),
    `a burst of ${BURST} signed uploads: ${signed.join(' ')} (503 beyond the ceiling, the rest refused as invalid)`,
  );
  // From one address: one is read at a time (UPLOADS_PER_VISITOR), the others get 429 with Retry-After.
  const oneAddress = await Promise.all(
    Array.from({ length: 4 }, () => rawPost({ Cookie: session.cookie, [CSRF_HEADER]: session.token }, burstForm)),
  );
  check(
    oneAddress.filter((status) => status === 429).length >= 2 &&
      oneAddress.every((status) => [429, 413, 422].includes(status)),
    `four signed uploads at once from one address: ${oneAddress.join(' ')} (429 beyond the one being read)`,
  );

  // 3. Where a post comes from.
  const contact = () => new URLSearchParams({ name: 'Lee Park', email: 'lee@example.com', message: 'Hello there' });
  const foreign: Record<string, string>[] = [
    { 'Sec-Fetch-Site': 'cross-site' },
    { 'Sec-Fetch-Site': 'same-site' },
    { Origin: 'https://evil.example' },
  ];
  for (const headers of foreign) {
    const response = await send('/api/contact', { method: 'POST', headers: form(headers), body: contact() });
    check(response.status === 403, `a contact post with ${JSON.stringify(headers)}: ${response.status} (403 expected)`);
  }
  // A pair planted under the bare names by a sibling subdomain is not the __Host- pair.
  const planted = session.cookie.replaceAll('__Host-', '');
  const plantedAnswer = await send('/api/contact', {
    method: 'POST',
    headers: form({ Cookie: planted }),
    body: contact(),
  });
  check(plantedAnswer.status === 403, `bare cookies instead of __Host- ones: ${plantedAnswer.status} (403 expected)`);
  for (const token of ['', 'forged', `${session.token}x`, session.token.replace(/^\d+/, '1')]) {
    const response = await send('/api/contact', {
      method: 'POST',
      headers: form({ [CSRF_HEADER]: token }),
      body: contact(),
    });
    check(response.status === 403, `a forged token "${token.slice(0, 12)}…": ${response.status} (403 expected)`);
  }

  // 4. Bodies and addresses a browser would never send.
  const malformed: [string, RequestInit, number][] = [
    ['/api/contact', { method: 'POST', headers: form({ 'Content-Type': 'application/json' }), body: '{"name":' }, 400],
    ['/api/contact', { method: 'POST', headers: form({ 'Content-Type': 'text/plain' }), body: 'name=x' }, 415],
    [
      '/api/contact',
      { method: 'POST', headers: form({ 'Content-Type': 'application/json; charset=latin1' }), body: '{}' },
      415,
    ],
    // Over the form bodies' 512 kB (room for a studio design, urlencoded): refused before it is read.
    [
      '/api/contact',
      { method: 'POST', headers: form({ 'Content-Type': 'application/json' }), body: 'x'.repeat(600_000) },
      413,
    ],
    ['/%E0%A4%A', {}, 400],
    ['/a%00b', {}, 400],
    ['/data/..%2f..%2fpackage.json', {}, 404],
  ];
  for (const [path, init, expected] of malformed) {
    const response = await send(path, init);
    check(response.status === expected, `${init.method ?? 'GET'} ${path}: ${response.status} (${expected} expected)`);
  }
  const declaredTooLarge = await rawPost(form(), { fields: {}, files: 0 }, 200 * 1024 * 1024);
  check(declaredTooLarge === 413, `an upload declaring 200 MB: ${declaredTooLarge} (413 expected)`);

  // 5. Hidden characters in one-line fields and file names.
  for (const [field, value] of [
    ['name', 'Dana\r\nBcc: everyone@example.com'],
    ['company', 'Acme\u202Egpj.exe'],
    ['phone', '555\u0000123'],
  ] as const) {
    const data = quoteFormData({
      name: 'Dana',
      email: 'dana@example.com',
      comments: '',
      file: randomPng(8),
      fileName: 'a.png',
    });
    data.set(field, value);
    const response = await send('/api/quotes', { method: 'POST', headers: form(), body: data });
    check(response.status === 422, `${field} with a control character: ${response.status} (422 expected)`);
  }
  const spoofedName = quoteFormData({
    name: 'Dana',
    email: 'dana@example.com',
    comments: '',
    file: randomPng(8),
    fileName: 'logo\u202Egnp.exe',
  });
  const spoofed = await send('/api/quotes', { method: 'POST', headers: form(), body: spoofedName });
  check(spoofed.status === 422, `a file name with U+202E: ${spoofed.status} (422 expected)`);

  // 6. Mail as a relay: one address gets at most 5 confirmations a day, whatever is sent.
  for (let index = 0; index < 7; index += 1) {
    const response = await send('/api/contact', {
      method: 'POST',
      headers: form(secretHeaders),
      body: new URLSearchParams({ name: 'Visit cheap-pills.example', email: 'victim@example.com', message: 'Spam' }),
    });
    check(response.status === 201, `contact post ${index + 1} to one address: ${response.status} (201 expected)`);
  }

  // 7. The field token must come before the file: a form whose token follows its file is refused at the file.
  const late = await rawPost({ Cookie: session.cookie }, { fields: { name: 'A' }, files: 1, fileBytes: 1024 * 1024 });
  check(late === 403, `a form whose token comes after its file: ${late} (403 expected)`);
  const first = await rawPost(
    { Cookie: session.cookie },
    { fields: { [CSRF_FIELD]: session.token, name: 'A' }, files: 1, fileBytes: 64 * 1024 },
  );
  check(first === 422, `a form with its token first and an invalid quote: ${first} (422 expected)`);

  // 8. A file that is a PDF by its first bytes only, with a valid quote around it.
  const fake = quoteFormData({
    name: 'Dana',
    email: 'dana@example.com',
    comments: '',
    file: Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(1024 * 1024)]),
    fileName: 'proof.pdf',
  });
  const fakeAnswer = await send('/api/quotes', { method: 'POST', headers: form(), body: fake });
  check(fakeAnswer.status === 422, `"%PDF-1.4" and 1 MB of random bytes: ${fakeAnswer.status} (422 expected)`);

  // 9. The daily budget (25 MB here): two 10 MB images are stored, the third is refused with 429.
  const big = [201, 201, 429];
  for (const [index, expected] of big.entries()) {
    const data = quoteFormData({
      name: 'Dana',
      email: `dana${index}@example.com`,
      comments: '',
      file: randomPng(1800),
      fileName: `photo-${index}.png`,
    });
    const response = await send('/api/quotes', { method: 'POST', headers: form(), body: data });
    check(
      response.status === expected,
      `10 MB upload ${index + 1} of the day: ${response.status} (${expected} expected)`,
    );
    if (expected === 429) check(response.headers.has('retry-after'), 'the budget refusal has no Retry-After');
  }

  // 10. The third review's: request targets, the log's redaction, the flash cookie, slots.
  await thirdReviewAttacks(server, session, { record, check });

  const log = server.output();
  for (const [name, value] of Object.entries(secretHeaders)) {
    check(!log.includes(value), `the ${name} header's value is in the log`);
  }
  check(log.includes('"reason":"confirmation_cap"'), 'no confirmation_cap warning after 7 posts to one address');

  const byStatus: Record<string, number> = {};
  for (const { status } of answers) byStatus[status] = (byStatus[status] ?? 0) + 1;
  const busyAnswers = answers.filter(({ status, retryAfter }) => status === 503 && retryAfter).length;
  const unexpectedServerErrors = answers.filter(({ status }) => status >= 500).length - busyAnswers;
  check(unexpectedServerErrors === 0, `${unexpectedServerErrors} answers of 500 or more that were not designed`);
  check(byStatus[0] === undefined, `${byStatus[0]} connections closed without an answer`);
  return {
    inputs: answers.length,
    byStatus,
    unexpectedServerErrors,
    busyAnswers,
    memory: { beforeBurst: memoryBefore, peakUnsigned, peakSigned: peak },
    failures,
  };
}

/** The report as a person reads it. */
export function describeReport(report: BadInputReport): string {
  const statuses = Object.entries(report.byStatus)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
  return [
    `inputs tried: ${report.inputs}`,
    `answers by status: ${statuses}`,
    `answers >= 500: ${report.busyAnswers} designed 503s with Retry-After, ${report.byStatus[507] ?? 0} designed 507 (disk floor), ${report.unexpectedServerErrors} others`,
    `server memory: ${formatBytes(report.memory.beforeBurst)} before the upload bursts; peak ${formatBytes(report.memory.peakUnsigned)} under ${BURST} x ${formatBytes(UPLOAD_BYTES)} without a token, ${formatBytes(report.memory.peakSigned)} under ${BURST} with one`,
    report.failures.length === 0 ? 'all checks passed' : `FAILED:\n  - ${report.failures.join('\n  - ')}`,
  ].join('\n');
}

if (import.meta.main) {
  const report = await runBadInput();
  console.log(describeReport(report));
  process.exitCode = report.failures.length === 0 ? 0 : 1;
}
