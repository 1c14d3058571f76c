/**
 * The data files. The first six are the start-up ones, fetched by the browser once the app has started; the
 * content files after them (our work, answers, artwork guidelines), the order terms (turnaround, delivery,
 * sales tax) and the sales-tax rules are validated and served the same way, and reach the browser inside the
 * page, which is the only place they are read. The garment catalogue is served too; the browser reads its garments inside the price
 * files, where the server merges them at start (shared/garments/priced-garments.ts). Kept apart from the zod
 * schemas so the browser bundle can name the files without shipping the validator.
 */
export const startupDataKeys = [
  'config',
  'services',
  'media',
  'direct-to-garment',
  'screen-printing',
  'embroidery',
] as const;

/** Every data file, the six start-up ones first. Written out, not spread, so bundles that never ask drop it. */
export const dataKeys = [
  'config',
  'services',
  'media',
  'direct-to-garment',
  'screen-printing',
  'embroidery',
  'our-work',
  'faq',
  'artwork-guidelines',
  'order-terms',
  'garments',
  'sales-tax',
] as const;
/** A data file's name without .json, as in /data/<key>.json. */
export type DataKey = (typeof dataKeys)[number];

/** Narrows a name taken from a URL (/data/<name>.json) to one of the data files. */
export function isDataKey(value: string): value is DataKey {
  return (dataKeys as readonly string[]).includes(value);
}
