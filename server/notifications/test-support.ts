/**
 * For the notification tests only: a real SMTP server on loopback, a reader for what it received,
 * an in-memory Storage and a logger whose lines can be read back.
 */
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import type { NewSubmission, OutboxMessage, Storage, Submission } from '#server/storage/types.ts';

export interface MimePart {
  headers: Map<string, string>;
  body: Buffer;
  parts: MimePart[];
}

export interface ReceivedMail {
  envelopeTo: string[];
  message: MimePart;
  /** Decoded header value, or undefined. */
  header(name: string): string | undefined;
  text: string;
  html: string | undefined;
  attachments: { filename: string | undefined; contentType: string; content: Buffer }[];
}

export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  /** While set, every message is refused with this error. */
  rejectWith: (Error & { responseCode?: number }) | undefined;
  /** How long the server waits before accepting a message. */
  delayMs: number;
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const state: TestSmtpServer = {
    url: '',
    received: [],
    rejectWith: undefined,
    delayMs: 0,
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.rejectWith) {
          callback(state.rejectWith);
          return;
        }
        const raw = Buffer.concat(chunks).toString('latin1');
        state.received.push(
          readMail(
            raw,
            session.envelope.rcptTo.map((rcpt) => rcpt.address),
          ),
        );
        setTimeout(() => callback(), state.delayMs);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  state.url = `smtp://127.0.0.1:${port}`;
  return state;
}

/** A loopback address where nothing listens: connections to it are refused at once. */
export async function closedSmtpUrl(): Promise<string> {
  const server = await startSmtpServer();
  await server.close();
  return server.url;
}

function readMail(raw: string, envelopeTo: string[]): ReceivedMail {
  const message = parseMime(raw);
  const leaves = leavesOf(message);
  const textPart = leaves.find((part) => contentType(part) === 'text/plain' && !isAttachment(part));
  const htmlPart = leaves.find((part) => contentType(part) === 'text/html' && !isAttachment(part));
  return {
    envelopeTo,
    message,
    header: (name) => {
      const value = message.headers.get(name.toLowerCase());
      return value === undefined ? undefined : decodeWords(value);
    },
    text: textPart ? textPart.body.toString('utf8') : '',
    html: htmlPart?.body.toString('utf8'),
    attachments: leaves.filter(isAttachment).map((part) => ({
      filename: parameter(part.headers.get('content-disposition') ?? '', 'filename'),
      contentType: contentType(part),
      content: part.body,
    })),
  };
}

/** Just enough MIME for what nodemailer writes: headers, multipart, base64 and quoted-printable. */
function parseMime(raw: string): MimePart {
  const split = raw.indexOf('\r\n\r\n');
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? '' : raw.slice(split + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    if (colon > 0 && !headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = parameter(type, 'boundary');
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const sections = body.split(`--${boundary}`).slice(1, -1);
    const parts = sections.map((section) => parseMime(section.replace(/^\r\n/, '').replace(/\r\n$/, '')));
    return { headers, body: Buffer.alloc(0), parts };
  }
  return { headers, body: decodeBody(body, headers.get('content-transfer-encoding')), parts: [] };
}

function decodeBody(body: string, encoding = '7bit'): Buffer {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64');
    case 'quoted-printable':
      return Buffer.from(
        body
          .replace(/=\r\n/g, '')
          .replace(/=([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
        'latin1',
      );
    default:
      return Buffer.from(body, 'latin1');
  }
}

/** RFC 2047 encoded words, as nodemailer writes non-ASCII names and subjects. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([bq])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, text: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9a-f]{2})/gi, (__, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

function leavesOf(part: MimePart): MimePart[] {
  return part.parts.length === 0 ? [part] : part.parts.flatMap(leavesOf);
}

function contentType(part: MimePart): string {
  return (part.headers.get('content-type') ?? 'text/plain').split(';')[0]?.trim().toLowerCase() ?? '';
}

function isAttachment(part: MimePart): boolean {
  return (part.headers.get('content-disposition') ?? '').toLowerCase().startsWith('attachment');
}

function parameter(header: string, name: string): string | undefined {
  const match = new RegExp(`${name}="?([^";]+)"?`, 'i').exec(header);
  return match?.[1];
}

export interface FakeStorage extends Storage {
  outbox: (OutboxMessage & { sentAt: Date | null })[];
}

/** The Storage contract in memory, as the SQLite one behaves: one outbox row per recipient. */
export function fakeStorage(): FakeStorage {
  const submissions = new Map<string, Submission>();
  const outbox: FakeStorage['outbox'] = [];
  let counter = 0;
  // Not outbox.length: rows are removed by a purge, and an id must never come back.
  let lastOutboxId = 0;
  const pending = (reference: string) => outbox.filter((row) => row.reference === reference && !row.sentAt).length;
  const row = (id: number) => {
    const found = outbox.find((candidate) => candidate.id === id);
    if (!found) throw new Error(`no outbox row ${id}`);
    return found;
  };
  return {
    outbox,
    async saveSubmission(submission: NewSubmission) {
      counter += 1;
      const prefix = submission.kind === 'quote' ? 'Q' : 'C';
      const reference = `${prefix}-2026-${String(counter).padStart(6, '0')}`;
      const createdAt = new Date('2026-03-14T15:04:05Z');
      submissions.set(reference, {
        ...submission,
        reference,
        createdAt,
        fileCount: submission.files.length,
        pendingNotifications: 0,
      });
      for (const recipient of ['shop', 'customer'] as const) {
        outbox.push({
          id: ++lastOutboxId,
          reference,
          recipient,
          attempts: 0,
          nextAttemptAt: createdAt,
          lastError: null,
          sentAt: null,
        });
      }
      return { reference };
    },
    async getSubmission(reference) {
      const found = submissions.get(reference);
      return found && { ...found, pendingNotifications: pending(reference) };
    },
    async listSubmissions() {
      return [...submissions.values()]
        .reverse()
        .map((found) => ({ ...found, pendingNotifications: pending(found.reference) }));
    },
    async dueNotifications(now, limit) {
      return outbox
        .filter((candidate) => !candidate.sentAt && candidate.nextAttemptAt <= now)
        .slice(0, limit)
        .map(({ sentAt: _sentAt, ...message }) => message);
    },
    async markNotificationSent(id, sentAt) {
      row(id).sentAt = sentAt;
    },
    async markNotificationFailed(id, error, nextAttemptAt) {
      const found = row(id);
      found.attempts += 1;
      found.lastError = error;
      found.nextAttemptAt = nextAttemptAt;
    },
    async deleteSubmissionsBefore(cutoff, { dryRun = false } = {}) {
      let deleted = 0;
      let keptUnsent = 0;
      for (const [reference, found] of submissions) {
        if (found.createdAt >= cutoff) continue;
        if (pending(reference) > 0) {
          keptUnsent += 1;
          continue;
        }
        deleted += 1;
        if (dryRun) continue;
        submissions.delete(reference);
        // In place: tests hold on to this array.
        for (let index = outbox.length - 1; index >= 0; index--) {
          if (outbox[index]?.reference === reference) outbox.splice(index, 1);
        }
      }
      return { deleted, keptUnsent };
    },
    async close() {},
  };
}

/** A pino logger at info level whose lines the test reads back, parsed. */
export function memoryLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  return { logger, lines };
}
