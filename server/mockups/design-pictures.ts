/**
 * The pictures a design's upload layers name, found among the files sent with it. The studio names a
 * picture by the SHA-256 of its bytes and the quote form sends that very file as one of its artwork files,
 * so the file is matched by content: no second upload, no field linking name to file, and a renamed copy
 * still matches. Each picture is drawn as a PNG, turned upright and at most a few thousand pixels across,
 * whatever the customer sent (an SVG is cleaned first, as the mockups clean one).
 */
import { createHash } from 'node:crypto';
import type { StoredFile } from '#server/storage/schema.ts';
import sharp from '#server/studio/bounded-sharp.ts';
import type { UploadPicture } from '#server/studio/press-file.ts';
import type { DesignLayer } from '#shared/studio/design-schema.ts';
import { MAX_ARTWORK_PIXELS } from './artwork-image.ts';
import { cleanSvg } from './svg-cleaner.ts';

/** Enough for a 12 in print at 200 dpi, and small enough to keep a press SVG a few MB. */
const PRESS_PICTURE_PIXELS = 2400;

/** The id the studio gives a picture: the hex SHA-256 of its bytes. */
const pictureId = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

async function opened(file: StoredFile, pixels: number): Promise<UploadPicture | undefined> {
  let input = file.data;
  if (file.mediaType === 'image/svg+xml') {
    const cleaned = await cleanSvg(file.data);
    if (!cleaned.ok) return undefined;
    input = Buffer.from(cleaned.svg);
  } else if (file.mediaType !== 'image/png' && file.mediaType !== 'image/jpeg') return undefined;
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_ARTWORK_PIXELS, failOn: 'error', density: 150 })
      .rotate()
      .resize({ width: pixels, height: pixels, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, mime: 'image/png', aspect: info.height / info.width };
  } catch {
    // A file that will not open is drawn as missing: the notes say the shop places it.
    return undefined;
  }
}

/**
 * The lookup `prepareArt` takes, for the pictures these layers name that are among the files, at most
 * `pixels` across (a mockup needs far fewer than the press).
 */
export async function uploadPictures(
  layers: readonly DesignLayer[],
  files: readonly StoredFile[],
  pixels = PRESS_PICTURE_PIXELS,
): Promise<(uploadId: string) => UploadPicture | undefined> {
  const wanted = new Set(layers.flatMap((layer) => (layer.kind === 'upload' ? [layer.uploadId] : [])));
  const found = new Map<string, UploadPicture>();
  if (wanted.size > 0)
    for (const file of files) {
      const id = pictureId(file.data);
      if (!wanted.has(id) || found.has(id)) continue;
      const picture = await opened(file, pixels);
      if (picture) found.set(id, picture);
    }
  return (uploadId) => found.get(uploadId);
}
