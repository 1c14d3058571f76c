/**
 * A throwaway PostgreSQL server for the tests and the multi-instance scripts: Debian's `postgresql`
 * binaries, a cluster made with initdb in a temporary directory, started with pg_ctl on a free loopback
 * port, and deleted when stopped. PostgreSQL refuses to run as root: as root, every command runs as
 * the `postgres` user the Debian package creates.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { ensureDebianPackage } from './debian-package.ts';
import { freePort } from './free-port.ts';

const run = promisify(execFile);

const POSTGRES_INSTALL = 'apt-get update && apt-get install -y postgresql';

function installedMajors(root: string): string[] {
  return existsSync(root)
    ? readdirSync(root)
        .filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
}

/**
 * The newest installed server's binaries (Debian puts them under /usr/lib/postgresql/<major>/bin), or
 * PG_BIN. Missing, it is installed as root on Debian; otherwise the error says how to install it.
 */
function postgresBinDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  ensureDebianPackage(
    'postgresql',
    () => installedMajors(root).length > 0,
    "the tests start a throwaway PostgreSQL from Debian's package",
  );
  return join(root, installedMajors(root)[0] as string, 'bin');
}

export interface RunningPostgres {
  /** postgres://postgres@127.0.0.1:PORT/postgres: the superuser's database, to create others from. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

async function userIds(name: string): Promise<{ uid: number; gid: number }> {
  const [uid, gid] = await Promise.all([run('id', ['-u', name]), run('id', ['-g', name])]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

export async function startPostgres(): Promise<RunningPostgres> {
  const bin = postgresBinDir();
  const asRoot = process.getuid?.() === 0;
  const directory = await mkdtemp(join(tmpdir(), 'seenwear-postgres-'));
  if (asRoot) {
    const { uid, gid } = await userIds('postgres').catch(() => {
      throw new Error(`As root the tests run PostgreSQL as the "postgres" user, which is missing: ${POSTGRES_INSTALL}`);
    });
    await chown(directory, uid, gid);
  }
  const command = (file: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, file), ...args]) : run(join(bin, file), args);
  const data = join(directory, 'data');
  const port = await freePort();
  try {
    await command('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    // Durability is not what these tests measure: no fsync makes a cluster per run cheap.
    const options = [
      `-p ${port}`,
      `-k ${directory}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=300',
    ].join(' ');
    await command('pg_ctl', ['-D', data, '-o', options, '-l', join(directory, 'server.log'), '-w', 'start']);
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async stop() {
      await command('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** A new, empty database on that server, for one test or one file: returns its address. */
export async function createDatabase(serverUrl: string): Promise<string> {
  const name = `test_${randomBytes(8).toString('hex')}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.href;
}
