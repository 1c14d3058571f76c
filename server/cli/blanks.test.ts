import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, openTestStorage, type TestStorage } from '#tests/support/test-storage.ts';

/** `npm run blanks -- …` without npm: the script as operators run it, on this Node. */
const script = fileURLToPath(new URL('./blanks.ts', import.meta.url));
const fixture = (name: string) => fileURLToPath(new URL(`../../tests/fixtures/blanks/${name}`, import.meta.url));

function cli(args: string[], storage: TestStorage) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const where = storage.location;
    const env =
      'databaseUrl' in where
        ? { ...process.env, DATABASE_URL: where.databaseUrl }
        : { ...process.env, DATABASE_URL: '', DATABASE_DIR: where.databaseDir };
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

describe.each(backends)('npm run blanks, on %s', (backend) => {
  let storage: TestStorage;
  beforeAll(async () => {
    storage = await openTestStorage(backend);
  });
  afterAll(() => storage.close());

  it('imports alphabroder’s sample and says so; status tells how old each supplier’s figures are', async () => {
    const done = await cli(
      ['import', '--supplier', 'alphabroder', '--taken', '2026-11-28T06:00:00Z', fixture('alphabroder.csv')],
      storage,
    );
    expect(done.stderr).toBe('');
    expect(done.code).toBe(0);
    expect(done.stdout).toMatch(
      /^Imported 10 SKUs for alphabroder from alphabroder\.csv in [\d.]+ s; figures taken 2026-11-28T06:00:00\.000Z\.\n$/,
    );
    const status = await cli(['status'], storage);
    expect(status.stdout).toMatch(
      /^ss-activewear: not imported yet\nsanmar: not imported yet\nalphabroder: 10 SKUs from alphabroder\.csv, taken \d+ (hours|days) ago \(2026-11-28T06:00:00\.000Z\)\n$/,
    );
  });

  it('refuses another supplier’s layout with exit code 1, importing nothing', async () => {
    const refused = await cli(['import', '--supplier', 'sanmar', fixture('alphabroder.csv')], storage);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('nothing was imported; the last import stays in force.');
    expect(refused.stderr).toContain('Line 1: this is not the SanMar EPDD file layout');
    expect((await storage.blanks.currentImports()).map((row) => row.supplier)).toEqual(['alphabroder']);
  });

  it('says how to use it when the supplier is missing (exit code 2)', async () => {
    const wrong = await cli(['import', fixture('alphabroder.csv')], storage);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--supplier must be one of ss-activewear, sanmar, alphabroder');
  });
});
