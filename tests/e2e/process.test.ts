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
    // A request whose body is still arriving when the signal comes: it is in flight. With
    // `Expect: 100-continue` the server answers "100 Continue" once it has read the request line and
    // headers and handed the request to the app: that answer says the request is in the server's hands.
    const inFlight = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/',
      headers: { 'Content-Type': 'application/json', 'Content-Length': '9', Expect: '100-continue' },
    });
    const response = once(inFlight, 'response');
    const accepted = once(inFlight, 'continue');
    inFlight.write('{"a":');
    await accepted;
    const started = Date.now();
    server.child.kill('SIGTERM');
    // The server says it stops taking connections just before it closes its socket.
    await expect.poll(() => server.output()).toMatch(/"msg":"shutting down: no new connections/);
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
