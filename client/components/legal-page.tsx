import type { ReactNode } from 'react';
import type { PageId } from '#shared/routes.ts';
import { getPage } from '#shared/routes.ts';
import { PageHeader } from './page-header.tsx';
import { PageMeta } from './page-meta.tsx';

export interface LegalSection {
  heading: string;
  body: ReactNode;
}

/** "What we collect" -> "what-we-collect": a stable anchor, so a section can be linked to. */
function sectionId(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Terms, privacy and cookie pages: plain sections, easy to read on a phone. */
export function LegalPage({
  id,
  updated,
  intro,
  sections,
}: {
  id: PageId;
  updated: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <>
      <PageMeta id={id} />
      <PageHeader eyebrow={`Last updated ${updated}`} title={getPage(id).name}>
        {intro}
      </PageHeader>
      <div className="mx-auto max-w-3xl space-y-10 px-4 py-12 leading-relaxed text-stone-800">
        {sections.map((section) => (
          <section key={section.heading} id={sectionId(section.heading)}>
            <h2 className="text-xl font-bold text-stone-900">{section.heading}</h2>
            <div className="mt-3 space-y-3">{section.body}</div>
          </section>
        ))}
      </div>
    </>
  );
}
