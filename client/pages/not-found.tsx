import { Link } from 'react-router';
import { PageMeta } from '#client/components/page-meta.tsx';
import { pricingLinks, quoteLink } from '#client/menu-links.ts';

export default function NotFoundPage() {
  return (
    <>
      <PageMeta id="not-found" />
      <section className="mx-auto max-w-3xl px-4 py-20 text-center">
        <p className="text-sm font-bold uppercase tracking-wide text-brand-700">Error 404</p>
        <h1 className="mt-2 text-3xl font-extrabold sm:text-4xl">404 Page not found</h1>
        <p className="mt-4 text-lg text-stone-700">
          The page you asked for is not here. It may have moved, or the address may have a typo.
        </p>
        <ul className="mt-8 flex flex-wrap justify-center gap-3">
          <li>
            <Link
              to="/"
              className="inline-block rounded-full bg-brand-700 px-5 py-2.5 font-bold text-white hover:bg-brand-800"
            >
              Go to the home page
            </Link>
          </li>
          {[quoteLink, ...pricingLinks].map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="inline-block rounded-full border border-stone-300 bg-white px-5 py-2.5 font-semibold hover:bg-stone-100"
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
