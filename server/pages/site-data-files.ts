import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { type ImportedPrices, withImportedPrices } from '#shared/blanks/imported-prices.ts';
import { salesTaxCoverageProblems } from '#shared/books/sales-tax-rules.ts';
import { type DataKey, dataKeys } from '#shared/data-keys.ts';
import { withCatalogue } from '#shared/garments/priced-garments.ts';
import { describeIssues, type SiteData, siteDataSchemas } from '#shared/site-data.ts';
import { sanitizeHtml } from './sanitize-html.ts';

/** One encoded form of a data file, ready to send: compression is done once, at start. */
export interface Representation {
  body: Buffer;
  etag: string;
}

/** One data file as /data/<key>.json serves it: the same bytes plain, gzipped and brotli-compressed. */
interface DataFile {
  key: DataKey;
  identity: Representation;
  gzip: Representation;
  br: Representation;
}

/** The six data files as loaded at start (repriced when an import lands): parsed for the pages, and encoded for /data/*.json. */
export interface SiteDataFiles {
  data: SiteData;
  files: ReadonlyMap<DataKey, DataFile>;
  /** Changes whenever any file's content changes; part of the render cache key. */
  version: string;
  /** Things an operator should know but that do not stop start-up (for example, promo HTML that was cleaned). */
  warnings: string[];
  /**
   * Rebuilds the data, the encoded files and the version with these imported blank prices (a supplier's
   * new import): the pages, /data/*.json and the page cache (keyed on the version) follow at once. True
   * when anything changed.
   */
  reprice(importedPrices: ImportedPrices): boolean;
}

/** A data file that cannot be read, parsed or validated; the message names the file and each problem, one a line. */
class DataFileError extends Error {
  constructor(file: string, problems: string[]) {
    super(`${file} is not valid:\n${problems.map((line) => `  - ${file}: ${line}`).join('\n')}`);
    this.name = 'DataFileError';
  }
}

function representation(body: Buffer, hash: string, suffix: string): Representation {
  // A strong validator per encoding: the bytes differ, so the tags must too (RFC 9110, 8.8.3).
  return { body, etag: `"${hash}${suffix}"` };
}

/**
 * The promo banner is HTML from a data file: it is cleaned here, once, so the pages, /data/config.json
 * and every browser only ever see the allow-listed version.
 */
function cleanPromo(config: SiteData['config'], label: string, warnings: string[]) {
  if (!config.promo) return;
  const clean = sanitizeHtml(config.promo.text);
  if (clean !== config.promo.text) {
    warnings.push(`${label}: promo.text had HTML outside the allow-list; it is served without it as: ${clean}`);
    config.promo.text = clean;
  }
}

/** How far ahead the holiday list must reach: quotes and in-hands dates look months ahead. */
const HOLIDAYS_AHEAD_DAYS = 365;

/**
 * A holiday list that ends within a year is said at start: past its last date every holiday would count
 * as an open day, and dates promised to customers would be a day short.
 */
export function holidaysRunningOut(terms: SiteData['order-terms'], label: string, warnings: string[], now: Date) {
  const last = terms.holidays
    .map((holiday) => holiday.date)
    .sort()
    .at(-1);
  const horizon = new Date(now.getTime() + HOLIDAYS_AHEAD_DAYS * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  if (last === undefined || last < horizon) {
    warnings.push(
      `${label}: the holidays listed end ${last ? `on ${last}` : 'before they start'}; add the next year's, or dates after that count holidays as working days.`,
    );
  }
}

/** The six files as read and validated, before the imported prices and the catalogue are merged in. */
type ValidatedFiles = Record<DataKey, unknown>;

/** Reads and validates each data file; a bad one stops start-up naming the file and the field. */
async function readValidated(dataFilesDir: string, warnings: string[]): Promise<ValidatedFiles> {
  const data = {} as ValidatedFiles;
  for (const key of dataKeys) {
    const file = path.join(dataFilesDir, `${key}.json`);
    const label = path.relative(process.cwd(), file) || file;
    let raw: string;
    try {
      raw = await readFile(file, 'utf8');
    } catch (error) {
      throw new DataFileError(label, [`cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`]);
    }
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch (error) {
      throw new DataFileError(label, [`is not JSON: ${(error as Error).message}`]);
    }
    const parsed = siteDataSchemas[key].safeParse(json);
    if (!parsed.success) throw new DataFileError(label, describeIssues(parsed.error));
    if (key === 'config') cleanPromo(parsed.data as SiteData['config'], label, warnings);
    if (key === 'order-terms') holidaysRunningOut(parsed.data as SiteData['order-terms'], label, warnings, new Date());
    data[key] = parsed.data;
  }
  const coverage = salesTaxCoverageProblems(
    data['sales-tax'] as SiteData['sales-tax'],
    (data.config as SiteData['config']).address.postalCode,
    (data['order-terms'] as SiteData['order-terms']).delivery.localZipCodes,
  );
  if (coverage.length > 0) throw new DataFileError(path.join(dataFilesDir, 'sales-tax.json'), coverage);
  return data;
}

/** The files with the imported prices merged in, encoded for /data/*.json, and their version. */
function encodeSiteData(
  validated: ValidatedFiles,
  importedPrices: ImportedPrices,
  dataFilesDir: string,
): Pick<SiteDataFiles, 'data' | 'files' | 'version'> {
  const garments = withImportedPrices(validated.garments as SiteData['garments'], importedPrices);
  let merged: SiteData;
  try {
    merged = withCatalogue({ ...validated, garments } as SiteData, garments);
  } catch (error) {
    throw new DataFileError(path.join(dataFilesDir, 'garments.json'), [(error as Error).message]);
  }
  const files = new Map<DataKey, DataFile>();
  const versionHash = createHash('sha256');
  for (const key of dataKeys) {
    // Served as validated (and minified), with the catalogue's garments in the price files, so what a
    // script fetches is what the pages were built from.
    const body = Buffer.from(JSON.stringify(merged[key]));
    const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
    versionHash.update(key).update(hash);
    files.set(key, {
      key,
      identity: representation(body, hash, ''),
      gzip: representation(gzipSync(body, { level: 9 }), hash, '-gz'),
      br: representation(
        brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        hash,
        '-br',
      ),
    });
  }
  return { data: merged, files, version: versionHash.digest('base64url').slice(0, 16) };
}

/** Reads and validates the six data files; a bad one stops start-up naming the file and the field. */
export async function loadSiteDataFiles(
  dataFilesDir: string,
  /** The blank prices the suppliers' imports make, where the shop follows them (server/blanks/). */
  importedPrices: ImportedPrices = new Map(),
): Promise<SiteDataFiles> {
  const warnings: string[] = [];
  const validated = await readValidated(dataFilesDir, warnings);
  const siteData: SiteDataFiles = {
    ...encodeSiteData(validated, importedPrices, dataFilesDir),
    warnings,
    reprice(prices) {
      // From the files as read at start: an edit on disk since then still waits for a restart.
      const next = encodeSiteData(validated, prices, dataFilesDir);
      if (next.version === siteData.version) return false;
      // In place, one assignment after another with no await between: every reader holds this object,
      // and a request never sees the new data with the old version or files.
      siteData.data = next.data;
      siteData.files = next.files;
      siteData.version = next.version;
      return true;
    },
  };
  return siteData;
}
