/**
 * The operators' view of the stored submissions: `npm run submissions -- list | show REF | export | purge`.
 * Uses the database the server writes (DATABASE_DIR, default ./var), safely while the server runs.
 * Exit codes: 0 done, 1 no such database or reference, 2 bad usage.
 */

import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { type ParseArgsOptionsConfig, parseArgs } from 'node:util';
import { readStaffSettings, readStorageLocation } from '#server/config.ts';
import { createFeatureStores, type FeatureStores } from '#server/feature-stores.ts';
import type { NotificationRecipient, NotificationState } from '#server/mail/outbox-store.ts';
import { createStaffAuth } from '#server/staff/staff-auth.ts';
import { openDatabase } from '#server/storage/open-database.ts';
import { databasePath } from '#server/storage/sqlite/sqlite-database.ts';
import type { Submission, SubmissionKind, SubmissionSummary } from '#server/submissions/submission-store.ts';
import { formatBytes } from '#shared/submissions/format-bytes.ts';
import {
  ORDER_RETENTION_YEARS,
  orderRetentionCutoff,
  retentionCutoff,
  SUBMISSION_RETENTION_MONTHS,
} from '#shared/submissions/retention.ts';

const usage = `Usage: npm run submissions -- <command> [options]

Commands:
  list [--kind quote|contact] [--limit N]       Newest first, 50 unless --limit says otherwise
  show REF                                      One submission: its fields, files and notifications
  export --format csv [--kind quote|contact]    Every submission, oldest first, as CSV on standard output
  failed                                        The notifications given up on (refused for good by the mail
                                                server, or still failing days later), oldest first
  resend REF [--to shop|customer]               Send REF's failed notifications again (once the address or
                                                the mail server is fixed); the next worker run takes them
  staff-link EMAIL                              Print a one-time sign-in link to the staff desk for an address
                                                in STAFF_EMAILS (valid 15 minutes; for a shop without SMTP)
  purge [--older-than-days N] [--dry-run]       Delete the submissions received before UTC midnight N days
                                                ago (default: the privacy policy's period), with their files
                                                and notifications, sent or not; lists those never mailed to
                                                the shop. Orders (an approved quote, a payment) are kept the
                                                policy's ${ORDER_RETENTION_YEARS} years. --dry-run only counts.

To save the export: npm run --silent submissions -- export --format csv > submissions.csv
(without --silent, npm prints its own header lines into the file).
The server runs the same purge daily for the privacy policy's ${SUBMISSION_RETENTION_MONTHS} months: no cron needed.

The database is the server's: PostgreSQL at $DATABASE_URL when set, otherwise
$DATABASE_DIR/submissions.sqlite (DATABASE_DIR defaults to ./var).
Exit codes: 0 done, 1 no database or no such reference, 2 bad usage.
`;

const defaultListLimit = 50;

class UsageError extends Error {}

class NotFoundError extends Error {}

/** Reads its arguments (throwing UsageError) before the database is opened, then runs against it. */
type Command = (args: string[]) => (stores: FeatureStores) => Promise<void>;

const commands: Record<string, Command> = {
  list,
  show,
  export: exportCsv,
  purge,
  failed,
  resend,
  'staff-link': staffLink,
};

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === 'help' || name === '--help' || name === '-h') {
    process.stdout.write(usage);
    return 0;
  }
  if (name === undefined) throw new UsageError('no command given');
  // Own keys only: "constructor" or "toString" are not commands.
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command) throw new UsageError(`unknown command "${name}"`);
  const run = command(args);
  const location = readStorageLocation();
  if ('databaseDir' in location) {
    const path = databasePath(location.databaseDir);
    // Opening would create an empty database: a mistyped DATABASE_DIR must say so, not list nothing.
    if (!existsSync(path)) throw new NotFoundError(`no submissions database at ${path} (is DATABASE_DIR right?)`);
  }
  // On PostgreSQL a wrong address fails to connect; the schema is brought up to date as the server does.
  const database = await openDatabase(location);
  try {
    await run(createFeatureStores(database));
  } finally {
    await database.close();
  }
  return 0;
}

function parse(args: string[], options: ParseArgsOptionsConfig, { positionals = 0, needs = '' } = {}) {
  let parsed: { values: Record<string, string | boolean | undefined>; positionals: string[] };
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true }) as typeof parsed;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (parsed.positionals.length !== positionals) {
    throw new UsageError(
      parsed.positionals.length > positionals
        ? `unexpected argument "${parsed.positionals[positionals]}"`
        : `missing ${needs}`,
    );
  }
  return parsed;
}

function kindOption(value: string | boolean | undefined): SubmissionKind | undefined {
  if (value === undefined || value === 'quote' || value === 'contact') return value;
  throw new UsageError(`--kind must be quote or contact, not "${String(value)}"`);
}

function list(args: string[]) {
  const { values } = parse(args, { kind: { type: 'string' }, limit: { type: 'string' } });
  const kind = kindOption(values.kind);
  const limit = values.limit === undefined ? defaultListLimit : Number(values.limit);
  if (!Number.isSafeInteger(limit) || limit < 1) {
    throw new UsageError(`--limit must be a whole number of 1 or more, not "${String(values.limit)}"`);
  }
  return async ({ submissions }: FeatureStores) => {
    const rows = await submissions.listSubmissions({ kind, limit });
    if (rows.length === 0) {
      process.stdout.write(kind ? `No ${kind} submissions yet.\n` : 'No submissions yet.\n');
      return;
    }
    const table = [
      ['Reference', 'Kind', 'Received (UTC)', 'Name', 'Email', 'Files', 'Pending mail'],
      ...rows.map((row) => [
        row.reference,
        row.kind,
        formatDate(row.createdAt).slice(0, 16),
        clip(printable(row.name), 28),
        clip(printable(row.email), 36),
        String(row.fileCount),
        String(row.pendingNotifications),
      ]),
    ];
    const widths = table[0]?.map((_, column) => Math.max(...table.map((cells) => cells[column]?.length ?? 0))) ?? [];
    for (const cells of table) {
      const line = cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ');
      process.stdout.write(`${line.trimEnd()}\n`);
    }
    if (rows.length === limit) process.stdout.write(`(the newest ${limit}: --limit N shows more)\n`);
  };
}

function failed(args: string[]) {
  parse(args, {});
  return async ({ outbox }: FeatureStores) => {
    const rows = await outbox.failedNotifications();
    if (rows.length === 0) {
      process.stdout.write('No failed notifications.\n');
      return;
    }
    const table = [
      ['Reference', 'To', 'Failed (UTC)', 'Attempts', 'Last error'],
      ...rows.map((row) => [
        row.reference ?? '(no request)',
        row.recipient,
        row.failedAt ? formatDate(row.failedAt).slice(0, 16) : '',
        String(row.attempts),
        clip(printable(row.lastError ?? ''), 60),
      ]),
    ];
    const widths = table[0]?.map((_, column) => Math.max(...table.map((cells) => cells[column]?.length ?? 0))) ?? [];
    for (const cells of table) {
      const line = cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ');
      process.stdout.write(`${line.trimEnd()}\n`);
    }
    process.stdout.write('Send one again, once fixed: npm run submissions -- resend REF [--to shop|customer]\n');
  };
}

function staffLink(args: string[]) {
  const { positionals } = parse(
    args,
    {},
    { positionals: 1, needs: 'the address, as in: staff-link owner@shop.example' },
  );
  const { staffEmails, publicUrl } = readStaffSettings();
  return async ({ desk }: FeatureStores) => {
    const auth = createStaffAuth(desk, { staffEmails, secure: false });
    const email = auth.staffAddress(positionals[0]);
    if (!email) {
      throw new NotFoundError(
        `${printable(positionals[0] ?? '')} is not in STAFF_EMAILS (${staffEmails.length === 0 ? 'not set' : staffEmails.join(', ')})`,
      );
    }
    const secret = await auth.createLink(email);
    process.stdout.write(`Sign-in link for ${email}, valid 15 minutes, once:\n${publicUrl}/staff/sign-in/${secret}\n`);
  };
}

function resend(args: string[]) {
  const { values, positionals } = parse(
    args,
    { to: { type: 'string' } },
    { positionals: 1, needs: 'the reference, as in: resend Q-2026-000123' },
  );
  if (values.to !== undefined && values.to !== 'shop' && values.to !== 'customer') {
    throw new UsageError(`--to must be shop or customer, not "${String(values.to)}"`);
  }
  const recipient = values.to as NotificationRecipient | undefined;
  const reference = (positionals[0] ?? '').trim().toUpperCase();
  return async ({ outbox, submissions }: FeatureStores) => {
    if (!(await submissions.getSubmission(reference))) {
      throw new NotFoundError(`no submission with reference ${printable(reference)}`);
    }
    const count = await outbox.resendNotifications(reference, recipient);
    process.stdout.write(
      count === 0
        ? `${reference} has no failed notification${recipient ? ` to the ${recipient}` : ''}.\n`
        : `${reference}: ${count} notification${count === 1 ? '' : 's'} will be sent again.\n`,
    );
  };
}

function show(args: string[]) {
  const { positionals } = parse(args, {}, { positionals: 1, needs: 'the reference, as in: show Q-2026-000123' });
  const reference = (positionals[0] ?? '').trim().toUpperCase();
  return async ({ outbox, submissions }: FeatureStores) => {
    const submission = await submissions.getSubmission(reference);
    if (!submission) throw new NotFoundError(`no submission with reference ${printable(reference)}`);
    const notifications = await outbox.notificationsOf(reference);
    process.stdout.write(describe(submission, notifications));
  };
}

function describe(submission: Submission, notifications: NotificationState[]): string {
  const lines = [
    `${submission.reference} (${submission.kind})`,
    `Received  ${formatDate(submission.createdAt)}`,
    `Name      ${printable(submission.name)}`,
    `Email     ${printable(submission.email)}`,
    '',
    'Fields',
  ];
  const fields = Object.entries(submission.payload);
  const labelWidth = Math.max(0, ...fields.map(([key]) => printable(key).length));
  for (const [key, value] of fields) {
    const [first = '', ...rest] = printable(formatValue(value), { multiline: true }).split('\n');
    lines.push(`  ${printable(key).padEnd(labelWidth)}  ${first}`);
    for (const line of rest) lines.push(`  ${' '.repeat(labelWidth)}  ${line}`);
  }
  if (fields.length === 0) lines.push('  (none)');
  lines.push('', `Files (${submission.files.length})`);
  submission.files.forEach((file, index) => {
    lines.push(`  ${index + 1}. ${printable(file.name)}  ${printable(file.mediaType)}  ${formatSize(file.size)}`);
  });
  if (submission.files.length === 0) lines.push('  (none)');
  lines.push('', 'Notifications');
  for (const notification of notifications)
    lines.push(`  ${notification.recipient.padEnd(8)}  ${status(notification)}`);
  return `${lines.join('\n')}\n`;
}

function status(notification: NotificationState): string {
  const attempts = `${notification.attempts} attempt${notification.attempts === 1 ? '' : 's'}`;
  if (notification.sentAt) return `sent ${formatDate(notification.sentAt)} (${attempts})`;
  if (notification.failedAt) {
    const error = notification.lastError === null ? '' : `, last error: ${printable(notification.lastError)}`;
    return `failed ${formatDate(notification.failedAt)} after ${attempts}${error}; not tried again until resent`;
  }
  const next = formatDate(notification.nextAttemptAt);
  if (notification.attempts === 0) return `not tried yet (due ${next})`;
  const error = notification.lastError === null ? '' : `, last error: ${printable(notification.lastError)}`;
  return `not sent after ${attempts}${error}; next try ${next}`;
}

function exportCsv(args: string[]) {
  const { values } = parse(args, { format: { type: 'string', default: 'csv' }, kind: { type: 'string' } });
  if (values.format !== 'csv') throw new UsageError(`--format must be csv, not "${String(values.format)}"`);
  const kind = kindOption(values.kind);
  return async ({ submissions }: FeatureStores) => {
    // A ledger reads oldest first; one submission at a time is loaded, so memory stays flat.
    const summaries: SubmissionSummary[] = (await submissions.listSubmissions({ kind })).reverse();
    await write(csvRow(['reference', 'kind', 'created_at', 'name', 'email', 'file_count', 'payload']));
    for (const summary of summaries) {
      const submission = await submissions.getSubmission(summary.reference);
      if (!submission) continue;
      await write(
        csvRow([
          submission.reference,
          submission.kind,
          submission.createdAt.toISOString(),
          submission.name,
          submission.email,
          String(submission.fileCount),
          JSON.stringify(submission.payload),
        ]),
      );
    }
  };
}

const dayMs = 24 * 60 * 60 * 1000;

function purge(args: string[]) {
  const { values } = parse(args, { 'older-than-days': { type: 'string' }, 'dry-run': { type: 'boolean' } });
  const days = values['older-than-days'];
  // Digits only: Number() would also take "1e3", "0x10" or " 7 ", and a purge is no place for surprises.
  if (
    days !== undefined &&
    (typeof days !== 'string' || !/^[1-9][0-9]*$/.test(days) || !Number.isSafeInteger(Number(days)))
  ) {
    throw new UsageError(`--older-than-days must be a whole number of 1 or more, not "${String(days)}"`);
  }
  // From midnight UTC, not from the moment the command runs: the same day deletes the same
  // submissions whatever hour it runs, and the summary's date is exactly the cutoff. Without the
  // option, the privacy policy's period, as the server's daily purge reckons it.
  const today = new Date();
  const cutoff =
    days === undefined
      ? retentionCutoff(today)
      : new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - Number(days) * dayMs);
  // No submission predates 1970: a cutoff before it can only be a typo.
  if (!(cutoff.getTime() >= 0)) throw new UsageError(`--older-than-days ${days} goes back before 1970`);
  const dryRun = values['dry-run'] === true;
  // Orders are the shop's records for tax: kept their years even when the cutoff asked is nearer.
  const keptOrders = orderRetentionCutoff(today);
  const ordersBefore = new Date(Math.min(keptOrders.getTime(), cutoff.getTime()));
  return async ({ submissions }: FeatureStores) => {
    const { deleted, neverMailedToShop, walTruncated } = await submissions.deleteSubmissionsBefore(cutoff, {
      dryRun,
      ordersBefore,
    });
    const before = cutoff.toISOString().slice(0, 10);
    const lines = [
      `${dryRun ? 'Would delete' : 'Deleted'} ${deleted} submission${deleted === 1 ? '' : 's'} created before ${before}` +
        (ordersBefore < cutoff ? ` (orders: before ${ordersBefore.toISOString().slice(0, 10)}).` : '.'),
    ];
    if (neverMailedToShop.length > 0) {
      // The shop may never have seen these: their references are all that is left to follow them up.
      const count = neverMailedToShop.length;
      lines.push(
        `${count} of them ${count === 1 ? 'was' : 'were'} never mailed to the shop: ${neverMailedToShop.join(', ')}`,
      );
    }
    if (walTruncated === false) {
      lines.push(
        'The write-ahead log could not be emptied (another process was reading): run purge again once it is done.',
      );
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  };
}

/** One RFC 4180 record, CRLF included. */
function csvRow(cells: string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

function csvCell(value: string): string {
  // Spreadsheets run a cell that starts with = + - @ (or a tab or CR before one) as a formula, and
  // these cells hold what visitors typed: a leading apostrophe makes Excel, LibreOffice and Sheets
  // show it as text instead (OWASP's advice on CSV injection).
  const inert = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert;
}

async function write(text: string) {
  if (!process.stdout.write(text)) await once(process.stdout, 'drain');
}

function formatDate(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** The staff notation, and the exact count where it rounds. */
function formatSize(bytes: number): string {
  const short = formatBytes(bytes, 'staff');
  return bytes < 1024 ? short : `${short} (${bytes.toLocaleString('en-US')} bytes)`;
}

function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null)) {
    return value.map(String).join(', ');
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

const unsafeCharacters = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu;

/**
 * Visitors wrote these strings and the operator's terminal interprets escape sequences: control and
 * bidirectional-override characters are shown as \u escapes, never sent raw.
 */
function printable(text: string, { multiline = false } = {}): string {
  const lines = multiline ? text.replaceAll('\r\n', '\n') : text;
  return lines.replace(unsafeCharacters, (character) =>
    multiline && character === '\n' ? character : `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function clip(text: string, width: number): string {
  return text.length > width ? `${text.slice(0, width - 1)}…` : text;
}

// `npm run submissions -- export | head` closes the pipe early: that is the reader's choice, not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`submissions: ${error.message}\n\n${usage}`);
      process.exitCode = 2;
    } else if (error instanceof NotFoundError) {
      process.stderr.write(`submissions: ${error.message}\n`);
      process.exitCode = 1;
    } else {
      process.stderr.write(`submissions: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    }
  },
);
