import type { ReactNode } from 'react';
import { PrivateHead } from '#client/components/private-head.tsx';
import type { CustomerPageOptions } from '#shared/customer-page-contract.ts';
import { formatUsPhone } from '#shared/phone.ts';

/**
 * The whole document of a customer's request page: the shop's name (home) above, its contact below,
 * and no site menu, as the page is the customer's own. Never indexed; no script; the site's stylesheet.
 */
export function RequestDocument({
  title,
  options,
  refresh,
  children,
}: {
  title: string;
  options: CustomerPageOptions;
  /** Loads the page again (no script): while a payment is being confirmed. */
  refresh?: { seconds: number; to: string };
  children: ReactNode;
}) {
  return (
    <html lang="en-US">
      <PrivateHead
        title={`${title} - ${options.shopName}`}
        description={`Your order with ${options.shopName}: where it stands, your quote and proof to approve, and your messages with the shop.`}
        stylesheets={options.stylesheets}
        {...(refresh !== undefined ? { refresh } : {})}
      />
      <body className="min-h-screen bg-stone-100 text-stone-900">
        <header className="border-b border-stone-300 bg-white">
          <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-1 px-4 py-3">
            <a href="/" className="text-lg font-bold text-brand-700">
              {options.shopName}
            </a>
            <p className="text-sm text-stone-700">Your private request page</p>
          </div>
        </header>
        <main className="mx-auto max-w-6xl px-4 py-6">{children}</main>
        <footer className="border-t border-stone-300 bg-white">
          <div className="mx-auto flex max-w-6xl flex-wrap gap-x-6 gap-y-1 px-4 py-4 text-sm text-stone-700">
            <p>
              Questions? Call{' '}
              <a className="font-semibold text-stone-900 underline" href={`tel:${options.shopPhone}`}>
                {formatUsPhone(options.shopPhone)}
              </a>{' '}
              or e-mail{' '}
              <a className="font-semibold text-stone-900 underline" href={`mailto:${options.shopEmail}`}>
                {options.shopEmail}
              </a>
              .
            </p>
            <p>Keep this page’s address to yourself: anyone with it can see your request.</p>
          </div>
        </footer>
      </body>
    </html>
  );
}

/** A card of the page with its heading: the page's sections (status, what you asked for, messages…). */
export function PageSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="min-w-0 scroll-mt-4 rounded-lg bg-white p-4 shadow-sm md:p-6"
    >
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}
