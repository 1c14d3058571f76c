import type { ReactNode } from 'react';

/**
 * A card of the desk's request page with its heading. min-w-0: a grid or flex child never grows past
 * its column for a long word inside it.
 */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`section-${id}`} className="min-w-0 rounded-lg bg-white p-4 shadow-sm md:p-6">
      <h2 id={`section-${id}`} className="text-lg font-bold">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}
