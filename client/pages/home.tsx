import { Link } from 'react-router';
import { useSiteData } from '../app-context.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { quoteLink } from '../navigation.ts';

const promises = [
  {
    title: 'Family owned',
    text: 'The same family has run the presses for more than 20 years. You talk to the people who print your order.',
  },
  {
    title: 'Free local delivery',
    text: 'Your finished order comes to your door, office or field at no charge within our delivery area.',
  },
  {
    title: 'Premium garments',
    text: 'Tees, hoodies, polos and caps from the brands we work with, and specific textiles sourced on request.',
  },
  {
    title: 'Bring your own garments',
    text: 'Already have the shirts? We print them and charge only for the print, with no extra fees.',
  },
];

export default function HomePage() {
  const { config, services } = useSiteData();
  return (
    <>
      <PageMeta id="home" />
      <section className="bg-stone-900 text-white">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
          <p className="text-sm font-bold uppercase tracking-wide text-brand-200">{config.appName}: Seen by everyone</p>
          <h1 className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-6xl">
            Custom apparel with honest prices, printed down the street.
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-stone-200">
            Screen printing, direct-to-garment printing and embroidery for teams, businesses, schools and events. See
            the price before you ask, then get a free quote.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link
              to={quoteLink.to}
              className="rounded-full bg-brand-600 px-6 py-3 font-bold text-white hover:bg-brand-700"
            >
              {quoteLink.label}
            </Link>
            <Link
              to="/pricing/printing"
              className="rounded-full bg-white px-6 py-3 font-bold text-stone-900 hover:bg-stone-100"
            >
              See pricing
            </Link>
          </div>
        </div>
      </section>
      <section aria-labelledby="services-heading" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="services-heading" className="text-2xl font-extrabold sm:text-3xl">
          What we do
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {services.services.map((service) => (
            <li key={service.id} className="flex flex-col rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
              <h3 className="text-xl font-bold">{service.name}</h3>
              <p className="mt-2 flex-1 text-stone-700">{service.summary}</p>
              <Link to={service.route} className="mt-4 font-semibold text-brand-700 underline underline-offset-4">
                {service.name} pricing
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="why-heading" className="bg-white">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <h2 id="why-heading" className="text-2xl font-extrabold sm:text-3xl">
            Why neighbors choose {config.appName}
          </h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2">
            {promises.map((item) => (
              <li key={item.title} className="rounded-2xl bg-stone-50 p-6">
                <h3 className="text-lg font-bold">{item.title}</h3>
                <p className="mt-2 text-stone-700">{item.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
