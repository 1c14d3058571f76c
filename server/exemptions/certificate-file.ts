import type { Response } from 'express';
import createHttpError from 'http-errors';
import type { StoredFile } from '#server/storage/schema.ts';
import { artworkTypeOf } from '#server/uploads/artwork-type.ts';

/** What a certificate may be: a scan or a photo as a PDF, PNG or JPEG, judged by its bytes. */
const CERTIFICATE_TYPES: readonly string[] = ['application/pdf', 'image/png', 'image/jpeg'];

/** Whether the bytes are a PDF, PNG or JPEG (the artwork check's own judgement of the content). */
export async function isCertificateDocument(data: Buffer): Promise<boolean> {
  const type = await artworkTypeOf(data);
  return type !== undefined && CERTIFICATE_TYPES.includes(type);
}

/**
 * A certificate's file, opened in the browser: its checked type, never sniffed, never kept by a cache
 * (it names an organisation and its tax number). An image runs nothing under a sandbox; a PDF is shown
 * by the browser's viewer, which a sandbox would block, and loads nothing else.
 */
export function sendCertificate(res: Response, file: StoredFile | undefined): void {
  if (!file || !CERTIFICATE_TYPES.includes(file.mediaType)) throw createHttpError(404, 'There is no such certificate.');
  res.set({
    'Content-Type': file.mediaType,
    'Content-Disposition': `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
    'Content-Security-Policy':
      file.mediaType === 'application/pdf' ? "default-src 'none'; object-src 'self'" : "default-src 'none'; sandbox",
  });
  res.send(file.data);
}
