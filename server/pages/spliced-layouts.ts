/**
 * What the spliced encoders (spliced-gzip.ts, spliced-brotli.ts) share: a page's fixed parts take one
 * value between each two, and the compressed page is laid out once per set of value lengths, a few of
 * which are kept.
 */

/** Sets of value lengths kept per page and encoding; values of a steady length need one. */
const LAYOUTS_MAX = 4;

/**
 * The values' lengths, once they are checked to fit between the page's fixed parts: a wrong count
 * would send a broken page, so it throws instead.
 */
export function valueLengths(parts: readonly Buffer[], values: readonly Buffer[]): number[] {
  if (values.length !== parts.length - 1) {
    throw new Error(`A page with ${parts.length} fixed parts takes ${parts.length - 1} values, not ${values.length}`);
  }
  return values.map((value) => value.length);
}

/** A page's layouts by the lengths of the values they take; the oldest goes when a new one would pass the bound. */
export interface LayoutCache<T> {
  get(lengths: readonly number[]): T | undefined;
  set(lengths: readonly number[], layout: T): void;
  readonly size: number;
}

export function createLayoutCache<T>(max = LAYOUTS_MAX): LayoutCache<T> {
  const layouts = new Map<string, T>();
  return {
    get: (lengths) => layouts.get(lengths.join(',')),
    set(lengths, layout) {
      const key = lengths.join(',');
      if (!layouts.has(key) && layouts.size >= max) {
        // A Map iterates in insertion order: its first key is the oldest layout.
        const oldest = layouts.keys().next();
        if (!oldest.done) layouts.delete(oldest.value);
      }
      layouts.set(key, layout);
    },
    get size() {
      return layouts.size;
    },
  };
}
