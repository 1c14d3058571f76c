import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDirectory, runDailyBackup } from '#server/storage/daily-backup.ts';
import type { StorageLocation } from '#server/storage/open-database.ts';
import { memoryLogger } from '#tests/support/memory-logger.ts';
import { backends, newStorageLocation, openTestStorage } from '#tests/support/test-storage.ts';

/** `npm run db -- …` without npm: the script as operators run it, on this Node. */
const script = new URL('./db.ts', import.meta.url).pathname;

function db(args: string[], where: StorageLocation, databaseDir: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    // DATABASE_DIR is also where the backups folder is, on PostgreSQL too.
    const env = { ...process.env, DATABASE_DIR: databaseDir, DATABASE_URL: '' };
    if ('databaseUrl' in where) env.DATABASE_URL = where.databaseUrl;
    const child = spawn(process.execPath, [script, ...args], { env });
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

describe.each(backends)('npm run db on %s', { timeout: 30_000 }, (backend) => {
  let storage: Awaited<ReturnType<typeof openTestStorage>>;
  let folder: string;
  let dataDir: string;
  let reference: string;

  beforeAll(async () => {
    storage = await openTestStorage(backend);
    folder = await mkdtemp(join(tmpdir(), 'seenwear-db-cli-'));
    dataDir = 'databaseDir' in storage.location ? storage.location.databaseDir : join(folder, 'var');
    ({ reference } = await storage.submissions.saveSubmission({
      kind: 'quote',
      name: 'Dana',
      email: 'dana@example.com',
      payload: {},
      files: [{ name: 'logo.png', mediaType: 'image/png', size: 2048, data: Buffer.alloc(2048, 7) }],
    }));
  });

  afterAll(async () => {
    await storage.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('prints the status for a person at a terminal, warning of a missing backup', async () => {
    const result = await db(['status'], storage.location, dataDir);
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
    expect(result.stdout).toMatch(
      backend === 'sqlite' ? /^Database +SQLite \/.*submissions\.sqlite$/m : /^Database +PostgreSQL postgres:\/\//m,
    );
    expect(result.stdout).toMatch(/^Schema +0\d{3}-/m);
    expect(result.stdout).toMatch(/^Submissions +1 quote request, 0 contact messages; 1 file, 2.0 KB$/m);
    expect(result.stdout).toMatch(/^Outbox +2 pending \(oldest waiting under a minute\), 0 failed, 0 sent$/m);
    expect(result.stdout).toMatch(/^Last backup +none in /m);
    expect(result.stdout).toContain('Warning: No daily backup in the last 26 hours');

    await runDailyBackup(backupDirectory(dataDir), { location: storage.location, logger: memoryLogger().logger });
    const after = await db(['status'], storage.location, dataDir);
    expect(after.stdout).toMatch(
      /^Last backup +\d{4}-\d\d-\d\d \d\d:\d\d UTC, under a minute ago: .*submissions-\d{4}-\d\d-\d\d\.(sqlite|pgdump)/m,
    );
    expect(after.stdout).not.toContain('Warning');
  });

  it('backs up, restores into an empty database, and refuses to restore over data', async () => {
    const file = join(folder, 'manual.bak');
    const backup = await db(['backup', file], storage.location, dataDir);
    expect({ code: backup.code, stderr: backup.stderr }).toEqual({ code: 0, stderr: '' });
    expect(backup.stdout).toContain(`to ${file} (`);

    const target = await newStorageLocation(backend);
    const targetDir = 'databaseDir' in target ? target.databaseDir : join(folder, 'target');
    const restore = await db(['restore', file], target, targetDir);
    expect({ code: restore.code, stderr: restore.stderr }).toEqual({ code: 0, stderr: '' });
    expect(restore.stdout).toMatch(/^Restored .* schema 0\d{3}-/);
    const status = await db(['status'], target, targetDir);
    expect(status.stdout).toMatch(/^Submissions +1 quote request/m);

    const again = await db(['restore', file], target, targetDir);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^db: the database is not empty \(/);
    const over = await db(['backup', file], storage.location, dataDir);
    expect(over).toMatchObject({ code: 1, stderr: expect.stringMatching(/already exists/) });
    expect(reference).toMatch(/^Q-/);
  });

  it('exits 2 with the usage on a bad command line', async () => {
    for (const args of [[], ['backup'], ['restore', 'a', 'b'], ['status', 'x'], ['drop']]) {
      const result = await db(args, storage.location, dataDir);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('Usage: npm run db -- <command>');
    }
  });
});
