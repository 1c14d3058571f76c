import { Link, NavLink } from 'react-router';
import { formatUsPhone } from '../../shared/phone.ts';
import { useSiteData } from '../app-context.tsx';
import { companyLinks, pricingLinks, quoteLink } from '../navigation.ts';

const navItem =
  'rounded-md px-3 py-2 text-sm font-semibold text-stone-700 hover:bg-stone-100 hover:text-stone-950 aria-[current=page]:text-brand-700';

export function TopBar() {
  const { config } = useSiteData();
  return (
    <section aria-label="Contact" className="bg-stone-900 text-stone-100">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-center gap-x-6 gap-y-1 px-4 py-2 text-sm sm:justify-end">
        <a className="hover:underline" href={`mailto:${config.contact.email}`}>
          {config.contact.email}
        </a>
        <a className="hover:underline" href={`tel:${config.contact.phone}`}>
          {formatUsPhone(config.contact.phone)}
        </a>
      </div>
    </section>
  );
}

export function SiteHeader() {
  const { config, media } = useSiteData();
  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-2">
        <Link to="/" className="flex items-center gap-2" aria-label={`${config.appName} home`}>
          <img src={media.logo.src} alt="" width={48} height={48} className="h-12 w-12" />
          <span className="text-xl font-extrabold tracking-tight">{config.appName}</span>
        </Link>
        <nav aria-label="Main" className="flex flex-wrap items-center justify-end gap-1">
          <NavLink to="/" end className={`${navItem} hidden md:inline-block`}>
            Home
          </NavLink>
          <details className="group relative hidden md:block">
            <summary className={`${navItem} cursor-pointer list-none`}>Pricing</summary>
            <ul className="absolute right-0 z-40 mt-1 w-56 rounded-lg border border-stone-200 bg-white p-1 shadow-lg">
              {pricingLinks.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} className={`${navItem} block`}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </details>
          {companyLinks.map((link) => (
            <NavLink key={link.to} to={link.to} className={`${navItem} hidden md:inline-block`}>
              {link.label}
            </NavLink>
          ))}
          <Link
            to={quoteLink.to}
            className="rounded-full bg-brand-700 px-4 py-2 text-sm font-bold text-white shadow-sm hover:bg-brand-800"
          >
            {quoteLink.label}
          </Link>
        </nav>
      </div>
    </header>
  );
}
