import type { Response } from 'express';
import createHttpError from 'http-errors';
import type { StoredFile } from '#server/submissions/submission-store.ts';
import { isPreviewable } from './request-details.ts';

/** "0", "3"… or "0/preview": which file of a request, and whether as a picture. */
export function filePosition(position: unknown, preview: unknown): { position: number; preview: boolean } {
  const at = Number(position);
  if (typeof position !== 'string' || !/^\d{1,4}$/.test(position) || (preview !== undefined && preview !== 'preview')) {
    throw createHttpError(404, 'There is no such file.');
  }
  return { position: at, preview: preview === 'preview' };
}

/**
 * A request's file, for the desk and the customer's page alike: a PNG or JPEG preview inline, anything
 * else only as a download, and always under a CSP that runs nothing, so a file that is really a page
 * (an SVG with script, say) can do no harm on this origin.
 */
export function sendRequestFile(
  res: Response,
  file: StoredFile | undefined,
  preview: boolean,
  kind: 'artwork' | 'proof' = 'artwork',
): void {
  if (!file) throw createHttpError(404, 'There is no such file.');
  const inline = preview && isPreviewable(file.mediaType, kind);
  if (preview && !inline) throw createHttpError(404, 'This file has no preview: download it.');
  res.set({
    'Content-Type': inline ? file.mediaType : 'application/octet-stream',
    'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    'Content-Security-Policy': "default-src 'none'; sandbox",
  });
  res.send(file.data);
}
