import path from 'node:path';
import type { RequestHandler } from 'express';
import expressStaticGzip from 'express-static-gzip';

/**
 * The built client. Compressed copies made at build time (scripts/precompress.ts) are sent when the
 * browser accepts them, brotli first. Vite names everything under assets/ by content hash, so those
 * files never change and may be cached for a year; the rest (favicon, icons) is revalidated hourly.
 */
export function staticFiles(dir: string): RequestHandler {
  return expressStaticGzip(dir, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      index: false,
      redirect: false,
      dotfiles: 'ignore',
      setHeaders(res, file) {
        const immutable = path.relative(dir, file).startsWith(`assets${path.sep}`);
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    },
  });
}
