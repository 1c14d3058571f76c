import { once } from 'node:events';
import type { Server } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpServer, HTTP_TIMEOUTS } from './http-server.ts';

const started: Server[] = [];

afterEach(async () => {
  for (const server of started.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A started server whose one route reads the whole body, then answers 200. */
async function start(options: Parameters<typeof createHttpServer>[0]): Promise<number> {
  const server = createHttpServer(options);
  server.on('request', (req, res) => {
    req.resume();
    req.on('end', () => res.end('ok'));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  started.push(server);
  return (server.address() as AddressInfo).port;
}

/** Everything the server sends before it closes the connection, and how long that took. */
async function untilClosed(socket: Socket): Promise<{ text: string; ms: number }> {
  const began = Date.now();
  let text = '';
  socket.on('data', (chunk: Buffer) => {
    text += chunk.toString('latin1');
  });
  socket.on('error', () => undefined);
  await once(socket, 'close');
  return { text, ms: Date.now() - began };
}

async function open(port: number): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  return socket;
}

const fast = {
  headersTimeoutMs: 300,
  requestTimeoutMs: 600,
  keepAliveTimeoutMs: 200,
  connectionsCheckingIntervalMs: 50,
};

describe('createHttpServer', () => {
  it('applies the documented timeouts and the connection ceiling', () => {
    const server = createHttpServer({ maxConnections: 256 });
    expect(server.headersTimeout).toBe(HTTP_TIMEOUTS.headersTimeoutMs);
    expect(server.requestTimeout).toBe(HTTP_TIMEOUTS.requestTimeoutMs);
    expect(server.keepAliveTimeout).toBe(HTTP_TIMEOUTS.keepAliveTimeoutMs);
    expect(server.maxConnections).toBe(256);
    expect(HTTP_TIMEOUTS).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 60_000,
      keepAliveTimeoutMs: 5_000,
      connectionsCheckingIntervalMs: 2_000,
    });
  });

  it('answers 408 and closes a request whose body trickles in past the request timeout', async () => {
    const port = await start({ maxConnections: 10, timeouts: fast });
    const socket = await open(port);
    socket.write('POST /api/quotes HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\n');
    // One byte every 50 ms: always active, never done.
    const trickle = setInterval(() => socket.writable && socket.write('a'), 50);
    try {
      const { text, ms } = await untilClosed(socket);
      expect(text).toMatch(/^HTTP\/1\.1 408/);
      expect(ms).toBeLessThan(2_000);
    } finally {
      clearInterval(trickle);
    }
  });

  it('closes a connection whose headers trickle in past the headers timeout', async () => {
    const port = await start({ maxConnections: 10, timeouts: fast });
    const socket = await open(port);
    socket.write('GET / HTTP/1.1\r\nHost: x\r\n');
    const trickle = setInterval(() => socket.writable && socket.write('X-A: b\r\n'), 50);
    try {
      const { text, ms } = await untilClosed(socket);
      expect(text).toMatch(/^HTTP\/1\.1 408/);
      expect(ms).toBeLessThan(1_500);
    } finally {
      clearInterval(trickle);
    }
  });

  it('drops connections beyond the ceiling while the first one is still served', async () => {
    const port = await start({ maxConnections: 1, timeouts: { ...fast, keepAliveTimeoutMs: 5_000 } });
    const first = await open(port);
    first.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    await once(first, 'data');
    const second = await open(port);
    const { text } = await untilClosed(second);
    expect(text).toBe('');
    first.destroy();
  });
});
