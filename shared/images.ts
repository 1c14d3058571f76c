/**
 * The raster images built from assets/images/*.svg by scripts/build-images.ts, described once so the build
 * and the <img>/<picture> markup cannot disagree on a file name or a width.
 */

export type ImageKind = 'slide-landscape' | 'slide-portrait' | 'brand' | 'work';
/** The formats built at every width: pages offer AVIF first and WebP as the fallback. */
export type ImageFormat = 'avif' | 'webp';

/**
 * Intrinsic size (for width/height attributes) and the widths built for srcset.
 *
 * The intrinsic size is always one of the built widths, so `imageUrl(name, width, format)` is a safe `src`.
 * Slides are stretched to the full width by CSS, so only their ratio matters: theirs is the largest file.
 * Brands are shown at a fixed size: theirs is that CSS size, and the 2x file serves high-density screens.
 */
export const imageKinds: Record<ImageKind, { width: number; height: number; widths: number[] }> = {
  // 12:5, full width on screens 768 px and up with content capped at 1280 CSS px: 768-1280 at 1x, and
  // 1536-2560 at 2x, where 1920 and 2400 keep the upscaling of a flat illustration invisible.
  'slide-landscape': { width: 2400, height: 1000, widths: [768, 1024, 1280, 1600, 1920, 2400] },
  // 4:5, full width on phones 360-767 CSS px: 480 for 1x, 828 for 360-414 at 2x, 1080 for 360 at 3x
  // (most Android phones), 1280 for 390-430 at 3x (iPhones).
  'slide-portrait': { width: 1280, height: 1600, widths: [480, 828, 1080, 1280] },
  // 2:1, shown at 160x80 CSS px.
  brand: { width: 160, height: 80, widths: [160, 320] },
  // 1:1 garment mockups in a grid: about 360 CSS px wide in three columns on a desktop and full width
  // (358) on a phone, so 360 at 1x, 560 for tablets and 2x desktops, 800 for phones at 2x-3x.
  work: { width: 800, height: 800, widths: [360, 560, 800] },
};

/** The file name of a job's n-th picture (from 1): the build draws it, the pages show it. */
export function workImageName(jobId: string, index: number): string {
  return `work-${jobId}-${index + 1}`;
}

/** Where the build writes one file and the site serves it: /images/<name>-<width>.<format>. */
export function imageUrl(name: string, width: number, format: ImageFormat): string {
  return `/images/${name}-${width}.${format}`;
}

/** A srcset with every width built for the kind, in one format. */
export function imageSrcSet(name: string, kind: ImageKind, format: ImageFormat): string {
  return imageKinds[kind].widths.map((width) => `${imageUrl(name, width, format)} ${width}w`).join(', ');
}

/** The height for a built width, keeping the kind's aspect ratio (rounded). */
export function imageHeight(kind: ImageKind, width: number): number {
  const size = imageKinds[kind];
  return Math.round((width * size.height) / size.width);
}
