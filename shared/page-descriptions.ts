import type { PageId } from './routes.ts';

/**
 * What each page's head says of it to search engines and link previews: page-meta.tsx renders it. Apart from
 * the route table, which every page's first load carries: the server renders with it, and the browser fetches
 * it with the first navigation (client/page-data-loader.ts).
 */
export const pageDescriptions: Readonly<Record<PageId, string>> = {
  home: 'Family-owned custom apparel shop: screen printing, direct-to-garment printing and embroidery with prices you can see, proofs before printing and free local delivery.',
  pricing:
    'Ask for a free quote on custom shirts, hoodies and hats: tell us what you need and get an honest price for screen printing, DTG or embroidery.',
  'screen-printing':
    'Screen printing prices by quantity and ink colors, with every fee shown up front and an instant price calculator.',
  'direct-to-garment':
    'Direct-to-garment (DTG) printing prices by print size and quantity, with no minimum order and an instant price calculator.',
  embroidery:
    'Embroidery prices by stitch count and quantity for shirts, hats and jackets, with digitizing explained and an instant price calculator.',
  'quote-sent':
    'Your quote request has reached us: your reference, what happens next, and the private page where you follow your order.',
  studio:
    'Design your shirt: lettering, arcs and motifs in the shop’s inks on your garment, with the screens counted and the price as you go.',
  'our-work':
    'Shirts, hoodies, polos, caps and totes we have screen printed, printed direct to garment and embroidered for teams, schools and businesses.',
  'about-us':
    'A family-owned apparel decorating shop: screen printing, DTG printing and embroidery for our neighbors, under one roof.',
  faq: 'Answers before you order: minimums, artwork, proofs, turnaround and rush orders, payment, pickup and delivery, garment care and reorders.',
  'artwork-guidelines':
    'What files to send for screen printing, DTG and embroidery, the resolution and largest print size for each, color matching, and help when your art is not ready.',
  'contact-us': 'Call, e-mail or visit the shop: we answer questions about custom apparel, orders and artwork.',
  'terms-of-service': 'The terms that apply to quotes, orders, artwork and delivery.',
  'privacy-policy': 'What this website collects, why, how long it is kept and who receives it.',
  'cookie-policy': 'The cookies this website sets, what each one is for and how long it lasts.',
  'not-found': 'The page you asked for is not here. Find pricing, a free quote or our contact details instead.',
};
