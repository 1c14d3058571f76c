/**
 * A customer's picture split into the colours they confirmed, one screen each: what a shop's artist does by
 * hand before burning screens for raster art. The picture is read at film resolution, its colours are the
 * ones the studio showed the customer (or, when those are fewer than confirmed, image-q's palette of
 * exactly that many), and every opaque pixel goes to its nearest colour, so each film's edge is hard, as a
 * screen prints it. A transparent pixel is the garment, on no film.
 */
import { inkById } from '#shared/studio/inks.ts';
import { pictureColours, quantisedPalette, type Rgb } from './picture-colours.ts';

/** The longest side a film's picture is read at: 200 dpi across a 12 in print area. */
const FILM_PIXELS = 2400;
/** Pictures larger than this are refused before they are decoded (as the studio's colour check does). */
const MAX_INPUT_PIXELS = 40_000_000;
/** The pixel index of a transparent pixel: on no film. */
const CLEAR = 255;

interface SeparationColour {
  hex: string;
  /** The shop's ink it is nearest, named on the film when there is one. */
  inkName?: string;
}

export interface PictureSeparation {
  width: number;
  height: number;
  /** Per pixel, its colour's index, or CLEAR. */
  index: Uint8Array;
  colours: SeparationColour[];
}

const rgbOf = (hex: string): Rgb => [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)) as Rgb;
const hexOf = (rgb: Rgb) => `#${rgb.map((value) => Math.round(value).toString(16).padStart(2, '0')).join('')}`;

/** Exactly `count` colours for the picture, or fewer when the picture has fewer. */
async function separationColours(
  picture: Buffer,
  pixels: Uint8Array,
  count: number,
): Promise<{ rgb: Rgb; colour: SeparationColour }[]> {
  const seen = await pictureColours(picture);
  if (seen.colours.length >= count) {
    return seen.colours.slice(0, count).map((colour) => {
      const inkName = colour.inkId ? inkById(colour.inkId)?.name : undefined;
      return { rgb: rgbOf(colour.hex), colour: { hex: colour.hex, ...(inkName ? { inkName } : {}) } };
    });
  }
  // The customer sees more colours than the studio told them: the palette of as many as they confirmed.
  const opaque: Rgb[] = [];
  for (let at = 0; at < pixels.length; at += 4) {
    if ((pixels[at + 3] ?? 0) >= 128) opaque.push([pixels[at] ?? 0, pixels[at + 1] ?? 0, pixels[at + 2] ?? 0]);
  }
  return quantisedPalette(opaque, count).map((rgb) => ({ rgb, colour: { hex: hexOf(rgb) } }));
}

/** The picture at film resolution, each pixel given to one of `count` colours (0: opaque or not only). */
export async function separatePicture(picture: Buffer, count: number): Promise<PictureSeparation> {
  // Loaded when a film is drawn, as the mockups load it: libvips stays out of processes that draw none.
  const { default: sharp } = await import('./bounded-sharp.ts');
  const { data, info } = await sharp(picture, { limitInputPixels: MAX_INPUT_PIXELS })
    .resize(FILM_PIXELS, FILM_PIXELS, { fit: 'inside', withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = new Uint8Array(data.buffer, data.byteOffset, data.length);
  const found = count > 0 ? await separationColours(picture, pixels, count) : [];
  const index = new Uint8Array(info.width * info.height);
  // Art has few distinct shades next to its pixels: each shade's nearest colour is found once.
  const nearest = new Map<number, number>();
  let lastShade = -1;
  let lastColour = 0;
  for (let pixel = 0; pixel < index.length; pixel += 1) {
    const at = pixel * 4;
    if ((pixels[at + 3] ?? 0) < 128) {
      index[pixel] = CLEAR;
      continue;
    }
    const r = pixels[at] ?? 0;
    const g = pixels[at + 1] ?? 0;
    const b = pixels[at + 2] ?? 0;
    const shade = (r << 16) | (g << 8) | b;
    // Runs of one shade are most of a flat picture: the pixel before answers without a lookup.
    if (shade === lastShade) {
      index[pixel] = lastColour;
      continue;
    }
    let best = nearest.get(shade);
    if (best === undefined) {
      best = 0;
      let bestAway = Number.POSITIVE_INFINITY;
      for (let colour = 0; colour < found.length; colour += 1) {
        const [cr, cg, cb] = (found[colour] as (typeof found)[number]).rgb;
        const away = (r - cr) ** 2 + (g - cg) ** 2 + (b - cb) ** 2;
        if (away < bestAway) {
          best = colour;
          bestAway = away;
        }
      }
      nearest.set(shade, best);
    }
    index[pixel] = best;
    lastShade = shade;
    lastColour = best;
  }
  return { width: info.width, height: info.height, index, colours: found.map(({ colour }) => colour) };
}

/**
 * The picture as one film sees it, a PNG: each opaque pixel black (printed by this screen) or white
 * (knocked out of it: another screen prints there), as `paint` says for its colour; transparent elsewhere.
 */
export async function separationPng(
  separation: PictureSeparation,
  paint: (colour: number) => 'black' | 'white',
): Promise<Buffer> {
  const { default: sharp } = await import('./bounded-sharp.ts');
  // Grey and alpha, two bytes a pixel: all a film needs, and half the bytes to encode and embed.
  const greyAlpha = Buffer.alloc(separation.width * separation.height * 2);
  const shades = (separation.colours.length > 0 ? separation.colours.map((_, colour) => colour) : [0]).map((colour) =>
    paint(colour) === 'black' ? 0 : 255,
  );
  const { index } = separation;
  for (let pixel = 0; pixel < index.length; pixel += 1) {
    const colour = index[pixel] ?? CLEAR;
    if (colour === CLEAR) continue;
    greyAlpha[pixel * 2] = shades[colour] ?? 255;
    greyAlpha[pixel * 2 + 1] = 255;
  }
  return sharp(greyAlpha, { raw: { width: separation.width, height: separation.height, channels: 2 } })
    .png({ compressionLevel: 6 })
    .toBuffer();
}
