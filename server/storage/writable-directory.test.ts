import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureWritableDirectory } from './writable-directory.ts';

const asRoot = process.getuid?.() === 0;
const NOBODY = 65534;
const made: string[] = [];

/** A folder this test's user owns; read-only for the user that checks it. */
function readOnlyFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'seenwear-readonly-'));
  made.push(dir);
  // Root writes anyway, so as root the check runs as nobody (as a container's user would), for whom 0755 is
  // read-only; otherwise the owner itself checks a folder it made read-only.
  chmodSync(dir, asRoot ? 0o755 : 0o555);
  return dir;
}

/**
 * The error message ensureWritableDirectory gives the checking user, or "ok".
 *
 * As root the child loads the module while still root and only then becomes nobody: a checkout under /root
 * (mode 0700), Node 24 included (node_modules/node), is out of nobody's reach, but a check that runs after
 * setuid is nobody's all the same (real and effective ids, no supplementary groups, as spawn's uid/gid give).
 */
function check(dir: string): string {
  const module = new URL('./writable-directory.ts', import.meta.url).pathname;
  // Dropped for good: with the ids checked, nothing the check does can run as root.
  const becomeNobody = asRoot
    ? `process.setgroups([]); process.setgid(${NOBODY}); process.setuid(${NOBODY});
if (process.getuid() !== ${NOBODY} || process.geteuid() !== ${NOBODY} || process.getegid() !== ${NOBODY}) throw new Error('still root');`
    : '';
  const script = `import { ensureWritableDirectory } from ${JSON.stringify(module)};
${becomeNobody}
ensureWritableDirectory(${JSON.stringify(dir)}).then(() => console.log('ok'), (error) => console.log(error.message));`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', cwd: tmpdir() });
  if (child.status !== 0) throw new Error(`the check itself failed: ${child.stderr}`);
  return child.stdout.trim();
}

afterEach(() => {
  for (const dir of made.splice(0)) chmodSync(dir, 0o755);
});

describe('ensureWritableDirectory', () => {
  it('names the folder, its owner and its mode when the server may not write there', () => {
    const dir = readOnlyFolder();
    const { uid, gid } = statSync(dir);
    const message = check(dir);
    expect(message).toContain(
      `The data directory ${dir} is not writable by this process (uid ${asRoot ? NOBODY : uid}`,
    );
    expect(message).toContain(`${dir} is owned by uid ${uid}`);
    expect(message).toContain(`gid ${gid}, mode ${asRoot ? '755' : '555'}`);
    expect(message).toMatch(/chown -R \d+ .*named volume/);
  });

  it('names the parent that stops a missing folder from being created', () => {
    const parent = readOnlyFolder();
    const dir = path.join(parent, 'var');
    const message = check(dir);
    expect(message).toContain(`The data directory ${dir} cannot be created by this process`);
    expect(message).toContain(`${parent} is owned by uid ${statSync(parent).uid}`);
    expect(existsSync(dir)).toBe(false);
  });

  it('creates a missing folder where it may, and passes a writable one', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'seenwear-writable-')), 'var', 'data');
    await ensureWritableDirectory(dir);
    expect(statSync(dir).isDirectory()).toBe(true);
    await expect(ensureWritableDirectory(dir)).resolves.toBeUndefined();
  });
});
