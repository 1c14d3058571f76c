import type { DeskStore } from '#server/staff/desk-store.ts';
import type { PricingData } from '#shared/pricing/estimate.ts';
import { storedDesign } from '#shared/submissions/design-field.ts';
import { createQuoteSchema } from '#shared/submissions/quote-form.ts';
import { mockupOrderOf } from './mockup-order.ts';
import type { MockupStore } from './mockup-store.ts';

/**
 * A request's mockups drawn again from its form values as stored now (its studio design with them) and its
 * files, in place of the ones it had: what the desk's studio edit calls after saving a design. False when
 * nothing could be drawn, and the old mockups are then kept.
 */
export async function redrawMockups(
  stores: { desk: Pick<DeskStore, 'getRequest'>; mockups: Pick<MockupStore, 'replaceMockups'> },
  prices: PricingData,
  reference: string,
  values: Readonly<Record<string, string>>,
): Promise<boolean> {
  const request = await stores.desk.getRequest(reference);
  if (!request) return false;
  // The customer's date is no part of the picture, and a past one would fail today's check.
  const { inHands: _date, ...rest } = values;
  const parsed = createQuoteSchema(prices).safeParse(rest);
  if (!parsed.success) return false;
  const order = mockupOrderOf(parsed.data, prices[parsed.data.service].garments, request.files, {
    design: storedDesign(values),
  });
  if (!order) return false;
  // Loaded when first needed, as the desk's redraw does: sharp stays out of the server's start.
  const { renderMockups } = await import('./render-mockups.ts');
  const drawn = await renderMockups(order);
  if (Object.keys(drawn.errors).length > 0 || drawn.mockups.length === 0) return false;
  await stores.mockups.replaceMockups(reference, drawn.mockups);
  return true;
}
