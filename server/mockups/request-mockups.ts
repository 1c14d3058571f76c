import type { StoredFile } from '#server/submissions/submission-store.ts';
import { printAreaProblem } from '#shared/garments/print-size-class.ts';
import type { PrintArea } from '#shared/pricing/types.ts';
import type { SiteData } from '#shared/site-data.ts';
import { checkDesignField } from '#shared/submissions/design-field.ts';
import type { FieldErrors, FormValues } from '#shared/submissions/form-values.ts';
import { locationFields, type QuoteLocation } from '#shared/submissions/quote-fields.ts';
import { createQuoteSchema } from '#shared/submissions/quote-form.ts';
import { mockupOrderOf } from './mockup-order.ts';
import type { MockupResult } from './render-mockups.ts';

const nothing: MockupResult = { mockups: [], errors: {} };

/**
 * A DTG location whose chosen print size is narrower than the artwork's width: refused whatever the file
 * (one the shop places by hand has no proportions to give a height). The height is checked as the
 * mockup is drawn. Not in the form's schema: the desk's redraw, which parses it too, may outgrow the size.
 */
function sizeErrors(locations: readonly QuoteLocation[], areas: readonly PrintArea[]): FieldErrors {
  const errors: FieldErrors = {};
  locations.forEach((location, index) => {
    if (!location.art || !location.area) return;
    const problem = printAreaProblem(areas, location.area, { widthInches: location.art.widthInches, heightInches: 0 });
    if (problem) errors[locationFields(index + 1).area] = problem;
  });
  return errors;
}

/**
 * The mockups of a quote request as posted (validated already): none when it has no catalogue garment and
 * neither a file with a placement nor a studio design (which rides in the form's values, so the route
 * hands over nothing new); else the pictures, or the errors that refuse the post (422 beside the file or
 * the placement, everything typed kept).
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
  const tooSmall = areas ? sizeErrors(parsed.data.locations, areas) : {};
  if (Object.keys(tooSmall).length > 0) return { mockups: [], errors: tooSmall };
  // The route has refused a design that fails this check already; asked again, a design reaches the
  // picture only as the catalogue accepts it, whoever calls.
  const design = checkDesignField(values, site.garments.garments);
  const order = mockupOrderOf(parsed.data, site[service].garments, files, {
    ...(areas ? { printAreas: areas } : {}),
    design: design.ok ? design.design : undefined,
  });
  if (!order) return nothing;
  const { renderMockups } = await import('./render-mockups.ts');
  return renderMockups(order);
}
