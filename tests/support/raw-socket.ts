import { once } from 'node:events';
import type { Server } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import type { Express } from 'express';

/** The app on a loopback port, for requests no HTTP client would send as written. */
export interface ListeningApp {
  port: number;
  /** Stops listening and ends every connection still open. */
  close(): Promise<void>;
}

export async function listenOnLoopback(app: Express): Promise<ListeningApp> {
  const server: Server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An answer as the socket received it: the status of its first line, and the whole text (latin1). */
export interface SocketAnswer {
  status: number;
  text: string;
}

/** The status in an answer's first line; 0 when there is none (the server closed without answering). */
export function statusOf(text: string): number {
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
}

/**
 * Writes `request` (a whole request, exactly as given) to a new connection and resolves with what came
 * back once the server closes it, or once `waitMs` passed (the socket is then destroyed).
 */
export function rawExchange(port: number, request: string, { waitMs = 5000 } = {}): Promise<SocketAnswer> {
  return new Promise((resolve) => {
    const socket: Socket = connect(port, '127.0.0.1');
    let text = '';
    const timer = setTimeout(() => socket.destroy(), waitMs);
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ status: statusOf(text), text });
    });
    socket.write(request);
  });
}
