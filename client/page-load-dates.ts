import { priceFileFor } from '#shared/pricing/price-file.ts';
import { optionsFromQuery } from '#shared/pricing/query.ts';
import { askablePieces, type DatesAnswer, datesAnswerOf } from '#shared/production/dates-answer.ts';
import type { LoadDates } from '#shared/production/production-load.ts';
import { isServiceId } from '#shared/service-ids.ts';
import type { SiteData } from '#shared/site-data.ts';

/**
 * What a calculator page embeds of the shop's load (client/entry-server.tsx): the answer for the
 * quantity its calculator starts with (the query's, else the default), so the page shows the date the
 * shop can keep before and without any script, and hydrates showing the same. The three service pages'
 * route ids are their service ids; any other page embeds nothing.
 */
export function calculatorDates(
  routeIds: readonly string[],
  search: string,
  site: SiteData,
  load: LoadDates,
): DatesAnswer | undefined {
  const service = routeIds.find(isServiceId);
  if (service === undefined) return undefined;
  // The quantity the calculator reads from the same address (price-calculator.tsx).
  const { quantity } = optionsFromQuery(priceFileFor(site, service), new URLSearchParams(search));
  return askablePieces(quantity) ? datesAnswerOf(load, service, quantity) : undefined;
}
