import { Link, useSearchParams } from 'react-router';
import { formatMoney } from '../../shared/money.ts';
import { estimate, priceFileFor } from '../../shared/pricing/estimate.ts';
import { fromPriceCents } from '../../shared/pricing/from-price.ts';
import { optionsFromQuery, queryFromOptions } from '../../shared/pricing/query.ts';
import type { Estimate } from '../../shared/pricing/types.ts';
import { isServiceId, type ServiceId } from '../../shared/service-ids.ts';
import { useSiteData } from '../app-context.tsx';
import { EmailLink, PhoneLink } from '../components/contact-links.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { PageMeta } from '../components/page-meta.tsx';

/** The estimate as a few lines of text: the e-mail body until the quote form arrives. */
function estimateText(serviceName: string, result: Estimate): string {
  return [
    `${serviceName} estimate from the website:`,
    ...result.lines.map(
      (line) => `- ${line.label}: ${line.quantity} x ${formatMoney(line.unitCents)} = ${formatMoney(line.totalCents)}`,
    ),
    `Total: ${formatMoney(result.totalCents)} (${formatMoney(result.perPieceCents)} per piece)`,
  ].join('\n');
}

/** The configuration carried over from a calculator ("Request this quote"), recomputed from the link. */
function CarriedEstimate({ service, params }: { service: ServiceId; params: URLSearchParams }) {
  const site = useSiteData();
  const prices = priceFileFor(site, service);
  const options = optionsFromQuery(prices, params);
  const result = estimate(prices, options);
  const serviceInfo = site.services.services.find((item) => item.id === service);
  if (!serviceInfo || !result.ok) return null;
  const { estimate: carried } = result;
  const subject = `Quote request: ${serviceInfo.name}, ${options.quantity} pieces`;
  const mailto = `mailto:${site.config.contact.email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(`${estimateText(serviceInfo.name, carried)}\n\nMy name and phone:\n`)}`;
  return (
    <section
      aria-labelledby="carried-heading"
      data-testid="carried-estimate"
      className="rounded-2xl border-2 border-brand-600 bg-white p-6 shadow-sm"
    >
      <h2 id="carried-heading" className="text-xl font-bold">
        Your {serviceInfo.name.toLowerCase()} estimate
      </h2>
      <p className="mt-2 text-lg">
        <span className="font-extrabold">{formatMoney(carried.totalCents)}</span> in total,{' '}
        {formatMoney(carried.perPieceCents)} per piece
      </p>
      <ul className="mt-3 space-y-1 text-stone-700">
        {carried.lines.map((line) => (
          <li key={`${line.kind}-${line.label}`}>
            {line.label}: {formatMoney(line.totalCents)}
          </li>
        ))}
      </ul>
      <div className="mt-5 flex flex-wrap gap-3">
        <a href={mailto} className="rounded-full bg-brand-700 px-5 py-2.5 font-bold text-white hover:bg-brand-800">
          E-mail us this quote request
        </a>
        <Link
          to={`${serviceInfo.route}?${queryFromOptions(options).toString()}`}
          className="rounded-full border border-stone-300 px-5 py-2.5 font-semibold hover:bg-stone-100"
        >
          Change the details
        </Link>
      </div>
    </section>
  );
}

export default function PricingPage() {
  const site = useSiteData();
  const { config, services } = site;
  const [params] = useSearchParams();
  const carried = params.get('service');
  return (
    <>
      <PageMeta id="pricing" />
      <PageHeader eyebrow="Free quote" title="Get a quote">
        <p>Pick a service to see its prices, then send us your request. Quotes are free and come with no obligation.</p>
      </PageHeader>
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-12">
        {carried && isServiceId(carried) ? <CarriedEstimate service={carried} params={params} /> : null}
        <ul className="grid gap-6 md:grid-cols-3">
          {services.services.map((service) => (
            <li key={service.id} className="flex flex-col rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
              <h2 className="text-xl font-bold">{service.name}</h2>
              <p className="mt-1 text-stone-800" data-testid={`from-${service.id}`}>
                From{' '}
                <span className="font-extrabold">{formatMoney(fromPriceCents(priceFileFor(site, service.id)))}</span>{' '}
                per piece
              </p>
              <p className="mt-2 flex-1 text-stone-700">{service.summary}</p>
              <Link to={service.route} className="mt-4 font-semibold text-brand-700 underline underline-offset-4">
                {service.name} prices and calculator
              </Link>
            </li>
          ))}
        </ul>
        <section aria-labelledby="quote-heading" className="rounded-2xl bg-white p-6 shadow-sm">
          <h2 id="quote-heading" className="text-xl font-bold">
            Ask for your quote
          </h2>
          <p className="mt-2 text-stone-700">
            E-mail <EmailLink /> or call <PhoneLink /> with the garments, quantities, colors and artwork you have in
            mind; we answer within one business day.
          </p>
        </section>
      </div>
    </>
  );
}
