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
  const order = mockupOrderOf(parsed.data, site[parsed.data.service].garments, files);
  if (!order) return nothing;
  const { renderMockups } = await import('./render-mockups.ts');
  return renderMockups(order);
}
