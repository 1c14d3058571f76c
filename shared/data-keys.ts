/** The six data files of spec section 7, in the order it lists them. Kept apart from the zod schemas so
 * the browser bundle can name the files without shipping the validator. */
export const dataKeys = ['config', 'services', 'media', 'direct-to-garment', 'screen-printing', 'embroidery'] as const;
export type DataKey = (typeof dataKeys)[number];

export function isDataKey(value: string): value is DataKey {
  return (dataKeys as readonly string[]).includes(value);
}
