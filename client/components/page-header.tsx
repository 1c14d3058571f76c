import type { ReactNode } from 'react';

/** The heading band every content page opens with. */
export function PageHeader({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <div className="border-b border-stone-200 bg-white">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
        {eyebrow ? <p className="text-sm font-bold uppercase tracking-wide text-brand-700">{eyebrow}</p> : null}
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
        {children ? <div className="mt-4 max-w-3xl text-lg text-stone-700">{children}</div> : null}
      </div>
    </div>
  );
}
