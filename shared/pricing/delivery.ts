import { businessDays } from './business-days.ts';
import type { DeliveryTerms } from './order-terms.ts';

/**
 * How an order reaches the customer, and what that adds: pickup and delivery inside the local ZIP
 * codes are free; anywhere else is shipped at the rate for the order's quantity.
 */

/** Pickup, or delivery to a ZIP code (as typed: checked here). */
export type DeliveryChoice = { method: 'pickup' } | { method: 'delivery'; zip: string };

export type DeliveryQuote =
  | { ok: true; label: string; cents: number; shipped: boolean }
  | { ok: false; message: string };

/** "62704", "62704-1234" and " 62704 " all name 62704; anything else is not a US ZIP code. */
export function zipOf(typed: string): string | null {
  const match = /^\s*(\d{5})(-\d{4})?\s*$/.exec(typed);
  return match?.[1] ?? null;
}

/** The delivery line's label and amount for an order of `quantity` pieces, or what to fix. */
export function deliveryQuote(terms: DeliveryTerms, choice: DeliveryChoice, quantity: number): DeliveryQuote {
  if (choice.method === 'pickup') return { ok: true, label: 'Pickup at the shop', cents: 0, shipped: false };
  if (choice.zip.trim() === '') return { ok: false, message: 'Enter the ZIP code to deliver to.' };
  const zip = zipOf(choice.zip);
  if (zip === null) return { ok: false, message: 'Enter a five-digit ZIP code, such as 62704.' };
  if (terms.localZipCodes.includes(zip))
    return { ok: true, label: `Free local delivery to ${zip}`, cents: 0, shipped: false };
  const tiers = terms.shipping.tiers;
  let tier = tiers[0];
  for (const candidate of tiers) if (quantity >= candidate.fromQuantity) tier = candidate;
  if (!tier) throw new Error('The order terms list no shipping rate');
  const next = tiers[tiers.indexOf(tier) + 1];
  const range = next ? `${tier.fromQuantity}–${next.fromQuantity - 1}` : `${tier.fromQuantity}+`;
  return {
    ok: true,
    label: `Shipping to ${zip} by ${terms.shipping.carrier}, ${range} pieces (${businessDays(terms.shipping.transitBusinessDays)} in transit)`,
    cents: tier.cents,
    shipped: true,
  };
}
