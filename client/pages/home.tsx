import { Link } from 'react-router';
import { useSiteData } from '#client/app-context.tsx';
import { island } from '#client/components/island.tsx';
import { PageMeta } from '#client/components/page-meta.tsx';
import { quoteLink, SERVICE_PRICES_ID } from '#shared/routes.ts';

/**
 * The carousels come in their own chunk, as islands (client/components/island.tsx): the server renders
 * them in full, and in the browser React keeps that HTML as it is (a strip showing the first slide) until
 * the chunk arrives, as they come near the screen (the first one at once: it turns on its own). Splide,
 * which makes them carousels, follows once the page has hydrated (carousels.tsx).
 */
const HomeCarousel = island(async () => (await import('#client/components/carousels.tsx')).HomeCarousel);
const BrandsCarousel = island(async () => (await import('#client/components/carousels.tsx')).BrandsCarousel);
/** Plain markup rendered in full by the server, links and structured data: code only if touched. */
const LocalBusinessJsonLd = island(
  async () => (await import('#client/components/local-business-json-ld.tsx')).LocalBusinessJsonLd,
  { hydrate: 'interaction' },
);
const FeaturedWork = island(async () => (await import('#client/components/featured-work.tsx')).default, {
  hydrate: 'interaction',
});

/** "{foundedYear}" and "{appName}" in the data's texts: the config's, so pages cannot disagree. */
const fill = (text: string, config: { foundedYear: number; appName: string }) =>
  text.replaceAll('{foundedYear}', String(config.foundedYear)).replaceAll('{appName}', config.appName);

export default function HomePage() {
  const { config, media, services, 'our-work': work } = useSiteData();
  return (
    <>
      <PageMeta id="home" />
      <LocalBusinessJsonLd />
      <HomeCarousel slides={media.slides} />

      <section aria-labelledby="intro-heading" className="bg-white">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
          <p className="text-sm font-bold uppercase tracking-wide text-brand-700">{config.appName}: Seen by everyone</p>
          <h1 id="intro-heading" className="mt-3 max-w-3xl text-3xl font-extrabold tracking-tight sm:text-5xl">
            {services.intro.heading}
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-stone-700">{services.intro.text}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link
              to={quoteLink.to}
              className="rounded-full bg-brand-700 px-6 py-3 font-bold text-white hover:bg-brand-800"
            >
              {quoteLink.label}
            </Link>
            {/* The prices of all three services, each with an example priced all in, not one service's. */}
            <Link
              to={`${quoteLink.to}#${SERVICE_PRICES_ID}`}
              className="rounded-full border border-stone-300 bg-white px-6 py-3 font-bold text-stone-900 hover:bg-stone-100"
            >
              {services.intro.pricingLink}
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="brands-heading" className="border-y border-stone-200 bg-stone-50">
        <div className="mx-auto max-w-6xl px-4 py-12">
          <h2 id="brands-heading" className="mb-8 text-lg font-bold text-stone-800">
            {services.intro.brandsHeading}
          </h2>
          <BrandsCarousel brands={media.brands} />
        </div>
      </section>

      <section aria-labelledby="services-heading" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="services-heading" className="text-2xl font-extrabold sm:text-3xl">
          {services.intro.servicesHeading}
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

      <FeaturedWork jobs={work.jobs} />

      <section aria-labelledby="why-heading" className="bg-white">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <h2 id="why-heading" className="text-2xl font-extrabold sm:text-3xl">
            {fill(services.intro.promisesHeading, config)}
          </h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {services.promises.map((item) => (
              <li key={item.title} className="rounded-2xl bg-stone-50 p-6">
                <h3 className="text-lg font-bold">{fill(item.title, config)}</h3>
                <p className="mt-2 text-stone-700">{fill(item.text, config)}</p>
              </li>
            ))}
          </ul>
          <p className="mt-10">
            <Link
              to={quoteLink.to}
              className="inline-block rounded-full bg-brand-700 px-6 py-3 font-bold text-white hover:bg-brand-800"
            >
              {services.intro.quoteLink}
            </Link>
          </p>
        </div>
      </section>
    </>
  );
}
