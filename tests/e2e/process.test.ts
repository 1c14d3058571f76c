import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { startServer } from '#tests/support/server-process.ts';

describe('server process', () => {
  it('refuses to start on a bad environment, listing every problem', async () => {
    const child = spawn(process.execPath, ['server/index.ts'], {
      env: { ...process.env, NODE_ENV: 'production', PORT: 'eighty', LOG_LEVEL: 'loud', CSRF_SECRET: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const [code] = (await once(child, 'exit')) as [number];
    expect(code).toBe(1);
    expect(stderr).toMatch(/PORT:/);
    expect(stderr).toMatch(/LOG_LEVEL:/);
    expect(stderr).toMatch(/CSRF_SECRET: is required in production/);
  });

  it('on SIGTERM stops accepting, finishes the request in flight and exits 0', async () => {
    const server = await startServer();
    const { port } = new URL(server.url);
    // A request whose body is still arriving when the signal comes: it is in flight.
    const inFlight = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/',
      headers: { 'Content-Type': 'application/json', 'Content-Length': '9' },
    });
    inFlight.write('{"a":');
    const response = once(inFlight, 'response');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    inFlight.end('"b"}');
    const [answer] = (await response) as [{ statusCode: number }];
    expect(answer.statusCode).toBe(403);
    const [code] = (await once(server.child, 'exit')) as [number];
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(server.output()).toMatch(/"msg":"stopped"/);
  });
});
