import type { PricingData } from '#shared/pricing/estimate.ts';
import { estimateWords } from '#shared/pricing/estimate-words.ts';
import { quoteEstimate } from '#shared/submissions/quote-fields.ts';

/** What a request's estimate says when the site cannot price it (the same words the quote form stores). */
const NOT_PRICED = 'Not available (see the details)';

/**
 * The request's website estimate for the roster a close writes into it: the quote form's own pricing
 * of the request's fields with the roster's sizes. Without it the desk would read an estimate for the
 * count the organiser guessed before anyone joined. Counted from the request's arrival, as the stored
 * estimate always is, so the desk and the customer's page can show its lines beside its words.
 */
export function rosterEstimate(site: PricingData) {
  return (values: Record<string, string>, quantity: number, arrived: Date): string => {
    const result = quoteEstimate(values, site, arrived);
    return result?.ok ? estimateWords(result.estimate, quantity, site['order-terms'], arrived) : NOT_PRICED;
  };
}
