import { execFile } from 'node:child_process';
import { constants, existsSync, readdirSync } from 'node:fs';
import { access } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { BackupError } from '#server/storage/backup-error.ts';

/** PostgreSQL's own client programs that backups and restores run. */
export type PgTool = 'pg_dump' | 'pg_restore';

/** Where Debian puts each installed major version's programs: /usr/lib/postgresql/<major>/bin. */
const DEBIAN_ROOT = '/usr/lib/postgresql';

/**
 * The program to run: in PG_BIN when set (the folder, as for the tests' throwaway server), else the
 * newest major version Debian installed (pg_dump refuses a server newer than itself, never an older
 * one), else the first on PATH. Throws a BackupError saying how to install it when there is none.
 */
async function findPgTool(tool: PgTool, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const folders: string[] = [];
  if (env.PG_BIN) folders.push(env.PG_BIN);
  if (existsSync(DEBIAN_ROOT)) {
    const majors = readdirSync(DEBIAN_ROOT)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    folders.push(...majors.map((major) => join(DEBIAN_ROOT, major, 'bin')));
  }
  folders.push(...(env.PATH ?? '').split(delimiter).filter(Boolean));
  for (const folder of folders) {
    const candidate = join(folder, tool);
    if (
      await access(candidate, constants.X_OK).then(
        () => true,
        () => false,
      )
    ) {
      return candidate;
    }
  }
  throw new BackupError(
    `${tool} not found (looked in ${env.PG_BIN ? 'PG_BIN, ' : ''}${DEBIAN_ROOT}/*/bin and PATH): install PostgreSQL's ` +
      "client programs of the server's major version or newer (Debian: apt-get install postgresql-client), " +
      'or set PG_BIN to the folder that holds them',
  );
}

/**
 * The address without its password, which goes in PGPASSWORD instead: a password in the arguments
 * would show in `ps` to every user of the machine while the dump runs.
 */
export function connectionFor(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.href, env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/**
 * Runs a PostgreSQL program to its end and resolves with its standard output; rejects with a BackupError
 * carrying what it wrote to standard error (never the address: it may hold the password). An aborted
 * `signal` ends the program (SIGTERM) and rejects.
 */
export async function runPgTool(
  tool: PgTool,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  signal?: AbortSignal,
): Promise<string> {
  const program = await findPgTool(tool, env);
  return new Promise((resolve, reject) => {
    // --no-password: a missing password fails at once instead of waiting for a prompt nobody answers.
    execFile(
      program,
      ['--no-password', ...args],
      { env, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8', ...(signal ? { signal } : {}) },
      (error, stdout, stderr) => {
        if (!error) {
          resolve(stdout);
          return;
        }
        const detail = stderr.trim() || error.message;
        reject(new BackupError(`${tool} failed: ${detail}`, { cause: error }));
      },
    );
  });
}
