import type { Metadata, OutputInfo } from 'sharp';
import sharp from '#server/studio/bounded-sharp.ts';
import type { StoredFile } from '#server/submissions/submission-store.ts';
import { INK_ALPHA_THRESHOLD, type PixelBox } from '#shared/garments/ink-bounds.ts';
import { cleanSvg } from './svg-cleaner.ts';

/**
 * A stored artwork file opened for a mockup, with what had to be done to it said in words. Every decode is
 * bounded by a pixel limit (a small file can declare a huge image: a decompression bomb), CMYK and 16-bit
 * images are converted to 8-bit sRGB, an animated PNG gives its first frame, and an SVG is rasterised only
 * once made safe (safe-svg.ts, on a worker thread with a time limit: svg-cleaner.ts). PDF, AI and EPS are not
 * opened: the shop places those.
 */

/** 40 megapixels: a 4,000 px artwork is 16; a bomb declares hundreds. */
export const MAX_ARTWORK_PIXELS = 40_000_000;

/** A file a customer must replace: the message goes beside the file field. */
export class ArtworkImageError extends Error {
  override name = 'ArtworkImageError';
}

/** Uncompressed pixels: compositing them skips an encode and a decode per location. */
interface RawPixels {
  data: Buffer;
  width: number;
  height: number;
  channels: 4;
}

export interface OpenedArtwork {
  /**
   * Pixels across and down of the ink (an SVG's at its own size): a PNG's transparent margins are
   * trimmed, so the print is measured, placed and checked by what prints, as the browser's tool does.
   */
  width: number;
  height: number;
  /** Vector artwork prints sharp at any size: no resolution to warn about. */
  vector: boolean;
  notes: string[];
  /** The artwork at exactly this many pixels: raw sRGB with alpha, ready to composite. */
  pixels(width: number, height: number): Promise<RawPixels>;
}

/** The largest a mockup draws any artwork is about 330 px (a full front at MOCKUP_SCALE): this is ample. */
const WORKING_PIXELS = 800;

const OPEN = { limitInputPixels: MAX_ARTWORK_PIXELS, failOn: 'error' } as const;

/** librsvg draws on sharp's threads, not the one that answers visitors; this bounds how long a crafted drawing may keep one. */
const RASTERISE_SECONDS = 5;

async function cleanedSvgInput(file: StoredFile): Promise<Buffer> {
  const cleaned = await cleanSvg(file.data);
  if (!cleaned.ok)
    throw new ArtworkImageError(
      `${file.name} could not be read as an SVG drawing: ${cleaned.reason}. Export it again as plain SVG, or send a PNG.`,
    );
  return Buffer.from(cleaned.svg);
}

/** Whether a PNG carries an animation control chunk (APNG) before its image data. */
function isAnimatedPng(data: Buffer): boolean {
  const head = data.subarray(0, Math.min(data.length, 64 * 1024));
  const actl = head.indexOf('acTL');
  const idat = head.indexOf('IDAT');
  return actl !== -1 && (idat === -1 || actl < idat);
}

function describeFailure(name: string, error: unknown): ArtworkImageError {
  const text = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(text))
    return new ArtworkImageError(
      `${name} is too large to open: it has more than ${MAX_ARTWORK_PIXELS / 1_000_000} million pixels. Send a smaller copy (4,000 pixels across is plenty).`,
    );
  return new ArtworkImageError(`${name} could not be read as an image: it may be damaged or empty. Send it again.`);
}

/**
 * The box of a raster image's ink: its pixels whose alpha is over the shared threshold, found by sharp's
 * trim of the alpha channel against black (the rule of shared/garments/ink-bounds.ts, which the browser
 * runs on a canvas). Undefined when the image has no alpha or is all ink or all transparent.
 */
async function inkBox(input: Buffer, width: number, height: number): Promise<PixelBox | undefined> {
  const alpha = await sharp(input, { ...OPEN, pages: 1 })
    .autoOrient()
    .extractChannel('alpha')
    .raw()
    .timeout({ seconds: RASTERISE_SECONDS })
    .toBuffer({ resolveWithObject: true });
  let trimmed: OutputInfo;
  try {
    ({ info: trimmed } = await sharp(alpha.data, {
      raw: { width: alpha.info.width, height: alpha.info.height, channels: 1 },
    })
      .trim({ background: '#000000', threshold: INK_ALPHA_THRESHOLD, lineArt: true })
      .raw()
      .toBuffer({ resolveWithObject: true }));
  } catch {
    // Nothing but transparency: there is no ink to trim to, the whole image stands.
    return undefined;
  }
  const box = {
    left: -(trimmed.trimOffsetLeft ?? 0),
    top: -(trimmed.trimOffsetTop ?? 0),
    width: trimmed.width,
    height: trimmed.height,
  };
  if (box.left === 0 && box.top === 0 && box.width === width && box.height === height) return undefined;
  // A trim that found nothing at all to keep answers with the whole image too.
  return box.width > 0 && box.height > 0 ? box : undefined;
}

/**
 * The ink's box on the decoded working copy: measured at full size, cut from the smaller copy (a
 * fraction of a working pixel off at most, far under what a mockup shows).
 */
function workingInk(ink: PixelBox, info: OutputInfo, fullWidth: number): PixelBox {
  const scale = info.width / fullWidth;
  const left = Math.min(info.width - 1, Math.floor(ink.left * scale));
  const top = Math.min(info.height - 1, Math.floor(ink.top * scale));
  return {
    left,
    top,
    width: Math.max(1, Math.min(info.width - left, Math.round(ink.width * scale))),
    height: Math.max(1, Math.min(info.height - top, Math.round(ink.height * scale))),
  };
}

/** Opens the file, or undefined for PDF, AI and EPS (the shop places those by hand). Throws ArtworkImageError. */
export async function openArtwork(file: StoredFile): Promise<OpenedArtwork | undefined> {
  const vector = file.mediaType === 'image/svg+xml';
  if (!vector && file.mediaType !== 'image/png' && file.mediaType !== 'image/jpeg') return undefined;
  if (file.data.length === 0) throw describeFailure(file.name, new Error('empty'));
  const input = vector ? await cleanedSvgInput(file) : file.data;
  let meta: Metadata;
  try {
    meta = await sharp(input, OPEN).metadata();
  } catch (error) {
    throw describeFailure(file.name, error);
  }
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw describeFailure(file.name, new Error('no size'));
  if (width * height > MAX_ARTWORK_PIXELS) throw describeFailure(file.name, new Error('pixel limit'));
  const fullWidth = width;
  const notes: string[] = [];
  if ((meta.pages ?? 1) > 1 || (file.mediaType === 'image/png' && isAnimatedPng(file.data)))
    notes.push('Animated image: the mockup shows its first frame.');
  if (meta.space === 'cmyk') notes.push('CMYK image: converted to RGB for the mockup (the print uses your file).');
  if (meta.depth === 'ushort' || meta.space === 'rgb16' || meta.space === 'grey16')
    notes.push('16-bit image: converted to 8-bit for the mockup (the print uses your file).');
  // Decoded once, to at most WORKING_PIXELS across, whatever the number of locations it is drawn at.
  let working: Promise<{ data: Buffer; info: OutputInfo }> | undefined;
  const decode = () => {
    const density = vector ? Math.min(2400, Math.max(72, (72 * WORKING_PIXELS) / Math.max(width, height))) : undefined;
    return sharp(input, { ...OPEN, pages: 1, ...(density ? { density } : {}) })
      .autoOrient()
      .resize(WORKING_PIXELS, WORKING_PIXELS, { fit: 'inside', withoutEnlargement: !vector })
      .toColourspace('srgb')
      .ensureAlpha()
      .raw()
      .timeout({ seconds: RASTERISE_SECONDS })
      .toBuffer({ resolveWithObject: true });
  };
  let ink: PixelBox | undefined;
  if (!vector && meta.hasAlpha) {
    // The ink is measured at full size on one of sharp's threads while the picture decodes on another:
    // a PNG cannot be decoded smaller, and two decodes one after the other would double the wait.
    working = decode();
    working.catch(() => undefined);
    try {
      ink = await inkBox(input, width, height);
    } catch (error) {
      throw describeFailure(file.name, error);
    }
  }
  if (ink) notes.push('Measured by its ink: the transparent margins of the file are left out.');
  return {
    width: ink?.width ?? width,
    height: ink?.height ?? height,
    vector,
    notes,
    async pixels(targetWidth: number, targetHeight: number) {
      try {
        working ??= decode();
        const { data, info } = await working;
        const width = Math.max(1, targetWidth);
        const height = Math.max(1, targetHeight);
        const decoded = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
        const resized = await (ink ? decoded.extract(workingInk(ink, info, fullWidth)) : decoded)
          .resize(width, height, { fit: 'fill' })
          .raw()
          .toBuffer();
        return { data: resized, width, height, channels: 4 };
      } catch (error) {
        throw describeFailure(file.name, error);
      }
    },
  };
}
