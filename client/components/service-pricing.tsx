import { useSiteData } from '#client/app-context.tsx';
import { withPageData } from '#client/island-data.ts';
import type { PageId } from '#shared/routes.ts';
import { getPage } from '#shared/routes.ts';
import type { ServiceId } from '#shared/service-ids.ts';
import { island } from './island.tsx';
import { PageHeader } from './page-header.tsx';
import { PageMeta } from './page-meta.tsx';

// Islands (island.tsx), rendered in full by the server, whose code loads at the visitor's first touch. The
// calculator's HTML already shows the date the shop's load allows (the page comes with it, cached by the
// load's stamp), so until touched it is the GET form that works without JavaScript, showing what hydration
// would; the explanations and the tables are plain markup. Everything that reads the price file and the
// order terms is one of them, so the page's HTML carries neither: they come with the code (shared/page-data.ts).
const PriceCalculator = island(
  withPageData(async () => (await import('#client/calculator/price-calculator.tsx')).PriceCalculator),
  { hydrate: 'interaction' },
);
const PriceTables = island(
  withPageData(async () => (await import('./price-tables.tsx')).ServicePriceTables),
  { hydrate: 'interaction' },
);
const HowThePriceIsMade = island(
  withPageData(async () => (await import('./service-explainer.tsx')).HowThePriceIsMade),
  { hydrate: 'interaction' },
);
const ServiceQuestions = island(
  withPageData(async () => (await import('./service-explainer.tsx')).ServiceQuestions),
  { hydrate: 'interaction' },
);

/** The three service pricing pages: how the price is made, the calculator, the complete tables, a FAQ. */
export function ServicePricing({ page, service }: { page: PageId; service: ServiceId }) {
  const site = useSiteData();
  const summary = site.services.services.find((item) => item.id === service)?.summary;
  return (
    <>
      <PageMeta id={page} />
      <PageHeader eyebrow="Pricing" title={getPage(page).name}>
        <p>{summary}</p>
      </PageHeader>
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-12">
        <HowThePriceIsMade service={service} />
        <PriceCalculator service={service} />
        <section aria-labelledby="tables-heading">
          <h2 id="tables-heading" className="mb-4 text-2xl font-extrabold">
            The complete price list
          </h2>
          <PriceTables service={service} />
        </section>
        <ServiceQuestions service={service} />
      </div>
    </>
  );
}
