import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.ts';

/** The CSRF_SECRET every test server runs with: what a test needs to make a cookie that server signed. */
export const TEST_SERVER_CSRF_SECRET = 'e2e-secret-0123456789abcdef0123456789abcdef';

export interface StartOptions {
  /**
   * Keep the JSON request log (stdout) in output(); on by default. A load test sends hundreds of
   * thousands of requests, and holding one line per request in memory would skew what it measures.
   */
  captureStdout?: boolean;
}

export interface RunningServer {
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far (JSON log lines on stdout unless not captured, problems on stderr). */
  output: () => string;
  stop: () => Promise<number | null>;
}

/** Starts `node server/index.ts` (the production build) and waits until /readyz answers. */
export async function startServer(
  env: Record<string, string> = {},
  { captureStdout = true }: StartOptions = {},
): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['server/index.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      CSRF_SECRET: TEST_SERVER_CSRF_SECRET,
      // Each test server keeps its submissions in a fresh folder, never in the working tree.
      DATABASE_DIR: mkdtempSync(path.join(tmpdir(), 'seenwear-data-')),
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', captureStdout ? 'pipe' : 'ignore', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The server stopped (${child.signalCode ?? `exit ${child.exitCode}`}) before it was ready:\n${output}`,
      );
    }
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not become ready in 20 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    child,
    output: () => output,
    async stop() {
      // Already gone (ended, or killed by a signal): 'exit' will not fire again.
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const [code] = (await once(child, 'exit')) as [number | null];
      return code;
    },
  };
}
