import path from 'node:path';
import express, { type RequestHandler } from 'express';

/**
 * The built client. Vite names everything under assets/ by content hash, so those files never change
 * and may be cached for a year; the rest (favicon, robots.txt) is revalidated hourly.
 */
export function staticFiles(dir: string): RequestHandler {
  return express.static(dir, {
    index: false,
    redirect: false,
    dotfiles: 'ignore',
    setHeaders(res, file) {
      const immutable = path.relative(dir, file).startsWith(`assets${path.sep}`);
      res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });
}
