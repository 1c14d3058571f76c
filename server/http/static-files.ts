import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';
import expressStaticGzip from 'express-static-gzip';

/**
 * The first segment of every path the build serves (`assets`, `images`, `favicon.svg`…), read once at
 * start: the build does not change under a running server. Dotfiles (Vite's `.vite` manifest) are left out.
 */
function topLevelNames(dir: string): Set<string> {
  return new Set(
    readdirSync(dir)
      .filter((name) => !name.startsWith('.'))
      .map((name) => name.replace(/\.(br|gz)$/, '')),
  );
}

/**
 * The built client. Compressed copies made at build time (scripts/precompress.ts) are sent when the
 * browser accepts them, brotli first. Vite names everything under assets/ by content hash, so those
 * files never change and may be cached for a year; the rest (favicon, icons) is revalidated hourly.
 * Only paths under the build's own files and folders reach the file system: a page request goes on to
 * the page renderer without a stat, a miss or an error object built on the way.
 */
export function staticFiles(dir: string): RequestHandler {
  const names = topLevelNames(dir);
  const serve = expressStaticGzip(dir, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      index: false,
      redirect: false,
      dotfiles: 'ignore',
      setHeaders(res, file) {
        const relative = path.relative(dir, file);
        const immutable = relative.startsWith(`assets${path.sep}`);
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        // The mails' header shows the logo from here, in a mail client's page (another origin): the
        // default same-origin resource policy would block it. Icons are public anyway.
        if (relative.startsWith(`icons${path.sep}`)) res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
      },
    },
  });
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    // "/assets/x.js" -> "assets"; "/favicon.svg" -> "favicon.svg". A percent-encoded first segment is not
    // one of ours as written, so it goes on to the pages (and their 404), never to a broader match.
    const slash = req.path.indexOf('/', 1);
    const first = req.path.slice(1, slash === -1 ? undefined : slash);
    if (!names.has(first)) return next();
    serve(req, res, next);
  };
}
