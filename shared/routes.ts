/**
 * The route table, the one place that says what pages there are: path, title, menu entry, whether the page
 * ships in the entry chunk or as its own, and whether the sitemap lists it. Every page's first load carries
 * it, so what only the page's head needs (its description) is apart, in shared/page-descriptions.ts. The
 * React Router tree and its lazy chunks, page titles and meta, the menus of the header, drawer and footer,
 * the sitemap, the Lighthouse and bundle reports and the tests all read it.
 */

/** The menus that list pages: the Pricing dropdown, the company links, the help links (answers, artwork) and the legal links. */
export type MenuGroup = 'pricing' | 'company' | 'help' | 'legal';

/** One row of the route table. */
export interface PageDefinition {
  /** Also the file name of the page module under client/pages (and so its chunk): see pageModulePath. */
  id: PageId;
  path: string;
  /** The {page} part of the title pattern '{page} - {site name}'. */
  name: string;
  /**
   * Ships in the entry chunk, for a page every first load needs. None does today: every page, the home and
   * 404 pages included, is loaded on demand as its own chunk, so a visit pays only for the pages it opens,
   * preloaded where it is the first page; in the entry, every other page's first load would carry it.
   */
  eager?: true;
  /** false keeps the page out of sitemap.xml (and so out of the Lighthouse report); the rest are listed. */
  sitemap?: false;
  /** The menu that lists the page; a page is in one menu at most. */
  menu?: MenuGroup;
  /** What links to the page say in the menus and the call to action, when it is not the name. */
  menuLabel?: string;
}

/** Every page's id: also the page module's file name under client/pages. */
export type PageId =
  | 'home'
  | 'pricing'
  | 'screen-printing'
  | 'direct-to-garment'
  | 'embroidery'
  | 'quote-sent'
  | 'studio'
  | 'our-work'
  | 'about-us'
  | 'faq'
  | 'artwork-guidelines'
  | 'contact-us'
  | 'terms-of-service'
  | 'privacy-policy'
  | 'cookie-policy'
  | 'not-found';

/** The pages in menu and sitemap order; the catch-all comes last. */
export const pages = [
  {
    id: 'home',
    path: '/',
    name: 'Custom Screen Printing, DTG and Embroidery',
  },
  {
    id: 'pricing',
    path: '/pricing',
    name: 'Get a quote',
    menuLabel: 'Get a quote',
  },
  {
    id: 'screen-printing',
    path: '/pricing/printing',
    name: 'Screen printing pricing',
    menu: 'pricing',
    menuLabel: 'Screen printing',
  },
  {
    id: 'direct-to-garment',
    path: '/pricing/dtg',
    name: 'Direct-to-garment printing pricing',
    menu: 'pricing',
    menuLabel: 'Direct to garment',
  },
  {
    id: 'embroidery',
    path: '/pricing/embroidery',
    name: 'Embroidery pricing',
    menu: 'pricing',
    menuLabel: 'Embroidery',
  },
  {
    id: 'quote-sent',
    path: '/pricing/sent',
    name: 'Quote request sent',
    // A receipt for whoever just sent a request (or nothing, visited later): no page for search engines.
    sitemap: false,
  },
  {
    id: 'studio',
    path: '/pricing/studio',
    name: 'Design studio',
    // Opened from the quote form on a garment it chose: without one there is nothing to design on.
    sitemap: false,
  },
  {
    id: 'our-work',
    path: '/our-work',
    name: 'Our work',
    menu: 'company',
  },
  {
    id: 'about-us',
    path: '/about-us',
    name: 'About us',
    menu: 'company',
  },
  {
    id: 'faq',
    path: '/faq',
    name: 'Questions and answers',
    menu: 'help',
    menuLabel: 'FAQ',
  },
  {
    id: 'artwork-guidelines',
    path: '/artwork-guidelines',
    name: 'Artwork guidelines',
    menu: 'help',
  },
  {
    id: 'contact-us',
    path: '/contact-us',
    name: 'Contact us',
    menu: 'company',
  },
  {
    id: 'terms-of-service',
    path: '/terms-of-service',
    name: 'Terms of service',
    menu: 'legal',
  },
  {
    id: 'privacy-policy',
    path: '/privacy-policy',
    name: 'Privacy policy',
    menu: 'legal',
  },
  {
    id: 'cookie-policy',
    path: '/cookie-policy',
    name: 'Cookie policy',
    menu: 'legal',
  },
  {
    id: 'not-found',
    path: '*',
    name: '404 Page not found',
    sitemap: false,
  },
] as const satisfies readonly PageDefinition[];

/** The pages that ship as their own chunk (all of them today; see PageDefinition's `eager`). */
export type LazyPageId = Exclude<PageId, Extract<(typeof pages)[number], { eager: true }>['id']>;

/** A page's row, for its title and path; throws on an id the table lacks. */
export function getPage(id: PageId): PageDefinition {
  // Some fifteen rows: a search costs less than keeping a map, and less code ships.
  const page: PageDefinition | undefined = pages.find((row) => row.id === id);
  if (!page) throw new Error(`Unknown page id "${id}"`);
  return page;
}

/** The page an address shows (its query and hash ignored), if the table has one at that exact path. */
export function findPageByPath(path: string): PageDefinition | undefined {
  const pathname = path.split(/[?#]/)[0];
  return pages.find((page) => page.path === pathname);
}

/**
 * Paths a crawler may index, for the sitemap and the Lighthouse report: every page not kept out of the
 * sitemap. A function, so that the browser bundle, which never asks, leaves it out.
 */
export function indexablePaths(): string[] {
  return pages.filter((page: PageDefinition) => page.sitemap !== false).map((page) => page.path);
}

/**
 * The page module's source path: its key in Vite's manifest, which the server's modulepreload links and
 * the bundle report look up, and the file the router loads lazily.
 */
export function pageModulePath(id: PageId): string {
  return `client/pages/${id}.tsx`;
}

/** A link to a page from a menu or the call to action. */
export interface MenuLink {
  label: string;
  to: string;
}

const linkTo = (page: PageDefinition): MenuLink => ({ label: page.menuLabel ?? page.name, to: page.path });
const linksIn = (menu: MenuGroup): MenuLink[] => pages.filter((page: PageDefinition) => page.menu === menu).map(linkTo);

/** The site's menus in table order, shared by the header, the drawer, the footer and the 404 page. */
export const menus: Readonly<Record<MenuGroup, readonly MenuLink[]>> = {
  pricing: linksIn('pricing'),
  company: linksIn('company'),
  help: linksIn('help'),
  legal: linksIn('legal'),
};

/** The call to action "Get a quote" of the header, the drawer, the footer and the home and 404 pages. */
export const quoteLink: MenuLink = linkTo(getPage('pricing'));

/** The anchor of the three services' prices on the quote page: where "See pricing" leads. */
export const SERVICE_PRICES_ID = 'prices';

/** The tagline that ends the home page's title. */
const HOME_TAGLINE = 'Seen by Everyone.';

/** A page's document title: '{page} - {site name}', and '{site name} - {tagline}' for the home page. */
export function pageTitle(id: PageId, siteName: string): string {
  if (id === 'home') return `${siteName} - ${HOME_TAGLINE}`;
  return `${getPage(id).name} - ${siteName}`;
}
