import { once } from 'node:events';
import { createServer } from 'node:net';

/** A loopback port nothing listens on right now (the OS picks it), for a server a test starts. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}
