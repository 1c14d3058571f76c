import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureCsrfSecret } from './ensure-csrf-secret.ts';

const secret = 'f'.repeat(64);
const envFile = () => path.join(mkdtempSync(path.join(tmpdir(), 'seenwear-env-')), '.env');

describe('ensureCsrfSecret', () => {
  it('leaves everything alone when the environment has one', () => {
    const file = envFile();
    expect(ensureCsrfSecret({ CSRF_SECRET: secret }, file)).toBe('environment');
    expect(() => statSync(file)).toThrow(/ENOENT/);
  });

  it('leaves .env alone when it has one', () => {
    const file = envFile();
    writeFileSync(file, `# ours\nCSRF_SECRET=${secret}\n`);
    expect(ensureCsrfSecret({}, file)).toBe('file');
    expect(readFileSync(file, 'utf8')).toBe(`# ours\nCSRF_SECRET=${secret}\n`);
  });

  it('creates .env with a random secret, readable by its owner only', () => {
    const file = envFile();
    expect(ensureCsrfSecret({ CSRF_SECRET: '' }, file)).toBe('created');
    expect(readFileSync(file, 'utf8')).toMatch(/^CSRF_SECRET=[0-9a-f]{64}\n$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('adds the secret to an existing .env without touching its other lines', () => {
    const file = envFile();
    writeFileSync(file, 'PORT=4000');
    expect(ensureCsrfSecret({}, file, () => secret)).toBe('created');
    expect(readFileSync(file, 'utf8')).toBe(`PORT=4000\nCSRF_SECRET=${secret}\n`);
  });

  it('says once, as a script, that it wrote one and that instances must share it', () => {
    const dir = path.dirname(envFile());
    const script = new URL('./ensure-csrf-secret.ts', import.meta.url).pathname;
    const run = () =>
      spawnSync(process.execPath, [script], { cwd: dir, encoding: 'utf8', env: { PATH: process.env.PATH } });
    const first = run();
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/wrote a random one to \.env.*share one/);
    const second = run();
    expect(second.status).toBe(0);
    expect(second.stdout).toBe('');
    expect(readFileSync(path.join(dir, '.env'), 'utf8')).toMatch(/^CSRF_SECRET=[0-9a-f]{64}\n$/);
  });
});
