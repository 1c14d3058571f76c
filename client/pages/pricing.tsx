import { Link } from 'react-router';
import { formatUsPhone } from '../../shared/phone.ts';
import { useSiteData } from '../app-context.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { PageMeta } from '../components/page-meta.tsx';

export default function PricingPage() {
  const { config, services } = useSiteData();
  return (
    <>
      <PageMeta id="pricing" />
      <PageHeader eyebrow="Free quote" title="Get a quote">
        <p>
          Pick a service to see its prices, then tell us about your order. Quotes are free and come with no obligation.
        </p>
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 py-12">
        <ul className="grid gap-6 md:grid-cols-3">
          {services.services.map((service) => (
            <li key={service.id} className="flex flex-col rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
              <h2 className="text-xl font-bold">{service.name}</h2>
              <p className="mt-2 flex-1 text-stone-700">{service.summary}</p>
              <Link to={service.route} className="mt-4 font-semibold text-brand-700 underline underline-offset-4">
                {service.name} pricing
              </Link>
            </li>
          ))}
        </ul>
        <section aria-labelledby="quote-heading" className="mt-12 rounded-2xl bg-white p-6 shadow-sm">
          <h2 id="quote-heading" className="text-xl font-bold">
            Ask for your quote
          </h2>
          <p className="mt-2 text-stone-700">
            E-mail{' '}
            <a className="font-semibold text-brand-700 underline" href={`mailto:${config.contact.email}`}>
              {config.contact.email}
            </a>{' '}
            or call{' '}
            <a className="font-semibold text-brand-700 underline" href={`tel:${config.contact.phone}`}>
              {formatUsPhone(config.contact.phone)}
            </a>{' '}
            with the garments, quantities, colors and artwork you have in mind; we answer within one business day.
          </p>
        </section>
      </div>
    </>
  );
}
