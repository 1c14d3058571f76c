import { useMemo } from 'react';
import { Link } from 'react-router';
import { useSiteData } from '#client/app-context.tsx';
import { pluralize } from '#shared/plural.ts';
import { priceFileFor } from '#shared/pricing/estimate.ts';
import { optionsFromQuery, queryFromOptions } from '#shared/pricing/query.ts';
import type { ServiceId } from '#shared/service-ids.ts';
import { quotePrefill, sizeField } from '#shared/submissions/quote-fields.ts';
import { QuoteForm } from './quote-form.tsx';

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
 * The pricing page's quote form with its first values from the address (a calculator's "Request this
 * quote" link), and the note that says so: in a module of its own so that the page hydrates without the
 * form's code and the pricing engine (client/components/island.tsx).
 */
export function CarriedQuoteForm({
  params,
  carried,
  labelledBy,
}: {
  params: URLSearchParams;
  carried: ServiceId | undefined;
  labelledBy: string;
}) {
  const site = useSiteData();
  const prefill = useMemo(() => quotePrefill(params, site), [params, site]);
  return (
    <QuoteForm
      // Said above the form only: once the request is sent, the confirmation takes the place of both.
      notice={
        carried ? <CarriedNote service={carried} params={params} standardPieces={prefill[sizeField('M')]} /> : null
      }
      prefill={prefill}
      labelledBy={labelledBy}
      // The calculator's tests know the carried estimate by this name.
      estimateTestId={carried ? 'carried-estimate' : 'quote-estimate'}
    />
  );
}
