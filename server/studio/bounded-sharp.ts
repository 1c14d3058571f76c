import sharp from 'sharp';

/**
 * libvips's operation cache, the most it keeps between renders. sharp's default (50 MB, 20 open files,
 * 100 operations) is native memory outside the JavaScript heap. It can only answer a pipeline it has
 * seen with the same input, and every upload and mockup here starts from a Buffer of its own, so it
 * seldom hits: a small bound costs nothing measurable. No files: every input is a Buffer.
 */
export const SHARP_CACHE = { memory: 16, files: 0, items: 50 } as const;

// Process-wide in libvips: set once, when the first module that draws with sharp is loaded.
sharp.cache(SHARP_CACHE);

/**
 * sharp with its cache bounded: the mockups and the studio's picture colours import it from here, never
 * from 'sharp' itself, so the bound holds whichever of them loads sharp first.
 */
export default sharp;
