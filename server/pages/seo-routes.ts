import { Router } from 'express';
import { indexablePaths } from '#shared/routes.ts';

/** robots.txt and sitemap.xml, both made from the route table so a new page is listed by itself. */
export function seoRoutes(publicUrl: string): Router {
  const router = Router();
  const robots = `User-agent: *\nAllow: /\n\nSitemap: ${publicUrl}/sitemap.xml\n`;
  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...indexablePaths().map((path) => `  <url><loc>${publicUrl}${path}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
  router.get('/robots.txt', (_req, res) => {
    res.type('text/plain; charset=utf-8').set('Cache-Control', 'public, max-age=3600').send(robots);
  });
  router.get('/sitemap.xml', (_req, res) => {
    res.type('application/xml; charset=utf-8').set('Cache-Control', 'public, max-age=3600').send(sitemap);
  });
  return router;
}
