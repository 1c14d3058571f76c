import { Link, NavLink } from 'react-router';
import { useSiteData } from '#client/app-context.tsx';
import { menus, quoteLink } from '#shared/routes.ts';
import { MobileDrawer } from './mobile-drawer.tsx';
import { PricingMenu } from './pricing-menu.tsx';

const navItem =
  'rounded-md px-3 py-2 text-sm font-semibold text-stone-700 hover:bg-stone-100 hover:text-stone-950 aria-[current=page]:text-brand-700';

/** What the sticky header holds (site-header.tsx): the logo, the main links, the Pricing dropdown and the drawer. */
export function HeaderBar() {
  const { config, media } = useSiteData();
  return (
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
  );
}
