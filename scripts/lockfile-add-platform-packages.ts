/**
 * The npm registry reachable from our machines serves only some platforms' builds of packages that ship
 * native binaries (Biome's CLI, Tailwind's oxide). npm then writes no lock entry for the others, and
 * `npm ci` refuses the lockfile. This adds the entries npm would write on a machine that can see them
 * (version, optional, os/cpu/libc); `npm ci` then accepts the lockfile and skips them as foreign
 * platforms. Run it after any `npm install` that changes dependencies:
 *   node scripts/lockfile-add-platform-packages.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';

interface LockEntry {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  optionalDependencies?: Record<string, string>;
  os?: string[];
  cpu?: string[];
  libc?: string[];
}

const lockPath = 'package-lock.json';
const lock = JSON.parse(readFileSync(lockPath, 'utf8')) as { packages: Record<string, LockEntry> };

/** Platform constraints read from the package name, as these packages declare them. */
function platformOf(name: string): Pick<LockEntry, 'os' | 'cpu' | 'libc'> | undefined {
  const os = [
    'aix',
    'android',
    'darwin',
    'freebsd',
    'linux',
    'netbsd',
    'openbsd',
    'openharmony',
    'sunos',
    'win32',
  ].find((value) => name.includes(`-${value}-`));
  const cpu = ['arm64', 'x64', 'arm', 'wasm32', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x'].find((value) =>
    new RegExp(`-${value}(-|$)`).test(name),
  );
  if (name.endsWith('-wasm32-wasi')) return { cpu: ['wasm32'] };
  if (!os || !cpu) return undefined;
  return {
    os: [os],
    cpu: [cpu],
    ...(name.includes('-musl') ? { libc: ['musl'] } : name.includes('-gnu') ? { libc: ['glibc'] } : {}),
  };
}

const added: string[] = [];
for (const [parentPath, parent] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(parent.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    const platform = platformOf(name);
    if (lock.packages[key] || !platform) continue;
    lock.packages[key] = { version, ...(parent.dev ? { dev: true } : {}), optional: true, ...platform };
    added.push(`${name}@${version} (for ${parentPath.replace(/^node_modules\//, '')})`);
  }
}
// npm keeps the entries sorted by path; so do we, so that a later `npm install` leaves no noise.
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(
  added.length === 0 ? 'lockfile: nothing to add' : `lockfile: added ${added.length} entries\n  ${added.join('\n  ')}`,
);
