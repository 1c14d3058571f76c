import type { StoredFile } from '#server/storage/schema.ts';
import { cleanFileName } from '#shared/submissions/artwork.ts';
import { artworkKindError } from '#shared/submissions/artwork-content.ts';
import { damagedArtworkError } from './artwork-structure.ts';
import { artworkFileName, artworkTypeOf } from './artwork-type.ts';

/** Checks each file's content; the files are kept (typed) or the errors say which one is refused. */
export async function readArtwork(files: Express.Multer.File[]): Promise<{ files: StoredFile[]; error?: string }> {
  const stored: StoredFile[] = [];
  for (const file of files) {
    const name = cleanFileName(file.originalname);
    const mediaType = await artworkTypeOf(file.buffer);
    if (!mediaType) {
      return { files: [], error: artworkKindError(file.originalname) };
    }
    const damaged = damagedArtworkError(name, mediaType, file.buffer);
    if (damaged) return { files: [], error: damaged };
    stored.push({ name: artworkFileName(name, mediaType), mediaType, size: file.size, data: file.buffer });
  }
  return { files: stored };
}
