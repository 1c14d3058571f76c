import type { Submission } from '#server/storage/types.ts';
import { detailsOf, formatEntry, humanize } from '#server/submissions/payload-text.ts';
import { isRecord } from '#shared/is-record.ts';

/**
 * What both sides of a request show the same way: the staff desk and the customer's page read the
 * customer's fields, the days left and which files may be shown as pictures from here.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * Raster images shown as pictures; everything else (SVG, PDF, EPS) is only ever downloaded. The shop's
 * proofs may also be WebP; a customer's artwork never is (the quote form does not take it).
 */
const previewable = {
  artwork: new Set(['image/png', 'image/jpeg']),
  proof: new Set(['image/png', 'image/jpeg', 'image/webp']),
};

/** True for the files shown as a picture. An SVG or a PDF can carry script. */
export function isPreviewable(mediaType: string, kind: keyof typeof previewable = 'artwork'): boolean {
  return previewable[kind].has(mediaType);
}

/** Whole days from `today` (UTC) to a YYYY-MM-DD date. */
export function daysUntil(day: string, today: Date): number {
  const start = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Math.round((Date.parse(`${day}T00:00:00Z`) - start) / DAY_MS);
}

/** The customer's fields as label and text, in the order the form has them. */
export function detailViews(
  request: Pick<Submission, 'payload' | 'name' | 'email'>,
): { label: string; value: string }[] {
  return Object.entries(detailsOf(request)).map(([key, value]) => ({
    label: humanize(key),
    // A list of records (the print locations) reads best one item a line: "Placement: Front · Colors: 2".
    value:
      Array.isArray(value) && value.length > 0 && value.every(isRecord)
        ? value
            .map((item) =>
              Object.entries(item)
                .filter(([, field]) => field !== undefined && field !== null && field !== '')
                .map(([name, field]) => `${humanize(name)}: ${String(field)}`)
                .join(' · '),
            )
            .join('\n')
        : formatEntry('', value, '')
            .map((line) => line.trim())
            .join('\n')
            .trim(),
  }));
}
