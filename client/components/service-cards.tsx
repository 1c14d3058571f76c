import { Link } from 'react-router';
import { useSiteData } from '#client/app-context.tsx';
import { formatMoney } from '#shared/money.ts';
import { pluralize } from '#shared/plural.ts';
import { priceFileFor } from '#shared/pricing/estimate.ts';
import { eachWords } from '#shared/pricing/estimate-words.ts';
import { examplePrice } from '#shared/pricing/example-order.ts';
import { fromPriceCents, fromPriceOrder } from '#shared/pricing/from-price.ts';
import { decorationWord } from '#shared/pricing/option-words.ts';
import { SERVICE_PRICES_ID } from '#shared/routes.ts';

/**
 * The three services, each with an order most people make priced all in by the engine (so the card's figure
 * is one a visitor can really pay), and the floor a large order of the customer's own garments reaches, said
 * as what it is.
 */
export function ServiceCards() {
  const site = useSiteData();
  return (
    <ul id={SERVICE_PRICES_ID} className="grid gap-6 md:grid-cols-3">
      {site.services.services.map((service) => {
        const prices = priceFileFor(site, service.id);
        const example = examplePrice(prices);
        const floor = fromPriceOrder(prices);
        return (
          <li key={service.id} className="flex flex-col rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
            <h2 className="text-xl font-bold">{service.name}</h2>
            <p className="mt-2 text-stone-700">{service.summary}</p>
            <div className="mt-4 rounded-xl bg-stone-50 px-4 py-3" data-testid={`example-${service.id}`}>
              <p className="text-sm text-stone-700">For example: {example.order}</p>
              <p className="mt-1">
                <span className="text-2xl font-extrabold tabular-nums">{eachWords(example)}</span>
              </p>
              <p className="text-sm text-stone-700">
                {formatMoney(example.totalCents)} in total, all in: {example.includes}, picked up.
              </p>
            </div>
            <p className="mt-3 flex-1 text-sm text-stone-700" data-testid={`from-${service.id}`}>
              {decorationWord(service.id) === 'embroidery' ? 'Embroidery' : 'Printing'} only, on{' '}
              {pluralize(floor.quantity, 'piece')} or more of your own garments: from{' '}
              <span className="font-bold">{formatMoney(fromPriceCents(prices))}</span> per piece.
            </p>
            <Link to={service.route} className="mt-4 font-semibold text-brand-700 underline underline-offset-4">
              {service.name} prices and calculator
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
