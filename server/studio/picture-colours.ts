/**
 * The colours of an uploaded picture, so the studio can ask "We see 3 colours: navy, gold, white — is
 * that right?" before the customer is priced on them. The picture is read small (the count does not need
 * detail), its opaque pixels are quantised to at most eight colours with image-q, colours a person would
 * call the same are merged, and slivers (anti-aliased edges) dropped. A photo or soft-edged art has no
 * small set of flat colours: it is called soft, which suits direct to garment better than screens.
 */
import { distance as colourDistance, palette as paletteQuantizers, utils } from 'image-q';
import { inks } from '#shared/studio/inks.ts';

/** The longest side the picture is read at: enough to see every colour a print would show. */
const SAMPLE_PIXELS = 96;
/** Most colours the palette is built with, as many as a screen print is sensibly counted to. */
const MAX_COLOURS = 8;
/** Colours closer than this (RGB distance) read as one ink to a person: merged. */
const SAME_COLOUR = 40;
/** A colour on less of the picture than this is an edge's blend or a speck, not an ink. */
const MIN_SHARE = 0.02;
/**
 * A colour on less than this share, this near a larger one, is that colour's edge as a JPEG blurs it (its
 * colour is stored at half resolution): folded into it rather than named as an ink of its own.
 */
const EDGE_SHARE = 0.05;
const EDGE_NEAR = 60;
/** A pixel this close to one of the colours is drawn in it; flat art has nearly every pixel so close. */
const FITS = 28;
/** Flat art: at least this share of pixels fits one of its colours. Below, a gradient or a photo. */
const FLAT_SHARE = 0.9;
/**
 * Flat art: its few most common shades (16 levels a channel, which absorbs a JPEG's noise) cover at least
 * this share. A gradient or a photo spreads over many shades, though eight colours may still come close to
 * every pixel of it.
 */
const FLAT_SHADES_SHARE = 0.85;
/** The nearest shop ink is named only when this close; a colour the shop does not mix gets its hex. */
const NEAR_INK = 90;
/** Pictures larger than this are refused before they are decoded (a tiny PNG can claim a huge canvas). */
const MAX_INPUT_PIXELS = 40_000_000;

interface PictureColour {
  hex: string;
  /** Its share of the picture's opaque pixels, 0–1, the shares of the colours kept summing to 1. */
  share: number;
  inkId?: string;
}

export interface PictureColours {
  colours: PictureColour[];
  soft: boolean;
  sentence: string;
}

export type Rgb = [number, number, number];

const distance = (a: Rgb, b: Rgb) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
const hexOf = (rgb: Rgb) => `#${rgb.map((value) => Math.round(value).toString(16).padStart(2, '0')).join('')}`;
const rgbOf = (hex: string): Rgb => [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)) as Rgb;
const inkColours = inks.map((ink) => ({ ink, rgb: rgbOf(ink.hex) }));

/**
 * Wu's quantiser on 4 bits a channel: 16 levels are plenty to find the boxes a few flat colours fall in,
 * and its tables shrink from 33⁴ cells to 17⁴, which takes it from hundreds of milliseconds to a few. The
 * colours it returns are only starting points: each colour as drawn is the mean of the pixels near it.
 */
const QUANTISER_BITS = 4;

/** Up to `count` colours that stand for the pixels (RGB triplets), by Wu's quantiser. */
export function quantisedPalette(pixels: readonly Rgb[], count: number): Rgb[] {
  if (pixels.length === 0) return [];
  // image-q reads its points as RGBA words: each pixel opaque, four bytes.
  const rgba = new Uint8Array(pixels.length * 4);
  pixels.forEach(([r, g, b], at) => {
    rgba.set([r, g, b, 255], at * 4);
  });
  const quantizer = new paletteQuantizers.WuQuant(new colourDistance.EuclideanBT709NoAlpha(), count, QUANTISER_BITS);
  quantizer.sample(utils.PointContainer.fromUint8Array(rgba, pixels.length, 1));
  return quantizer
    .quantizeSync()
    .getPointContainer()
    .getPointArray()
    .map((point): Rgb => [point.r, point.g, point.b]);
}

/** The picture's opaque pixels, read at a small size, each as RGB. */
async function opaquePixels(picture: Buffer): Promise<Rgb[]> {
  // Loaded when a picture comes, as the mockups load it: libvips stays out of processes that draw none.
  const { default: sharp } = await import('./bounded-sharp.ts');
  const { data, info } = await sharp(picture, { limitInputPixels: MAX_INPUT_PIXELS })
    .resize(SAMPLE_PIXELS, SAMPLE_PIXELS, { fit: 'inside', kernel: 'nearest', withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels: Rgb[] = [];
  for (let at = 0; at < info.width * info.height * 4; at += 4) {
    // A transparent background is the garment showing through, not an ink.
    if ((data[at + 3] ?? 0) >= 128) pixels.push([data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0]);
  }
  return pixels;
}

/** The share of pixels in the picture's MAX_COLOURS most common shades. */
function commonShadesShare(pixels: readonly Rgb[]): number {
  const shades = new Map<number, number>();
  for (const [r, g, b] of pixels) {
    const shade = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
    shades.set(shade, (shades.get(shade) ?? 0) + 1);
  }
  const common = [...shades.values()].sort((a, b) => b - a).slice(0, MAX_COLOURS);
  return common.reduce((sum, count) => sum + count, 0) / pixels.length;
}

/**
 * Each pixel to its nearest colour: the counts, how many fit one closely, and per colour the mean of the
 * pixels that fit it, the colour as drawn (a palette colour is a box's average, edge blends included).
 */
function assign(pixels: readonly Rgb[], palette: readonly Rgb[]): { counts: number[]; fitting: number; cores: Rgb[] } {
  const counts = palette.map(() => 0);
  const sums = palette.map(() => [0, 0, 0, 0]);
  let fitting = 0;
  for (const pixel of pixels) {
    let best = 0;
    palette.forEach((colour, index) => {
      if (distance(pixel, colour) < distance(pixel, palette[best] as Rgb)) best = index;
    });
    counts[best] = (counts[best] ?? 0) + 1;
    if (distance(pixel, palette[best] as Rgb) > FITS) continue;
    fitting += 1;
    const sum = sums[best] as number[];
    pixel.forEach((value, channel) => {
      sum[channel] = (sum[channel] ?? 0) + value;
    });
    sum[3] = (sum[3] ?? 0) + 1;
  }
  const cores = palette.map((colour, index): Rgb => {
    const [r = 0, g = 0, b = 0, n = 0] = sums[index] ?? [];
    return n > 0 ? [r / n, g / n, b / n] : colour;
  });
  return { counts, fitting, cores };
}

/** Near colours merged into the one with more pixels, largest first. */
function merge(palette: readonly Rgb[], counts: readonly number[]): { rgb: Rgb; count: number }[] {
  const merged: { rgb: Rgb; count: number }[] = [];
  const order = palette.map((rgb, index) => ({ rgb, count: counts[index] ?? 0 })).sort((a, b) => b.count - a.count);
  for (const colour of order) {
    if (colour.count === 0) continue;
    const same = merged.find((kept) => distance(kept.rgb, colour.rgb) < SAME_COLOUR);
    if (same) same.count += colour.count;
    else merged.push({ ...colour });
  }
  return merged;
}

/** Small colours near a larger one folded into it (the list is largest first, as merge leaves it). */
function foldEdges(colours: readonly { rgb: Rgb; count: number }[], total: number): { rgb: Rgb; count: number }[] {
  const kept: { rgb: Rgb; count: number }[] = [];
  for (const colour of colours) {
    const edgeOf =
      colour.count / total < EDGE_SHARE
        ? kept.find((larger) => distance(larger.rgb, colour.rgb) < EDGE_NEAR)
        : undefined;
    if (edgeOf) edgeOf.count += colour.count;
    else kept.push({ ...colour });
  }
  return kept;
}

function nearestInk(rgb: Rgb): (typeof inks)[number] | undefined {
  let best: { ink: (typeof inks)[number]; away: number } | undefined;
  for (const { ink, rgb: inkRgb } of inkColours) {
    const away = distance(rgb, inkRgb);
    if (!best || away < best.away) best = { ink, away };
  }
  return best && best.away <= NEAR_INK ? best.ink : undefined;
}

function sentenceFor(colours: readonly PictureColour[], soft: boolean): string {
  if (soft)
    return 'This picture has soft edges or many shades, like a photo: it suits direct to garment (DTG), which prints every shade, better than screens.';
  const names = colours.map((colour) => {
    const ink = colour.inkId ? inks.find((candidate) => candidate.id === colour.inkId) : undefined;
    return ink ? ink.name.toLowerCase() : colour.hex;
  });
  return `We see ${colours.length} ${colours.length === 1 ? 'colour' : 'colours'}: ${names.join(', ')} — is that right?`;
}

/** The picture's colours, largest share first; throws when sharp cannot read the picture. */
export async function pictureColours(picture: Buffer): Promise<PictureColours> {
  const pixels = await opaquePixels(picture);
  if (pixels.length === 0)
    return { colours: [], soft: false, sentence: 'We see no colour: the picture is transparent.' };
  const palette = quantisedPalette(pixels, MAX_COLOURS);
  const first = assign(pixels, palette);
  const kept = foldEdges(
    merge(palette, first.counts).filter((colour) => colour.count / pixels.length >= MIN_SHARE),
    pixels.length,
  );
  // Shares and fit counted again against the colours kept, so slivers fall to their nearest colour.
  const { counts, fitting, cores } = assign(
    pixels,
    kept.map((colour) => colour.rgb),
  );
  const soft = fitting / pixels.length < FLAT_SHARE || commonShadesShare(pixels) < FLAT_SHADES_SHARE;
  const colours = kept
    .map((colour, index) => {
      const rgb = cores[index] ?? colour.rgb;
      const ink = nearestInk(rgb);
      const share = Math.round(((counts[index] ?? 0) / pixels.length) * 1000) / 1000;
      return { hex: hexOf(rgb), share, ...(ink ? { inkId: ink.id } : {}) };
    })
    .sort((a, b) => b.share - a.share);
  return { colours, soft, sentence: sentenceFor(colours, soft) };
}
