import { useSiteData } from '#client/app-context.tsx';
import type { Job } from '#shared/content-schemas.ts';
import { WorkPicture } from './work-picture.tsx';

/** The service's name as the services file gives it, so a job's label follows the shop's wording. */
function useServiceName(id: Job['service']): string {
  return useSiteData().services.services.find((service) => service.id === id)?.name ?? id;
}

/** One past job: its pictures, what it was, how many, and the short story of how it went. */
export function JobCard({ job, eager = false, headingLevel = 2 }: { job: Job; eager?: boolean; headingLevel?: 2 | 3 }) {
  const service = useServiceName(job.service);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const [first, ...more] = job.pictures;
  return (
    <article
      id={job.id}
      aria-labelledby={`${job.id}-title`}
      className="flex w-full flex-col rounded-2xl border border-stone-200 bg-white p-3 shadow-sm"
    >
      {first ? <WorkPicture jobId={job.id} index={0} picture={first} eager={eager} /> : null}
      {more.length > 0 ? (
        <ul className="mt-2 grid grid-cols-4 gap-2">
          {more.map((picture, index) => (
            <li key={picture.alt}>
              <WorkPicture jobId={job.id} index={index + 1} picture={picture} />
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-1 flex-col px-2 pt-4 pb-2">
        <p className="text-sm font-bold uppercase tracking-wide text-brand-700">{service}</p>
        <Heading id={`${job.id}-title`} className="mt-1 text-xl font-bold">
          {job.title}
        </Heading>
        <p className="mt-1 text-sm text-stone-600">
          {job.quantity} pieces · {job.garment}
        </p>
        <p className="mt-3 text-stone-700">{job.story}</p>
      </div>
    </article>
  );
}
