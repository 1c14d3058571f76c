import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freeBytes, type StatfsReader } from './free-space.ts';

/** A statfs that knows some folders; any other path does not exist. */
function fakeStatfs(known: Record<string, { bavail: number | bigint; bsize: number | bigint }>): StatfsReader {
  return async (path) => {
    const stats = known[path];
    if (stats) return stats;
    throw Object.assign(new Error(`ENOENT: no such file or directory, statfs '${path}'`), { code: 'ENOENT' });
  };
}

describe('freeBytes', () => {
  it('is the blocks an unprivileged process may use times their size, in numbers or bigints', async () => {
    expect(await freeBytes('/srv/db', fakeStatfs({ '/srv/db': { bavail: 1000, bsize: 4096 } }))).toBe(4_096_000);
    expect(await freeBytes('/srv/db', fakeStatfs({ '/srv/db': { bavail: 3n, bsize: 4096n } }))).toBe(12_288);
  });

  it('measures a folder not made yet on the nearest one above it that exists', async () => {
    const statfs = fakeStatfs({ '/srv': { bavail: 10, bsize: 512 } });
    expect(await freeBytes('/srv/seenwear/var', statfs)).toBe(5120);
  });

  it('passes on any other failure rather than guessing', async () => {
    const denied: StatfsReader = async () => {
      throw Object.assign(new Error('EACCES'), { code: 'EACCES' });
    };
    await expect(freeBytes('/srv/db', denied)).rejects.toThrow('EACCES');
  });

  it('reads the real disk through fs.statfs', async () => {
    expect(await freeBytes(join(tmpdir(), 'seenwear-free-space-never-made', 'var'))).toBeGreaterThan(0);
  });
});
