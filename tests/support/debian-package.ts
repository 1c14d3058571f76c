import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * The tests' own way to a Debian package they need (postgresql, nginx), as tests/support/chromium.ts
 * does for the browser: as root on Debian it is installed with apt-get (said on stderr as it happens),
 * so `npm test` passes on a fresh machine; otherwise the error names the command to run. Services the
 * package would start are not started (RUNLEVEL=1): the tests run their own, in temporary folders.
 */
export function ensureDebianPackage(name: string, isInstalled: () => boolean, purpose: string): void {
  if (isInstalled()) return;
  const command = `apt-get update && apt-get install -y ${name}`;
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
    throw new Error(`${name} is not installed: ${purpose}. Install it with: ${command}`);
  }
  process.stderr.write(`${name}: running as root on Debian, so installing Debian's package: ${command}\n`);
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', name],
  ]) {
    const result = spawnSync('apt-get', args, {
      encoding: 'utf8',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive', RUNLEVEL: '1' },
    });
    if (result.status !== 0) {
      const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n').slice(-20).join('\n');
      throw new Error(`apt-get ${args.join(' ')} failed (${result.error ?? `exit ${result.status}`}):\n${output}`);
    }
  }
  if (!isInstalled()) throw new Error(`${name} is still missing after apt-get install ${name}`);
}
