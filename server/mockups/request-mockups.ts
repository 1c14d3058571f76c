import type { StoredFile } from '#server/storage/types.ts';
import type { SiteData } from '#shared/site-data.ts';
import type { FormValues } from '#shared/submissions/form-values.ts';
import { createQuoteSchema } from '#shared/submissions/quote-form.ts';
import { mockupOrderOf } from './mockup-order.ts';
import type { MockupResult } from './render-mockups.ts';

const nothing: MockupResult = { mockups: [], errors: {} };

/**
 * The mockups of a quote request as posted (validated already): none when it has no catalogue garment,
 * no file or no placement; else the pictures, or the errors that refuse the post (422 beside the file
 * or the placement, everything typed kept).
 */
export async function quoteMockups(
  values: FormValues,
  files: readonly StoredFile[],
  site: SiteData,
): Promise<MockupResult> {
  const parsed = createQuoteSchema(site).safeParse(values);
  if (!parsed.success) return nothing;
  const { service } = parsed.data;
  // A direct-to-garment print is priced by its size: the size chosen must hold the print as placed.
  const areas = service === 'direct-to-garment' ? site[service].printAreas : undefined;
  const order = mockupOrderOf(parsed.data, site[service].garments, files, areas);
  if (!order) return nothing;
  const { renderMockups } = await import('./render-mockups.ts');
  return renderMockups(order);
}
