import { createServer, type Server } from 'node:http';

/** How long a client may take over each part of a request; see docs/operations.md, "Slow clients". */
export interface HttpTimeouts {
  /** From the first byte of a request to the end of its headers. */
  headersTimeoutMs: number;
  /** From the first byte of a request to the end of its body: a trickled upload is cut here (408). */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection waits for the next request. */
  keepAliveTimeoutMs: number;
  /** How often Node checks the two timeouts above: they fire up to this much late. */
  connectionsCheckingIntervalMs: number;
}

/**
 * The documented values (docs/operations.md, "Slow clients"). Node's own (60 s for headers, 300 s for a request,
 * checked every 30 s) let a client that sends one byte at a time hold a connection for 305 s.
 * 60 s carries the largest quote (25 MB of artwork) at about 3.5 Mbit/s; behind nginx, which buffers
 * the whole body before passing it on, the app receives it in well under a second.
 */
export const HTTP_TIMEOUTS: HttpTimeouts = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 60_000,
  keepAliveTimeoutMs: 5_000,
  connectionsCheckingIntervalMs: 2_000,
};

/**
 * The HTTP server with the timeouts above and at most `maxConnections` open connections (MAX_CONNECTIONS):
 * beyond it Node closes new connections at once, so slow clients cannot hold every socket and all memory.
 */
export function createHttpServer(options: { maxConnections: number; timeouts?: Partial<HttpTimeouts> }): Server {
  const timeouts = { ...HTTP_TIMEOUTS, ...options.timeouts };
  const server = createServer({
    headersTimeout: timeouts.headersTimeoutMs,
    requestTimeout: timeouts.requestTimeoutMs,
    keepAliveTimeout: timeouts.keepAliveTimeoutMs,
    connectionsCheckingInterval: timeouts.connectionsCheckingIntervalMs,
  });
  server.maxConnections = options.maxConnections;
  return server;
}
