/**
 * Finds a Chromium for the browser tests and the scripts that drive one (Lighthouse, screenshots), without
 * asking, in this order:
 *   1. CHROMIUM_PATH, when set (an explicit choice: if it does not run, that is the error, no fallback);
 *   2. a Chrome or Chromium installed on the machine (the usual paths, then PATH);
 *   3. on Linux x64, the Chromium the `@sparticuz/chromium` devDependency ships (inflated into the temporary
 *      folder on first use); it needs the NSS libraries (libnss3, libnspr4) a desktop or CI machine has;
 *   4. as root on Debian, Debian's `chromium` package, installed with apt-get (printed as it happens);
 * and otherwise fails with what it tried and how to install one. Browser tests never skip.
 * A candidate counts only once `--version` runs, which is where a missing shared library shows.
 */
import { execFile, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { type Browser, chromium } from 'playwright-core';

/**
 * The flags this machine needs: no sandbox as root, no GPU, and no background network (it is closed here,
 * and that traffic would also show up in Lighthouse's network records).
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const INSTALL_HINT =
  'Install one: on Debian or Ubuntu "apt-get update && apt-get install -y chromium" (as root), ' +
  'or point CHROMIUM_PATH at a Chrome or Chromium.';

/** Where Chrome and Chromium land when a package manager or an installer puts them on the machine. */
const SYSTEM_PATHS: Partial<Record<NodeJS.Platform, string[]>> = {
  linux: [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome-stable',
    '/usr/bin/google-chrome',
    '/opt/google/chrome/chrome',
    '/snap/bin/chromium',
  ],
  darwin: [
    '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    '/Applications/Chromium.app/Contents/MacOS/Chromium',
  ],
};
const PATH_NAMES = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome', 'chrome'];

export interface ChromiumEnvironment {
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  arch: string;
  isRoot: boolean;
  isDebian: boolean;
  systemPaths: string[];
  /** The Chromium an npm package ships, or why there is none. */
  packagedChromium: () => Promise<string>;
  /** Resolves with the version line, rejects with why the binary does not run. */
  probe: (executable: string) => Promise<string>;
  installDebianChromium: () => void;
  log: (line: string) => void;
}

const execFileAsync = promisify(execFile);

async function probe(executable: string): Promise<string> {
  try {
    const { stdout } = await execFileAsync(executable, ['--version'], { timeout: 30_000 });
    return stdout.trim();
  } catch (error) {
    const { stderr, message } = error as { stderr?: string; message: string };
    const reason = (stderr?.trim() || message).split('\n')[0] ?? message;
    throw new Error(reason);
  }
}

async function sparticuzChromium(): Promise<string> {
  // A devDependency: absent from a production install, and loaded only when it is needed (it is 67 MB).
  const packaged = await import('@sparticuz/chromium').catch(() => {
    throw new Error('not installed (it is a devDependency: run npm ci)');
  });
  return packaged.default.executablePath();
}

function installDebianChromium(): void {
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    // dpkg's few hundred lines are kept for a failure only.
    const result = spawnSync('apt-get', args, {
      encoding: 'utf8',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.status !== 0) {
      const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n').slice(-20).join('\n');
      throw new Error(`apt-get ${args.join(' ')} failed (${result.error ?? `exit ${result.status}`}):\n${output}`);
    }
  }
}

function onPath(env: NodeJS.ProcessEnv): string[] {
  const dirs = (env.PATH ?? '').split(path.delimiter).filter(Boolean);
  return PATH_NAMES.flatMap((name) => dirs.map((dir) => path.join(dir, name)));
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function machineEnvironment(): ChromiumEnvironment {
  return {
    env: process.env,
    platform: process.platform,
    arch: process.arch,
    isRoot: process.getuid?.() === 0,
    isDebian: existsSync('/etc/debian_version'),
    systemPaths: [...(SYSTEM_PATHS[process.platform] ?? []), ...onPath(process.env)].filter(isExecutable),
    packagedChromium: sparticuzChromium,
    probe,
    installDebianChromium,
    log: (line) => console.error(line),
  };
}

/** Walks the order above and returns the first Chromium that runs; `tried` explains every miss. */
export async function findChromium(machine: ChromiumEnvironment = machineEnvironment()): Promise<string> {
  const explicit = machine.env.CHROMIUM_PATH;
  if (explicit) {
    try {
      await machine.probe(explicit);
      return explicit;
    } catch (error) {
      throw new Error(`CHROMIUM_PATH=${explicit} does not run: ${(error as Error).message}. ${INSTALL_HINT}`);
    }
  }

  const tried: string[] = [];
  for (const candidate of new Set(machine.systemPaths)) {
    try {
      await machine.probe(candidate);
      return candidate;
    } catch (error) {
      tried.push(`${candidate}: ${(error as Error).message}`);
    }
  }
  if (machine.systemPaths.length === 0) tried.push('no Chrome or Chromium on this machine');

  if (machine.platform === 'linux' && machine.arch === 'x64') {
    try {
      const packaged = await machine.packagedChromium();
      await machine.probe(packaged);
      return packaged;
    } catch (error) {
      tried.push(`@sparticuz/chromium: ${(error as Error).message}`);
    }
  } else {
    tried.push(`@sparticuz/chromium: only for Linux x64 (this is ${machine.platform} ${machine.arch})`);
  }

  if (machine.platform === 'linux' && machine.isRoot && machine.isDebian) {
    machine.log(
      `Chromium: none runs here (${tried.join('; ')}).\n` +
        "Chromium: running as root on Debian, so installing Debian's package: apt-get update && apt-get install -y chromium",
    );
    try {
      machine.installDebianChromium();
      const installed = '/usr/bin/chromium';
      await machine.probe(installed);
      machine.log(`Chromium: installed ${installed}`);
      return installed;
    } catch (error) {
      tried.push(`Debian's chromium: ${(error as Error).message}`);
    }
  }

  throw new Error(`No Chromium runs on this machine. Tried:\n  - ${tried.join('\n  - ')}\n${INSTALL_HINT}`);
}

let found: Promise<string> | undefined;

/**
 * The Chromium this process uses, looked up once. The browser tests' global setup looks it up before any
 * test (an apt-get install takes longer than a test hook may) and passes it on as CHROMIUM_PATH.
 */
export function chromiumPath(): Promise<string> {
  found ??= findChromium();
  return found;
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: await chromiumPath(), args: CHROMIUM_ARGS });
}
