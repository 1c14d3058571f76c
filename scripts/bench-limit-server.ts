/**
 * The limit `npm run bench` measures the site against: a bare Express process that sends bytes it was
 * handed (the site's own answers, already compressed) for each address and Accept-Encoding, and does
 * nothing else. Started by scripts/bench.ts with the answers' manifest as its argument; prints
 * "listening" once it accepts connections.
 */
import { readFile } from 'node:fs/promises';
import express from 'express';

/** One answer to replay: where, for which Accept-Encoding, and the bytes and headers the site sent. */
export interface ReplayedAnswer {
  path: string;
  acceptEncoding: string;
  status: number;
  headers: Record<string, string>;
  bodyFile: string;
}

const manifestPath = process.argv[2];
if (!manifestPath) throw new Error('usage: bench-limit-server.ts <manifest.json>');
const answers = JSON.parse(await readFile(manifestPath, 'utf8')) as ReplayedAnswer[];
const byRequest = new Map<string, { status: number; headers: Record<string, string>; body: Buffer }>();
for (const answer of answers) {
  byRequest.set(`${answer.path}|${answer.acceptEncoding}`, {
    status: answer.status,
    headers: answer.headers,
    body: await readFile(answer.bodyFile),
  });
}

const app = express();
app.disable('x-powered-by');
app.disable('etag');
app.use((req, res) => {
  const answer = byRequest.get(`${req.originalUrl}|${req.headers['accept-encoding'] ?? ''}`);
  if (!answer) return void res.status(404).end();
  res.writeHead(answer.status, answer.headers).end(answer.body);
});
const server = app.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
