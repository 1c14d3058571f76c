import { Link } from 'react-router';
import { useSiteData } from '#client/app-context.tsx';
import { EmailLink, PhoneLink } from '#client/components/contact-links.tsx';
import { LocalBusinessJsonLd } from '#client/components/local-business-json-ld.tsx';
import { PageHeader } from '#client/components/page-header.tsx';
import { PageMeta } from '#client/components/page-meta.tsx';
import { ContactForm } from '#client/forms/contact-form.tsx';

const openingHours = [
  { days: 'Monday to Friday', hours: '9:00 am to 6:00 pm' },
  { days: 'Saturday', hours: '10:00 am to 2:00 pm' },
  { days: 'Sunday', hours: 'Closed' },
];

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
          </section>
          <section aria-labelledby="hours-heading" className="rounded-2xl bg-white p-6 shadow-sm">
            <h2 id="hours-heading" className="text-xl font-bold">
              Opening hours
            </h2>
            <dl className="mt-4 space-y-2">
              {openingHours.map((row) => (
                <div key={row.days} className="flex justify-between gap-4">
                  <dt>{row.days}</dt>
                  <dd className="font-semibold">{row.hours}</dd>
                </div>
              ))}
            </dl>
          </section>
        </div>
      </div>
    </>
  );
}
