import { Link, NavLink } from 'react-router';
import { useSiteData } from '#client/app-context.tsx';
import { findPageByPath, menus, quoteLink } from '#shared/routes.ts';
import { EmailLink, PhoneLink } from './contact-links.tsx';
import { island } from './island.tsx';
import { useScrolled } from './use-scrolled.ts';

// The drawer and the Pricing dropdown do nothing until touched: the server's HTML serves until then, and
// their code comes at the first touch (a click made meanwhile is played again once it has come) or with
// the first navigation (island.tsx).
const MobileDrawer = island(async () => (await import('./mobile-drawer.tsx')).MobileDrawer, { hydrate: 'interaction' });
const PricingMenu = island(async () => (await import('./pricing-menu.tsx')).PricingMenu, { hydrate: 'interaction' });

const navItem =
  'rounded-md px-3 py-2 text-sm font-semibold text-stone-700 hover:bg-stone-100 hover:text-stone-950 aria-[current=page]:text-brand-700';

export function TopBar() {
  const { config } = useSiteData();
  const { promo } = config;
  return (
    <section aria-label="Contact and offers" className="bg-stone-900 text-stone-100">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-x-6 gap-y-1 px-4 py-2 text-sm md:flex-row">
        {promo ? (
          <p className="text-center [&_a]:underline">
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized with the shared allow-list when the data was loaded. */}
            <span dangerouslySetInnerHTML={{ __html: promo.text }} />{' '}
            <Link
              to={promo.route}
              className="whitespace-nowrap font-semibold text-brand-200 underline underline-offset-2"
            >
              {/* Named after where it goes: "Learn more" tells a screen reader user nothing. */}
              {findPageByPath(promo.route)?.name ?? 'See the offer'}
            </Link>
          </p>
        ) : (
          <span />
        )}
        <div className="flex flex-wrap justify-center gap-x-6">
          <EmailLink className="hover:underline" />
          <PhoneLink className="hover:underline" />
        </div>
      </div>
    </section>
  );
}

/**
 * Sticky header. Once the page is scrolled the bar shrinks, the logo goes from 16 to 12 units and a
 * shadow appears, all with transforms inside a box whose height never changes: nothing on the page
 * moves (no layout shift). The transparent strip the bar uncovers lets clicks through.
 */
export function SiteHeader() {
  const { config, media } = useSiteData();
  const scrolled = useScrolled();
  return (
    <header
      data-sticky-header
      data-scrolled={scrolled || undefined}
      className="group pointer-events-none sticky top-0 z-30 h-20"
    >
      <div
        aria-hidden="true"
        className="pointer-events-auto absolute inset-x-0 top-0 h-20 origin-top border-b border-stone-200 bg-white/95 backdrop-blur transition-[transform,box-shadow] duration-200 group-data-[scrolled]:scale-y-80 group-data-[scrolled]:shadow-lg"
      />
      <div className="relative mx-auto flex h-20 max-w-6xl items-center justify-between gap-4 px-4 transition-transform duration-200 group-data-[scrolled]:-translate-y-2">
        <Link to="/" className="pointer-events-auto flex items-center gap-2" aria-label={`${config.appName} home`}>
          <img
            data-testid="header-logo"
            src={media.logo.src}
            alt=""
            width={64}
            height={64}
            className="h-16 w-16 origin-left transition-transform duration-200 group-data-[scrolled]:scale-75"
          />
          <span className="text-xl font-extrabold tracking-tight transition-transform duration-200 group-data-[scrolled]:-translate-x-4">
            {config.appName}
          </span>
        </Link>
        <nav aria-label="Main" className="pointer-events-auto flex items-center gap-1">
          {/* Seven entries need the width of a small laptop; below it the drawer holds them. */}
          <NavLink to="/" end className={`${navItem} hidden lg:inline-block`}>
            Home
          </NavLink>
          <div className="hidden lg:block">
            <PricingMenu itemClassName={navItem} />
          </div>
          {[...menus.company, ...menus.help].map((link) => (
            <NavLink key={link.to} to={link.to} className={`${navItem} hidden lg:inline-block`}>
              {link.label}
            </NavLink>
          ))}
          <NavLink
            to={quoteLink.to}
            end
            className="ml-1 rounded-full bg-brand-700 px-4 py-2 text-sm font-bold text-white shadow-sm hover:bg-brand-800"
          >
            {quoteLink.label}
          </NavLink>
          <MobileDrawer />
        </nav>
      </div>
    </header>
  );
}
