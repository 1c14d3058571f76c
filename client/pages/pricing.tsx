import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSiteData } from '#client/app-context.tsx';
import { PhoneLink } from '#client/components/contact-links.tsx';
import { PageHeader } from '#client/components/page-header.tsx';
import { PageMeta } from '#client/components/page-meta.tsx';
import { QuoteForm } from '#client/forms/quote-form.tsx';
import { formatMoney } from '#shared/money.ts';
import { pluralize } from '#shared/plural.ts';
import { priceFileFor } from '#shared/pricing/estimate.ts';
import { eachWords } from '#shared/pricing/estimate-words.ts';
import { examplePrice } from '#shared/pricing/example-order.ts';
import { fromPriceCents, fromPriceOrder } from '#shared/pricing/from-price.ts';
import { decorationWord } from '#shared/pricing/option-words.ts';
import { optionsFromQuery, queryFromOptions } from '#shared/pricing/query.ts';
import { SERVICE_PRICES_ID } from '#shared/routes.ts';
import { isServiceId, type ServiceId } from '#shared/service-ids.ts';
import { quotePrefill, sizeField } from '#shared/submissions/quote-fields.ts';

/** The service a calculator's "Request this quote" link carries, if the page was opened from one. */
function carriedService(params: URLSearchParams): ServiceId | undefined {
  const service = params.get('service') ?? '';
  return isServiceId(service) && params.has('q') ? service : undefined;
}

/** Says where the form's first values came from, and leads back to the calculator to change them. */
function CarriedNote({
  service,
  params,
  standardPieces,
}: {
  service: ServiceId;
  params: URLSearchParams;
  standardPieces: string | undefined;
}) {
  const site = useSiteData();
  const serviceInfo = site.services.services.find((item) => item.id === service);
  if (!serviceInfo) return null;
  const query = queryFromOptions(optionsFromQuery(priceFileFor(site, service), params)).toString();
  const pieces = Number(standardPieces ?? '0');
  return (
    <div className="mb-6 rounded-xl border-l-4 border-brand-600 bg-brand-50 px-4 py-3 text-stone-900">
      <p>
        We filled in the form from your {serviceInfo.name.toLowerCase()} estimate.
        {pieces > 0
          ? ` The ${pluralize(pieces, 'piece')} in standard sizes are on M for now: spread them over the sizes you need.`
          : ''}{' '}
        <Link
          to={`${serviceInfo.route}?${query}`}
          className="font-semibold text-brand-800 underline underline-offset-2"
        >
          Back to the calculator
        </Link>
      </p>
    </div>
  );
}

/**
 * The three services, each with an order most people make priced all in by the engine (issue 25 item
 * 13), and the floor a large order of the customer's own garments reaches, said as what it is.
 */
function ServiceCards() {
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

export default function PricingPage() {
  const site = useSiteData();
  const [params] = useSearchParams();
  const carried = carriedService(params);
  const prefill = useMemo(() => quotePrefill(params, site), [params, site]);
  return (
    <>
      <PageMeta id="pricing" />
      <PageHeader eyebrow="Free quote" title="Get a quote">
        <p>
          Tell us about your order and see its price as you go. We reply with your exact quote within one business day;
          quotes are free and come with no obligation.
        </p>
      </PageHeader>
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-12">
        {carried ? null : <ServiceCards />}
        <section aria-labelledby="quote-heading">
          <h2 id="quote-heading" className="text-2xl font-extrabold sm:text-3xl">
            Request your quote
          </h2>
          <p className="mt-2 max-w-3xl text-stone-700">
            The more you tell us, the more exact the quote. Rather talk it through? Call <PhoneLink />.
          </p>
          <div className="mt-6">
            <QuoteForm
              // Said above the form only: once the request is sent, the confirmation takes the place of both.
              notice={
                carried ? (
                  <CarriedNote service={carried} params={params} standardPieces={prefill[sizeField('M')]} />
                ) : null
              }
              prefill={prefill}
              labelledBy="quote-heading"
              // The calculator's tests know the carried estimate by this name.
              estimateTestId={carried ? 'carried-estimate' : 'quote-estimate'}
            />
          </div>
        </section>
        {carried ? <ServiceCards /> : null}
      </div>
    </>
  );
}
