import { Link } from 'react-router';
import type { PageId } from '../../shared/routes.ts';
import { getPage } from '../../shared/routes.ts';
import type { ServiceId } from '../../shared/site-data.ts';
import { useSiteData } from '../app-context.tsx';
import { PriceCalculator } from '../calculator/price-calculator.tsx';
import { quoteLink } from '../navigation.ts';
import { PageHeader } from './page-header.tsx';
import { PageMeta } from './page-meta.tsx';

/** The frame of the three service pricing pages; the tables and calculator fill it from data. */
export function ServicePricing({ page, service }: { page: PageId; service: ServiceId }) {
  const { services } = useSiteData();
  const summary = services.services.find((item) => item.id === service)?.summary;
  return (
    <>
      <PageMeta id={page} />
      <PageHeader eyebrow="Pricing" title={getPage(page).name}>
        <p>{summary}</p>
      </PageHeader>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12">
        <PriceCalculator service={service} />
        <p>
          <Link
            to={quoteLink.to}
            className="inline-block rounded-full bg-brand-700 px-6 py-3 font-bold text-white hover:bg-brand-800"
          >
            {quoteLink.label}
          </Link>
        </p>
      </div>
    </>
  );
}
