import { Link } from 'react-router';
import { useAppContext, useSiteData } from '#client/app-context.tsx';
import { JsonLd } from '#client/components/json-ld.tsx';
import { PageHeader } from '#client/components/page-header.tsx';
import { PageMeta } from '#client/components/page-meta.tsx';
import { getPage } from '#shared/routes.ts';

/**
 * Answers, grouped, every one open: a buyer reads them in one scroll, find-in-page finds them, and
 * /faq#<id> lands on the answer itself (each carries its own anchor and a link to copy it).
 */
export default function FaqPage() {
  const { faq } = useSiteData();
  const { publicUrl } = useAppContext().state;
  const structured = {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    url: `${publicUrl}${getPage('faq').path}`,
    mainEntity: faq.groups.flatMap((group) =>
      group.questions.map((item) => ({
        '@type': 'Question',
        name: item.question,
        acceptedAnswer: { '@type': 'Answer', text: item.answer.join('\n\n') },
      })),
    ),
  };
  return (
    <>
      <PageMeta id="faq" />
      <JsonLd data={structured} />
      <PageHeader eyebrow="FAQ" title={getPage('faq').name}>
        <p>{faq.intro}</p>
      </PageHeader>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-[16rem_minmax(0,1fr)] lg:items-start">
        <nav aria-labelledby="faq-topics" className="rounded-2xl bg-white p-5 shadow-sm lg:sticky lg:top-24">
          <h2 id="faq-topics" className="text-sm font-bold uppercase tracking-wide text-stone-600">
            Topics
          </h2>
          <ul className="mt-3 space-y-1">
            {faq.groups.map((group) => (
              <li key={group.id}>
                <a
                  href={`#${group.id}`}
                  className="block rounded-md px-2 py-1.5 font-semibold text-brand-800 hover:bg-stone-100"
                >
                  {group.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="max-w-3xl space-y-12">
          {faq.groups.map((group) => (
            <section key={group.id} id={group.id} aria-labelledby={`${group.id}-title`}>
              <h2 id={`${group.id}-title`} className="text-2xl font-extrabold">
                {group.title}
              </h2>
              <div className="mt-4 divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white">
                {group.questions.map((item) => (
                  <article
                    key={item.id}
                    id={item.id}
                    aria-labelledby={`${item.id}-q`}
                    className="p-5 target:bg-brand-50"
                  >
                    <h3 id={`${item.id}-q`} className="text-lg font-bold">
                      <a href={`#${item.id}`} className="group hover:underline">
                        {item.question}
                        <span aria-hidden="true" className="ml-2 text-stone-400 opacity-0 group-hover:opacity-100">
                          #
                        </span>
                      </a>
                    </h3>
                    <div className="mt-2 space-y-2 text-stone-700">
                      {item.answer.map((paragraph) => (
                        <p key={paragraph}>{paragraph}</p>
                      ))}
                    </div>
                    {item.link ? (
                      <p className="mt-3">
                        <Link to={item.link.to} className="font-semibold text-brand-700 underline underline-offset-4">
                          {item.link.label}
                        </Link>
                      </p>
                    ) : null}
                  </article>
                ))}
              </div>
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
