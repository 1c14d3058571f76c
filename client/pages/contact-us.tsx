import { Link } from 'react-router';
import { useSiteData } from '#client/app-context.tsx';
import { EmailLink, PhoneLink } from '#client/components/contact-links.tsx';
import { island } from '#client/components/island.tsx';
import { mapsLink } from '#client/components/maps-link.ts';
import { OpeningHours } from '#client/components/opening-hours.tsx';
import { PageHeader } from '#client/components/page-header.tsx';
import { PageMeta } from '#client/components/page-meta.tsx';

// The form, the structured data and the map are islands (client/components/island.tsx): the server renders
// them in full, and their code loads at the visitor's first touch; the form posts as plain HTML until then.
const ServiceAreaMap = island(async () => (await import('#client/components/service-area-map.tsx')).ServiceAreaMap, {
  hydrate: 'interaction',
});
const ContactForm = island(async () => (await import('#client/forms/contact-form.tsx')).ContactForm, {
  hydrate: 'interaction',
});
const LocalBusinessJsonLd = island(
  async () => (await import('#client/components/local-business-json-ld.tsx')).LocalBusinessJsonLd,
  { hydrate: 'interaction' },
);

export default function ContactUsPage() {
  const { config } = useSiteData();
  const { address } = config;
  return (
    <>
      <PageMeta id="contact-us" />
      <LocalBusinessJsonLd />
      <PageHeader eyebrow="Contact us" title="Need more assistance? We got you!">
        <p>Write to us below, call, e-mail or stop by the shop. We answer every message within one business day.</p>
      </PageHeader>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start">
        <section
          aria-labelledby="message-heading"
          className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8"
        >
          <h2 id="message-heading" className="text-2xl font-extrabold">
            Send us a message
          </h2>
          <p className="mt-2 text-stone-700">
            Questions, ideas, a rush job? Write to us here. For a price, the{' '}
            <Link to="/pricing" className="font-semibold text-brand-700 underline">
              quote form
            </Link>{' '}
            asks for everything we need.
          </p>
          <div className="mt-6">
            <ContactForm labelledBy="message-heading" />
          </div>
        </section>
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-1">
          <section aria-labelledby="reach-heading" className="rounded-2xl bg-white p-6 shadow-sm">
            <h2 id="reach-heading" className="text-xl font-bold">
              Reach us
            </h2>
            <ul className="mt-4 space-y-2">
              <li>
                Phone: <PhoneLink />
              </li>
              <li>
                E-mail: <EmailLink />
              </li>
            </ul>
          </section>
          <section aria-labelledby="visit-heading" className="rounded-2xl bg-white p-6 shadow-sm">
            <h2 id="visit-heading" className="text-xl font-bold">
              Visit the shop
            </h2>
            <address className="mt-4 not-italic">
              {address.street}
              <br />
              {address.city}, {address.region} {address.postalCode}
            </address>
            <p className="mt-3">
              <a href="#service-area" className="font-semibold text-brand-700 underline underline-offset-4">
                Map and delivery area
              </a>
            </p>
          </section>
          <section aria-labelledby="hours-heading" className="rounded-2xl bg-white p-6 shadow-sm">
            <h2 id="hours-heading" className="text-xl font-bold">
              Opening hours
            </h2>
            <OpeningHours className="mt-4 space-y-2" />
          </section>
        </div>
      </div>
      <section id="service-area" aria-labelledby="area-heading" className="mx-auto max-w-6xl px-4 pb-4">
        <div className="grid gap-8 rounded-2xl bg-white p-5 shadow-sm sm:p-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-center">
          <ServiceAreaMap config={config} />
          <div>
            <h2 id="area-heading" className="text-2xl font-extrabold">
              Where we deliver
            </h2>
            <p className="mt-2 text-stone-700">{config.serviceArea.summary}</p>
            <p className="mt-4 text-sm font-bold uppercase tracking-wide text-stone-600">
              Free delivery within {config.serviceArea.deliveryRadiusMiles} miles, including
            </p>
            <ul className="mt-2 columns-2 text-stone-800">
              {[config.address.city, ...config.serviceArea.places.map((place) => place.name)].map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ul>
            <p className="mt-5">
              <a
                href={mapsLink(config)}
                rel="noopener noreferrer"
                className="font-semibold text-brand-700 underline underline-offset-4"
              >
                Open the shop's location in OpenStreetMap
              </a>
            </p>
          </div>
        </div>
      </section>
    </>
  );
}
