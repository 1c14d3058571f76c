import { Link } from 'react-router';
import type { Job } from '#shared/content-schemas.ts';
import { getPage } from '#shared/routes.ts';
import { JobCard } from './job-card.tsx';

/** How many featured jobs the home page shows: one row of three on a desktop. */
const FEATURED_JOBS = 3;

/**
 * The home page's few featured jobs, with a link to all of them. Its own chunk, rendered in full by the
 * server: the home page's first-load JavaScript stays as it was.
 */
export default function FeaturedWork({ jobs }: { jobs: Job[] }) {
  const featured = jobs.filter((job) => job.featured).slice(0, FEATURED_JOBS);
  return (
    <section aria-labelledby="work-heading" className="border-t border-stone-200 bg-stone-50">
      <div className="mx-auto max-w-6xl px-4 py-16">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="work-heading" className="text-2xl font-extrabold sm:text-3xl">
            Recent work
          </h2>
          <Link to={getPage('our-work').path} className="font-semibold text-brand-700 underline underline-offset-4">
            See all {jobs.length} jobs
          </Link>
        </div>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {featured.map((job) => (
            <li key={job.id} className="flex">
              <JobCard job={job} headingLevel={3} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
