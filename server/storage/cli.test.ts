import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStorage, type SqliteStorage } from './sqlite-storage.ts';

/** `npm run submissions -- …` without npm: the script as operators run it, on this Node. */
const script = new URL('../../scripts/submissions.ts', import.meta.url).pathname;

function cli(args: string[], dataDir: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { env: { ...process.env, DATA_DIR: dataDir } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** RFC 4180 read back, to check the export round-trips rather than how it looks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const character = text[index];
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (character === '"') quoted = false;
      else cell += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      row.push(cell);
      cell = '';
    } else if (character === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index++;
    } else cell += character;
  }
  if (cell !== '' || row.length > 0) throw new Error(`the last record does not end with CRLF: ${JSON.stringify(cell)}`);
  return rows;
}

const formula = '=HYPERLINK("https://evil.example","Open invoice")';
const tricky = 'Lee, "The Printer"\nSpringfield';

let dataDir: string;
let storage: SqliteStorage;
let quoteReference: string;
let contactReference: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'seenwear-cli-'));
  let now = new Date('2026-04-02T14:30:00.000Z');
  storage = await openSqliteStorage({ dataDir, now: () => now });
  ({ reference: quoteReference } = await storage.saveSubmission({
    kind: 'quote',
    name: formula,
    email: 'dana@example.com',
    payload: { garment: 'Hoodies', quantity: 24, message: 'Two colours,\n"navy" and grey', phone: '+1 555 0100' },
    files: [
      { name: 'logo.png', mediaType: 'image/png', size: 2048, data: Buffer.alloc(2048, 7) },
      { name: 'brief.pdf', mediaType: 'application/pdf', size: 10, data: Buffer.alloc(10, 1) },
    ],
  }));
  now = new Date('2026-04-03T09:05:00.000Z');
  ({ reference: contactReference } = await storage.saveSubmission({
    kind: 'contact',
    name: tricky,
    email: 'lee@example.com',
    payload: { message: 'Do you embroider caps?' },
    files: [],
  }));
  const [shop, customer] = await storage.dueNotifications(now, 2);
  await storage.markNotificationSent(shop?.id ?? 0, new Date('2026-04-02T14:30:05.000Z'));
  await storage.markNotificationFailed(customer?.id ?? 0, '550 mailbox unavailable', new Date('2026-04-02T15:00:00Z'));
  // The server stays open while operators read: WAL lets the CLI in beside it.
});

afterAll(async () => {
  await storage.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('npm run submissions', { timeout: 20_000 }, () => {
  it('lists newest first with the files and the mail still to send', async () => {
    const { code, stdout, stderr } = await cli(['list'], dataDir);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^Reference\s+Kind\s+Received \(UTC\)\s+Name\s+Email\s+Files\s+Pending mail$/);
    // The newline a visitor typed is shown, not obeyed; a long name is cut to keep the columns.
    expect(lines[1]).toMatch(
      new RegExp(`^${contactReference}\\s+contact\\s+2026-04-03 09:05\\s+Lee, "The Printer"\\\\u000aSpr…\\s+`),
    );
    expect(lines[1]).toMatch(/lee@example\.com\s+0\s+2$/);
    expect(lines[2]).toMatch(new RegExp(`^${quoteReference}\\s+quote\\s+2026-04-02 14:30\\s+`));
    expect(lines[2]).toMatch(/dana@example\.com\s+2\s+1$/);
    expect(lines).toHaveLength(3);

    const quotes = await cli(['list', '--kind', 'quote', '--limit', '5'], dataDir);
    expect(quotes.stdout).toContain(quoteReference);
    expect(quotes.stdout).not.toContain(contactReference);
  });

  it('shows one submission: its fields, files and where each notification stands', async () => {
    const { code, stdout } = await cli(['show', quoteReference.toLowerCase()], dataDir);
    expect(code).toBe(0);
    expect(stdout).toContain(`${quoteReference} (quote)`);
    expect(stdout).toContain('Received  2026-04-02 14:30:00 UTC');
    expect(stdout).toContain(`Name      ${formula}`);
    expect(stdout).toMatch(/garment\s+Hoodies/);
    expect(stdout).toMatch(/quantity\s+24/);
    // A multi-line answer stays readable, its lines under one another.
    expect(stdout).toMatch(/message\s+Two colours,\n\s+"navy" and grey/);
    expect(stdout).toContain('1. logo.png  image/png  2.0 KB (2,048 bytes)');
    expect(stdout).toContain('2. brief.pdf  application/pdf  10 B');
    expect(stdout).toMatch(/shop\s+sent 2026-04-02 14:30:05 UTC \(1 attempt\)/);
    expect(stdout).toMatch(
      /customer\s+not sent after 1 attempt, last error: 550 mailbox unavailable; next try 2026-04-02 15:00:00 UTC/,
    );
  });

  it('exports RFC 4180 CSV that a spreadsheet cannot turn into a formula', async () => {
    const { code, stdout, stderr } = await cli(['export', '--format', 'csv'], dataDir);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const rows = parseCsv(stdout);
    expect(rows).toEqual([
      ['reference', 'kind', 'created_at', 'name', 'email', 'file_count', 'payload'],
      [quoteReference, 'quote', '2026-04-02T14:30:00.000Z', `'${formula}`, 'dana@example.com', '2', expect.any(String)],
      [contactReference, 'contact', '2026-04-03T09:05:00.000Z', tricky, 'lee@example.com', '0', expect.any(String)],
    ]);
    expect(JSON.parse(rows[1]?.[6] ?? '')).toEqual({
      garment: 'Hoodies',
      quantity: 24,
      message: 'Two colours,\n"navy" and grey',
      phone: '+1 555 0100',
    });
    // The raw text: the formula cell is quoted because of its own quotes, and starts with the apostrophe.
    expect(stdout).toContain(`,"'=HYPERLINK(""https://evil.example"",""Open invoice"")",`);

    const contacts = parseCsv((await cli(['export', '--kind', 'contact'], dataDir)).stdout);
    expect(contacts.map((row) => row[0])).toEqual(['reference', contactReference]);
  });

  it('exits 1 for a reference that does not exist, or a data directory without a database', async () => {
    const unknown = await cli(['show', 'Q-2026-999999'], dataDir);
    expect(unknown).toEqual({
      code: 1,
      stdout: '',
      stderr: 'submissions: no submission with reference Q-2026-999999\n',
    });

    const elsewhere = join(dataDir, 'typo');
    const missing = await cli(['list'], elsewhere);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`no submissions database at ${join(elsewhere, 'submissions.sqlite')}`);
    // Looking must not create an empty database where the operator mistyped.
    expect(existsSync(elsewhere)).toBe(false);
  });

  it('exits 2 with the usage for anything it does not understand', async () => {
    for (const args of [
      [],
      ['delete', quoteReference],
      ['constructor'],
      ['list', '--limit', 'ten'],
      ['list', '--kind', 'order'],
      ['list', '--verbose'],
      ['show'],
      ['show', quoteReference, contactReference],
      ['export', '--format', 'xlsx'],
    ]) {
      const { code, stdout, stderr } = await cli(args, dataDir);
      expect({ args, code, stdout }).toEqual({ args, code: 2, stdout: '' });
      expect(stderr).toContain('Usage: npm run submissions -- <command>');
    }
    const help = await cli(['--help'], dataDir);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('export --format csv');
  });
});
