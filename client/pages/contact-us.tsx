import { useSiteData } from '../app-context.tsx';
import { EmailLink, PhoneLink } from '../components/contact-links.tsx';
import { LocalBusinessJsonLd } from '../components/local-business-json-ld.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { PageMeta } from '../components/page-meta.tsx';

const openingHours = [
  { days: 'Monday to Friday', hours: '9:00 am to 6:00 pm' },
  { days: 'Saturday', hours: '10:00 am to 2:00 pm' },
  { days: 'Sunday', hours: 'Closed' },
];

export default function ContactUsPage() {
  const { config } = useSiteData();
  const { address, contact } = config;
  return (
    <>
      <PageMeta id="contact-us" />
      <LocalBusinessJsonLd />
      <PageHeader eyebrow="Contact us" title="Need more assistance? We got you!">
        <p>Call, e-mail or stop by the shop. We answer every message within one business day.</p>
      </PageHeader>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 md:grid-cols-3">
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
    </>
  );
}
