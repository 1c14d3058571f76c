/**
 * The route table of spec section 2: one place for paths, page names and descriptions, used by the
 * React Router tree, page titles and meta, the sitemap and the server tests.
 */
export interface PageDefinition {
  /** Also the file name of the page module under client/pages (and so its chunk). */
  id: PageId;
  path: string;
  /** The {page} part of the title pattern '{page} - {site name}'. */
  name: string;
  description: string;
  /** Loaded on demand as its own chunk (spec section 9's lazily loaded page groups). */
  lazy: boolean;
}

export type PageId =
  | 'home'
  | 'pricing'
  | 'screen-printing'
  | 'direct-to-garment'
  | 'embroidery'
  | 'about-us'
  | 'contact-us'
  | 'terms-of-service'
  | 'privacy-policy'
  | 'cookie-policy'
  | 'not-found';

export const pages = [
  {
    id: 'home',
    path: '/',
    name: 'Custom Screen Printing, DTG and Embroidery',
    description:
      'Family-owned custom apparel shop: screen printing, direct-to-garment printing and embroidery with prices you can see, free local delivery and over 20 years of experience.',
    lazy: false,
  },
  {
    id: 'pricing',
    path: '/pricing',
    name: 'Get a Quote',
    description:
      'Ask for a free quote on custom shirts, hoodies and hats: tell us what you need and get an honest price for screen printing, DTG or embroidery.',
    lazy: true,
  },
  {
    id: 'screen-printing',
    path: '/pricing/printing',
    name: 'Screen Printing Pricing',
    description:
      'Screen printing prices by quantity and ink colors, with every fee shown up front and an instant price calculator.',
    lazy: true,
  },
  {
    id: 'direct-to-garment',
    path: '/pricing/dtg',
    name: 'Direct to Garment Printing Pricing',
    description:
      'Direct-to-garment (DTG) printing prices by print size and quantity, with no minimum order and an instant price calculator.',
    lazy: true,
  },
  {
    id: 'embroidery',
    path: '/pricing/embroidery',
    name: 'Embroidery Pricing',
    description:
      'Embroidery prices by stitch count and quantity for shirts, hats and jackets, with digitizing explained and an instant price calculator.',
    lazy: true,
  },
  {
    id: 'about-us',
    path: '/about-us',
    name: 'About Us',
    description:
      'A family-owned apparel decorating shop with more than 20 years of screen printing, DTG printing and embroidery for our neighbors.',
    lazy: true,
  },
  {
    id: 'contact-us',
    path: '/contact-us',
    name: 'Contact Us',
    description: 'Call, e-mail or visit the shop: we answer questions about custom apparel, orders and artwork.',
    lazy: true,
  },
  {
    id: 'terms-of-service',
    path: '/terms-of-service',
    name: 'Terms of Service',
    description: 'The terms that apply to quotes, orders, artwork and delivery.',
    lazy: true,
  },
  {
    id: 'privacy-policy',
    path: '/privacy-policy',
    name: 'Privacy Policy',
    description: 'What this website collects, why, how long it is kept and who receives it.',
    lazy: true,
  },
  {
    id: 'cookie-policy',
    path: '/cookie-policy',
    name: 'Cookie Policy',
    description: 'The cookies this website sets, what each one is for and how long it lasts.',
    lazy: true,
  },
  {
    id: 'not-found',
    path: '*',
    name: '404 Page not found',
    description: 'The page you asked for is not here. Find pricing, a free quote or our contact details instead.',
    lazy: false,
  },
] as const satisfies readonly PageDefinition[];

const byId = new Map<PageId, PageDefinition>(pages.map((page) => [page.id, page]));

export function getPage(id: PageId): PageDefinition {
  const page = byId.get(id);
  if (!page) throw new Error(`Unknown page id "${id}"`);
  return page;
}

export function findPageByPath(path: string): PageDefinition | undefined {
  const pathname = path.split(/[?#]/)[0];
  return pages.find((page) => page.path === pathname);
}

/** Paths a crawler may index: every page but the catch-all. */
export const indexablePaths: string[] = pages.filter((page) => page.path !== '*').map((page) => page.path);

export const HOME_TAGLINE = 'Seen by Everyone.';

export function pageTitle(id: PageId, siteName: string): string {
  if (id === 'home') return `${siteName} - ${HOME_TAGLINE}`;
  return `${getPage(id).name} - ${siteName}`;
}
