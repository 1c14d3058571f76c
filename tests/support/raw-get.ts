import { once } from 'node:events';
import { type IncomingHttpHeaders, type IncomingMessage, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';

/** What the server sent, byte for byte: supertest would decompress a body before the test saw it. */
export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One request to the app on a loopback port, answered as sent (no decompression). */
export async function rawRequest(
  app: Express,
  path: string,
  { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  try {
    const sent = request({ port, host: '127.0.0.1', path, method, headers });
    sent.end();
    const [response] = (await once(sent, 'response')) as [IncomingMessage];
    const chunks: Buffer[] = [];
    for await (const chunk of response) chunks.push(chunk as Buffer);
    return { status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) };
  } finally {
    server.close();
  }
}
