import { Link, useSearchParams } from 'react-router';
import { useSiteData } from '#client/app-context.tsx';
import { JobCard } from '#client/components/job-card.tsx';
import { PageHeader } from '#client/components/page-header.tsx';
import { PageMeta } from '#client/components/page-meta.tsx';
import { getPage, quoteLink } from '#shared/routes.ts';
import { isServiceId, type ServiceId } from '#shared/service-ids.ts';

/** The query parameter of the filter: /our-work?service=embroidery works with or without JavaScript. */
const FILTER = 'service';
/** How many pictures are in the first screenful on a wide screen: these load at once, the rest lazily. */
const EAGER = 3;

const filterLink =
  'inline-block rounded-full border border-stone-300 bg-white px-4 py-2 text-sm font-semibold text-stone-800 hover:bg-stone-100 aria-[current=true]:border-brand-700 aria-[current=true]:bg-brand-700 aria-[current=true]:text-white';

export default function OurWorkPage() {
  const { 'our-work': work, services } = useSiteData();
  const [params] = useSearchParams();
  const asked = params.get(FILTER) ?? '';
  const selected: ServiceId | undefined = isServiceId(asked) ? asked : undefined;
  const jobs = selected ? work.jobs.filter((job) => job.service === selected) : work.jobs;
  const filters = [
    { id: undefined, label: 'All work', count: work.jobs.length },
    ...services.services.map((service) => ({
      id: service.id,
      label: service.name,
      count: work.jobs.filter((job) => job.service === service.id).length,
    })),
  ];
  const selectedName = services.services.find((service) => service.id === selected)?.name;
  return (
    <>
      <PageMeta id="our-work" />
      <PageHeader eyebrow="Our work" title="Orders we are proud of">
        <p>{work.intro}</p>
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 py-12">
        <nav aria-label="Filter by service">
          <ul className="flex flex-wrap gap-2">
            {filters.map((filter) => (
              <li key={filter.label}>
                {/* Plain links: the server filters by the query, and the router does it without a reload. */}
                <Link
                  to={{ pathname: getPage('our-work').path, search: filter.id ? `?${FILTER}=${filter.id}` : '' }}
                  preventScrollReset
                  aria-current={filter.id === selected ? 'true' : undefined}
                  className={filterLink}
                >
                  {filter.label} <span className="font-normal opacity-80">({filter.count})</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p aria-live="polite" className="mt-4 text-stone-700" data-testid="work-count">
          {selectedName ? `${jobs.length} ${selectedName.toLowerCase()} jobs` : `All ${jobs.length} jobs`}
        </p>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {jobs.map((job, index) => (
            <li key={job.id} className="flex">
              <JobCard job={job} eager={index < EAGER} />
            </li>
          ))}
        </ul>
        <section aria-labelledby="your-order" className="mt-16 rounded-2xl bg-brand-50 p-8">
          <h2 id="your-order" className="text-2xl font-extrabold">
            Your order could be next
          </h2>
          <p className="mt-2 max-w-2xl text-stone-700">
            Tell us what you have in mind: we reply within one business day with a price and a proof.
          </p>
          <Link
            to={quoteLink.to}
            className="mt-6 inline-block rounded-full bg-brand-700 px-6 py-3 font-bold text-white hover:bg-brand-800"
          >
            {quoteLink.label}
          </Link>
        </section>
      </div>
    </>
  );
}
