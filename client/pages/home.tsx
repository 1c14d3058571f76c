import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useSiteData } from '#client/app-context.tsx';
import { LocalBusinessJsonLd } from '#client/components/local-business-json-ld.tsx';
import { PageMeta } from '#client/components/page-meta.tsx';
import { quoteLink } from '#client/menu-links.ts';

/**
 * The carousels come in their own chunk with Splide: the server renders them in full, and in the browser
 * React keeps that HTML as it is (first slide shown, nothing moves) until the chunk arrives.
 */
const HomeCarousel = lazy(() =>
  import('#client/components/carousels.tsx').then((module) => ({ default: module.HomeCarousel })),
);
const BrandsCarousel = lazy(() =>
  import('#client/components/carousels.tsx').then((module) => ({ default: module.BrandsCarousel })),
);

const promises = [
  {
    title: 'Family owned',
    text: 'The same family has run the presses since 2010. You talk to the people who print your order.',
  },
  {
    title: 'More than 20 years of printing',
    text: 'Two decades of team shirts, uniforms and merch have taught us which ink, thread and garment will last.',
  },
  {
    title: 'Free local delivery',
    text: 'Your finished order comes to your door, office or field at no charge within our delivery area.',
  },
  {
    title: 'Premium garments',
    text: 'Tees, hoodies, polos and caps from the brands we collaborate with, chosen to feel good and wash well.',
  },
  {
    title: 'Specific textiles on request',
    text: 'Need organic cotton, moisture-wicking polyester or a particular blend? Ask, and we will source it.',
  },
  {
    title: 'Bring your own garments',
    text: 'Already have the shirts? We print on them and charge only for the print. No extra fees.',
  },
];

export default function HomePage() {
  const { config, media, services } = useSiteData();
  return (
    <>
      <PageMeta id="home" />
      <LocalBusinessJsonLd />
      <Suspense>
        <HomeCarousel slides={media.slides} />
      </Suspense>

      <section aria-labelledby="intro-heading" className="bg-white">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
          <p className="text-sm font-bold uppercase tracking-wide text-brand-700">{config.appName}: Seen by everyone</p>
          <h1 id="intro-heading" className="mt-3 max-w-3xl text-3xl font-extrabold tracking-tight sm:text-5xl">
            Custom apparel with honest prices, printed down the street.
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-stone-700">
            Screen printing, direct-to-garment printing and embroidery for teams, businesses, schools and events. See
            the price before you ask, then get a free quote.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link
              to={quoteLink.to}
              className="rounded-full bg-brand-700 px-6 py-3 font-bold text-white hover:bg-brand-800"
            >
              {quoteLink.label}
            </Link>
            <Link
              to="/pricing/printing"
              className="rounded-full border border-stone-300 bg-white px-6 py-3 font-bold text-stone-900 hover:bg-stone-100"
            >
              See pricing
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="brands-heading" className="border-y border-stone-200 bg-stone-50">
        <div className="mx-auto max-w-6xl px-4 py-12">
          <h2 id="brands-heading" className="mb-8 text-lg font-bold text-stone-800">
            Premium garments from brands we collaborate with
          </h2>
          <Suspense>
            <BrandsCarousel brands={media.brands} />
          </Suspense>
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
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {promises.map((item) => (
              <li key={item.title} className="rounded-2xl bg-stone-50 p-6">
                <h3 className="text-lg font-bold">{item.title}</h3>
                <p className="mt-2 text-stone-700">{item.text}</p>
              </li>
            ))}
          </ul>
          <p className="mt-10">
            <Link
              to={quoteLink.to}
              className="inline-block rounded-full bg-brand-700 px-6 py-3 font-bold text-white hover:bg-brand-800"
            >
              Get your free quote
            </Link>
          </p>
        </div>
      </section>
    </>
  );
}
