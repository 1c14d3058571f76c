import { Link } from 'react-router';
import { useSiteData } from '#client/app-context.tsx';
import { PageHeader } from '#client/components/page-header.tsx';
import { PageMeta } from '#client/components/page-meta.tsx';
import { getPage, quoteLink } from '#shared/routes.ts';

const inches = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const pixels = new Intl.NumberFormat('en-US');

/** "14 × 16 in" */
function printSize(width: number, height: number): string {
  return `${inches.format(width)} × ${inches.format(height)} in`;
}

export default function ArtworkGuidelinesPage() {
  const { 'artwork-guidelines': guide, services } = useSiteData();
  const serviceName = (id: string) => services.services.find((service) => service.id === id)?.name ?? id;
  return (
    <>
      <PageMeta id="artwork-guidelines" />
      <PageHeader eyebrow="Artwork" title={getPage('artwork-guidelines').name}>
        <p>{guide.intro}</p>
      </PageHeader>
      <div className="mx-auto max-w-6xl space-y-14 px-4 py-12">
        <section aria-labelledby="by-service">
          <h2 id="by-service" className="text-2xl font-extrabold sm:text-3xl">
            Files and print sizes by service
          </h2>
          <div className="mt-6 grid gap-6 lg:grid-cols-3">
            {guide.services.map((item) => (
              <section
                key={item.service}
                id={item.service}
                aria-labelledby={`${item.service}-title`}
                className="flex flex-col rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
              >
                <h3 id={`${item.service}-title`} className="text-xl font-bold">
                  {serviceName(item.service)}
                </h3>
                <p className="mt-2 font-semibold text-stone-800">{item.best}</p>
                <p className="mt-3 text-sm font-bold uppercase tracking-wide text-stone-600">File types</p>
                <ul className="mt-2 flex flex-wrap gap-2">
                  {item.fileTypes.map((type) => (
                    <li key={type} className="rounded-full bg-stone-100 px-3 py-1 text-sm font-semibold text-stone-800">
                      {type}
                    </li>
                  ))}
                </ul>
                <ul className="mt-4 list-disc space-y-1 pl-5 text-stone-700">
                  {item.notes.map((note) => (
                    <li key={note}>{note}</li>
                  ))}
                </ul>
                <table className="mt-5 w-full text-left text-sm">
                  <caption className="mb-2 text-left font-bold text-stone-900">Largest print size</caption>
                  <thead>
                    <tr className="border-b border-stone-300 text-stone-600">
                      <th scope="col" className="py-2 pr-2 font-semibold">
                        Location
                      </th>
                      <th scope="col" className="py-2 pr-2 font-semibold">
                        Up to
                      </th>
                      <th scope="col" className="py-2 font-semibold">
                        Pixels at {guide.minimumPpi} ppi
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {item.printAreas.map((area) => (
                      <tr key={area.location} className="border-b border-stone-100">
                        <th scope="row" className="py-2 pr-2 font-semibold">
                          {area.location}
                        </th>
                        <td className="py-2 pr-2 whitespace-nowrap">{printSize(area.width, area.height)}</td>
                        <td className="py-2 whitespace-nowrap">
                          {pixels.format(Math.round(area.width * guide.minimumPpi))} ×{' '}
                          {pixels.format(Math.round(area.height * guide.minimumPpi))}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
            ))}
          </div>
        </section>
        <div className="grid max-w-3xl gap-10">
          {guide.topics.map((topic) => (
            <section key={topic.id} id={topic.id} aria-labelledby={`${topic.id}-title`}>
              <h2 id={`${topic.id}-title`} className="text-2xl font-extrabold">
                {topic.title}
              </h2>
              <div className="mt-3 space-y-3 text-lg leading-relaxed text-stone-800">
                {topic.paragraphs.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
              </div>
            </section>
          ))}
        </div>
        <p className="max-w-3xl text-lg">
          Ready? Attach your files to the{' '}
          <Link to={quoteLink.to} className="font-semibold text-brand-700 underline underline-offset-4">
            quote form
          </Link>
          , or see the{' '}
          <Link to={getPage('faq').path} className="font-semibold text-brand-700 underline underline-offset-4">
            answers to common questions
          </Link>
          .
        </p>
      </div>
    </>
  );
}
