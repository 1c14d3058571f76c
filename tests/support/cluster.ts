/**
 * The multi-instance topology on one machine, from Debian's packages: a throwaway PostgreSQL, N
 * instances of the production server (the build) on loopback ports, and nginx in front with the
 * repository's deploy/nginx/site.conf. What compose.yaml runs in containers, for `npm run cluster`, the
 * proof script and its test. As root, nginx's workers run as `nobody`: its temporary folders are
 * writable by everyone.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ensureDebianPackage } from './debian-package.ts';
import { freePort } from './free-port.ts';
import { type RunningPostgres, startPostgres } from './postgres-server.ts';

const nginxBinary = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
const siteConf = new URL('../../deploy/nginx/site.conf', import.meta.url).pathname;

interface Instance {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  output(): string;
  /** SIGKILL: no shutdown, claims and connections left as they are. */
  kill(): Promise<void>;
  /** SIGTERM, and the exit code. */
  stop(): Promise<number | null>;
  /** Starts the same instance again, on the same port and environment. */
  restart(): Promise<void>;
}

export interface Cluster {
  /** nginx: the one address visitors use. */
  url: string;
  postgres: RunningPostgres;
  databaseUrl: string;
  instances: Instance[];
  stop(): Promise<void>;
}

export interface ClusterOptions {
  instances?: number;
  /** Extra environment for every instance (SMTP_URL, OUTBOX_LEASE_SECONDS…). */
  env?: Record<string, string>;
  /** Keep each instance's JSON log lines in output() (off for long load runs). */
  captureLogs?: boolean;
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`An instance stopped before it was ready:\n${output()}`);
    }
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`An instance was not ready in 30 s:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function startInstance(name: string, port: number, env: Record<string, string>, captureLogs: boolean) {
  let output = '';
  let child: ChildProcess;
  const url = `http://127.0.0.1:${port}`;
  const launch = async () => {
    child = spawn(process.execPath, ['server/index.ts'], {
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      if (captureLogs) output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    await waitUntilReady(url, child, () => output);
  };
  await launch();
  const instance: Instance = {
    name,
    port,
    url,
    get child() {
      return child;
    },
    output: () => output,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const [code] = (await exited) as [number | null];
      return code;
    },
    restart: launch,
  };
  return instance;
}

async function startNginx(directory: string, port: number, upstreams: number[]) {
  if (process.env.NGINX_BIN === undefined) {
    ensureDebianPackage(
      'nginx',
      () => existsSync(nginxBinary),
      "the multi-instance topology puts Debian's nginx in front",
    );
  } else if (!existsSync(nginxBinary)) {
    throw new Error(`NGINX_BIN=${nginxBinary}: no such file`);
  }
  for (const folder of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    await mkdir(join(directory, folder), { recursive: true });
    await chmod(join(directory, folder), 0o777);
  }
  // The repository's site, on this run's port.
  const site = (await readFile(siteConf, 'utf8')).replace(/listen 8080;/, `listen 127.0.0.1:${port};`);
  await writeFile(join(directory, 'site.conf'), site);
  const conf = `daemon off;
worker_processes 2;
pid ${directory}/nginx.pid;
error_log ${directory}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${directory}/body;
  proxy_temp_path ${directory}/proxy;
  fastcgi_temp_path ${directory}/fastcgi;
  uwsgi_temp_path ${directory}/uwsgi;
  scgi_temp_path ${directory}/scgi;
  upstream seenwear {
${upstreams.map((upstream) => `    server 127.0.0.1:${upstream} max_fails=3 fail_timeout=10s;`).join('\n')}
    keepalive 16;
    # Below the app's 5 s keep-alive, so nginx never reuses a connection the app is closing.
    keepalive_timeout 4s;
  }
  include ${directory}/site.conf;
}
`;
  await writeFile(join(directory, 'nginx.conf'), conf);
  const child = spawn(nginxBinary, ['-p', directory, '-c', join(directory, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx stopped at start:\n${errors}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`nginx did not answer in 10 s:\n${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, child };
}

export async function startCluster({
  instances = 2,
  env = {},
  captureLogs = true,
}: ClusterOptions = {}): Promise<Cluster> {
  if (!existsSync('dist/server/entry-server.js'))
    throw new Error('The production build is missing: run "npm run build".');
  const directory = await mkdtemp(join(tmpdir(), 'seenwear-cluster-'));
  await chmod(directory, 0o755);
  const postgres = await startPostgres();
  const databaseUrl = postgres.url.replace(/\/postgres$/, '/seenwear');
  const stopAll: (() => Promise<unknown>)[] = [
    () => postgres.stop(),
    () => rm(directory, { recursive: true, force: true }),
  ];
  try {
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query('create database seenwear');
    await admin.end();

    const ports = await Promise.all(Array.from({ length: instances }, () => freePort()));
    const nginxPort = await freePort();
    const shared = {
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      CSRF_SECRET: 'cluster-secret-0123456789abcdef0123456789abcdef',
      PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
      TRUST_PROXY: '1',
      LOG_LEVEL: 'info',
      ...env,
    };
    // All at once, as a deployment starts them: the migrations take turns on the advisory lock.
    const started = await Promise.all(
      ports.map((port, index) => startInstance(`app${index + 1}`, port, shared, captureLogs)),
    );
    stopAll.unshift(...started.map((instance) => () => instance.stop()));
    const nginx = await startNginx(directory, nginxPort, ports);
    stopAll.unshift(async () => {
      const exited = once(nginx.child, 'exit');
      nginx.child.kill('SIGQUIT');
      await exited;
    });
    return {
      url: nginx.url,
      postgres,
      databaseUrl,
      instances: started,
      async stop() {
        for (const step of stopAll) await step().catch(() => undefined);
      },
    };
  } catch (error) {
    for (const step of stopAll) await step().catch(() => undefined);
    throw error;
  }
}
