import { statfs } from 'node:fs/promises';
import { dirname } from 'node:path';

/** What free-space needs of `fs.statfs`: blocks an unprivileged process may still use, and their size. */
export type StatfsReader = (path: string) => Promise<{ bavail: number | bigint; bsize: number | bigint }>;

/**
 * Bytes an unprivileged process may still write on the filesystem holding `path` (`bavail`, not
 * `bfree`: the blocks reserved for root are no use to the server). A path not made yet (a DATABASE_DIR
 * created at start, a test's unused one) is measured on the nearest folder above it that exists, the
 * filesystem it would be made on. The upload floor reads it now; the operators' disk alert will too.
 */
export async function freeBytes(path: string, readStatfs: StatfsReader = statfs): Promise<number> {
  for (let current = path; ; ) {
    try {
      const { bavail, bsize } = await readStatfs(current);
      return Number(bavail) * Number(bsize);
    } catch (error) {
      const parent = dirname(current);
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || parent === current) throw error;
      current = parent;
    }
  }
}
