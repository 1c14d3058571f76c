import type { PricingData } from '#shared/pricing/estimate.ts';
import { estimateWords } from '#shared/pricing/estimate-words.ts';
import { quoteEstimate } from '#shared/submissions/quote-fields.ts';

/** What a request's estimate says when the site cannot price it (the same words the quote form stores). */
const NOT_PRICED = 'Not available (see the details)';

/**
 * The request's website estimate for the roster a close writes into it: the quote form's own pricing
 * of the request's fields with the roster's sizes, at the close. Without it the desk would read an
 * estimate for the count the organiser guessed before anyone joined.
 */
export function rosterEstimate(site: PricingData, now: Date) {
  return (values: Record<string, string>, quantity: number): string => {
    const result = quoteEstimate(values, site, now);
    return result?.ok ? estimateWords(result.estimate, quantity, site['order-terms'], now) : NOT_PRICED;
  };
}
