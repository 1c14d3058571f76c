/** The six data files of spec section 7, in the order it lists them. Kept apart from the zod schemas so
 * the browser bundle can name the files without shipping the validator. */
export const dataKeys = ['config', 'services', 'media', 'direct-to-garment', 'screen-printing', 'embroidery'] as const;
/** The name of one data file, as in /data/<name>.json. */
export type DataKey = (typeof dataKeys)[number];

/** Whether a path segment names one of the six data files (the /data/:name route checks it). */
export function isDataKey(value: string): value is DataKey {
  return (dataKeys as readonly string[]).includes(value);
}
