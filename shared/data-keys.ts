import type { SiteData } from './site-data.ts';

/** Re-exported as a type only, so browser code can name the data without importing the zod schemas. */
export type { SiteData };

/** The six data files of spec section 7, in the order it lists them. Kept apart from the zod schemas so
 * the browser bundle can name the files without shipping the validator. */
export const dataKeys = ['config', 'services', 'media', 'direct-to-garment', 'screen-printing', 'embroidery'] as const;
/** A data file's name without .json, as in /data/<key>.json. */
export type DataKey = (typeof dataKeys)[number];

/** Narrows a name taken from a URL (/data/<name>.json) to one of the six files. */
export function isDataKey(value: string): value is DataKey {
  return (dataKeys as readonly string[]).includes(value);
}
