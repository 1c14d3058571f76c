import { Router } from 'express';
import { dataKeys, isDataKey } from '#shared/data-keys.ts';
import type { Representation, SiteDataFiles } from './site-data-files.ts';

const available = dataKeys.map((key) => `/data/${key}.json`).join(', ');

function notFound(res: import('express').Response) {
  res.status(404).json({ error: 'not_found', message: `No such data file. Available: ${available}` });
}

/**
 * GET and HEAD /data/<name>.json, the files the browser fetches at start-up. Bodies and their gzip and brotli
 * forms were made at start; nothing here touches the file system, so no path can reach outside the six files.
 */
export function dataRoutes(siteData: SiteDataFiles): Router {
  const router = Router();
  router.get('/data/:file', (req, res) => {
    const name = /^([a-z-]+)\.json$/.exec(req.params.file)?.[1];
    const file = name !== undefined && isDataKey(name) ? siteData.files.get(name) : undefined;
    if (!file) return notFound(res);

    // Our preference on ties (brotli is smallest); anything the client refuses with q=0 is never sent.
    const encoding = req.acceptsEncodings('br') ? 'br' : req.acceptsEncodings('gzip') ? 'gzip' : 'identity';
    const chosen: Representation = encoding === 'br' ? file.br : encoding === 'gzip' ? file.gzip : file.identity;
    res.set({
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'public, max-age=0, must-revalidate',
      Vary: 'Accept-Encoding',
      ETag: chosen.etag,
    });
    if (encoding !== 'identity') res.set('Content-Encoding', encoding);
    if (req.fresh) return void res.status(304).end();
    res.set('Content-Length', String(chosen.body.length));
    res.status(200).end(req.method === 'HEAD' ? undefined : chosen.body);
  });
  router.all('/data/{*rest}', (req, res) => {
    if (req.method === 'GET' || req.method === 'HEAD') return notFound(res);
    res.set('Allow', 'GET, HEAD').status(405).json({
      error: 'method_not_allowed',
      message: 'Data files are read-only: use GET or HEAD.',
    });
  });
  return router;
}
