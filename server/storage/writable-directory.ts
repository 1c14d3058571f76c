import { constants, readFileSync } from 'node:fs';
import { access, mkdir, stat } from 'node:fs/promises';
import { dirname } from 'node:path';

const PERMISSION_CODES = new Set(['EACCES', 'EPERM', 'EROFS']);

/**
 * Creates `dir` if needed and checks that this process may write there (and to `files` in it that exist),
 * so a data directory the process cannot write stops start-up with the path, its owner and what to do,
 * instead of SQLite's "unable to open database file".
 */
export async function ensureWritableDirectory(dir: string, files: string[] = []): Promise<void> {
  let target = dir;
  try {
    // Only the server's user reads the submissions: a folder made here is 0700 (an existing one is left as it is).
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await access(dir, constants.W_OK | constants.X_OK);
    for (const file of files) {
      target = file;
      await access(file, constants.W_OK).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (!code || !PERMISSION_CODES.has(code)) throw error;
    throw new Error(await describeUnwritable(dir, target, code));
  }
}

async function describeUnwritable(dir: string, target: string, code: string): Promise<string> {
  // The folder or file itself, or, when the folder could not be created, the nearest parent that exists.
  let owner = target;
  let info = await stat(owner).catch(() => undefined);
  while (!info && dirname(owner) !== owner) {
    owner = dirname(owner);
    info = await stat(owner).catch(() => undefined);
  }
  const uid = process.getuid?.();
  const me = uid === undefined ? 'this process' : `this process (uid ${uid}${userName(uid)})`;
  const problem =
    target !== dir
      ? `The database file ${target} is not writable by ${me}`
      : owner === dir
        ? `The data directory ${dir} is not writable by ${me}`
        : `The data directory ${dir} cannot be created by ${me}`;
  const ownedBy = info
    ? `: ${owner} is owned by uid ${info.uid}${userName(info.uid)}, gid ${info.gid}, mode ${(info.mode & 0o777).toString(8)}`
    : '';
  const readOnly = code === 'EROFS' ? ' on a read-only file system' : '';
  const fix =
    `Give that user the folder${uid === undefined ? '' : ` (chown -R ${uid} ${dir})`} or choose a writable one;` +
    ' in Docker, mount a named volume there.';
  return `${problem}${ownedBy}${readOnly}. ${fix}`;
}

/** " (name)" from /etc/passwd, where there is one. */
function userName(uid: number): string {
  try {
    const line = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((entry) => entry.split(':')[2] === String(uid));
    return line ? ` (${line.split(':')[0]})` : '';
  } catch {
    return '';
  }
}
