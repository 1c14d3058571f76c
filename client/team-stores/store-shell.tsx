import type { ReactNode } from 'react';
import { PrivateHead } from '#client/components/private-head.tsx';
import type { StoreNotice } from '#shared/stores/store-contract.ts';

/** A store page's document: never indexed, one column on a phone, the shop's name at the top. */
export function StoreShell({
  title,
  label,
  shopName,
  stylesheets,
  wide = false,
  children,
}: {
  title: string;
  label: string;
  shopName: string;
  stylesheets: readonly string[];
  wide?: boolean;
  children: ReactNode;
}) {
  const width = wide ? 'max-w-5xl' : 'max-w-3xl';
  return (
    <html lang="en-US">
      <PrivateHead title={`${title} - ${shopName}`} stylesheets={stylesheets} />
      <body className="min-h-screen bg-stone-100 text-stone-900">
        <header className="border-b border-stone-300 bg-white">
          <div className={`mx-auto flex ${width} flex-wrap items-center justify-between gap-x-6 gap-y-1 px-4 py-3`}>
            <a href="/" className="text-lg font-bold text-brand-700">
              {shopName}
            </a>
            <p className="text-sm text-stone-700">{label}</p>
          </div>
        </header>
        <main className={`mx-auto ${width} space-y-6 px-4 py-6`}>{children}</main>
      </body>
    </html>
  );
}

/** The answer to the last post: a status for good news, an alert for a refusal. */
export function NoticeLine({ notice }: { notice: StoreNotice | undefined }) {
  if (!notice) return null;
  return (
    <p
      role={notice.type === 'error' ? 'alert' : 'status'}
      className={`rounded p-3 wrap-anywhere ${notice.type === 'error' ? 'bg-red-50 text-red-900' : 'bg-emerald-50 text-emerald-900'}`}
    >
      {notice.text}
    </p>
  );
}

export const card = 'rounded-lg bg-white p-4 shadow-sm md:p-6';
export const input = 'mt-1 w-full rounded border border-stone-400 px-3 py-2 text-base';
export const button = 'w-full rounded bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800';

/** One labelled field with its error below it, tied by aria-describedby. */
export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {label} {hint && <span className="font-normal text-stone-600">{hint}</span>}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
