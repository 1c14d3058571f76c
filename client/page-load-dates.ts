import { priceFileFor } from '#shared/pricing/price-file.ts';
import { optionsFromQuery } from '#shared/pricing/query.ts';
import { askablePieces, type DatesAnswer, datesAnswerOf } from '#shared/production/dates-answer.ts';
import type { LoadDates } from '#shared/production/production-load.ts';
import { isServiceId } from '#shared/service-ids.ts';
import type { SiteData } from '#shared/site-data.ts';
import type { FormState } from '#shared/submissions/form-values.ts';
import { quoteEstimate, quotePrefill } from '#shared/submissions/quote-fields.ts';

/** What the page was asked for, as the server renders it. */
interface PageAsked {
  routeIds: readonly string[];
  search: string;
  /** The quote form posted without JavaScript and shown again with its errors, if it was. */
  form: FormState | null;
  now: Date;
}

/** The service and pieces the quote form's first estimate is for, as quote-form.tsx counts them. */
function quoteFormOrder(site: SiteData, { search, form, now }: PageAsked) {
  const values = form?.form === 'quote' ? form.values : quotePrefill(new URLSearchParams(search), site);
  const first = quoteEstimate(values, site, now);
  if (!first?.ok) return undefined;
  const pieces = first.estimate.ladder.find((row) => row.current)?.quantity ?? 0;
  return { service: first.estimate.service, quantity: pieces };
}

/**
 * What a page embeds of the shop's load (client/entry-server.tsx): the answer for the order its
 * calculator or quote form starts with (the query's or the posted form's, else the calculator's
 * default), so the page shows the date the shop can keep before and without any script, and hydrates
 * showing the same (client/hooks/use-load-dates.ts). The three service pages' route ids are their
 * service ids, the quote form's is "pricing"; any other page embeds nothing.
 */
export function pageLoadDates(asked: PageAsked, site: SiteData, load: LoadDates): DatesAnswer | undefined {
  const service = asked.routeIds.find(isServiceId);
  const order =
    service !== undefined
      ? // The quantity the calculator reads from the same address (price-calculator.tsx).
        { service, quantity: optionsFromQuery(priceFileFor(site, service), new URLSearchParams(asked.search)).quantity }
      : asked.routeIds.includes('pricing')
        ? quoteFormOrder(site, asked)
        : undefined;
  return order && askablePieces(order.quantity) ? datesAnswerOf(load, order.service, order.quantity) : undefined;
}
