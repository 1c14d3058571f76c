import { salesTaxSchema } from './books/sales-tax-rules.ts';
import { artworkGuidelinesSchema, faqSchema, ourWorkSchema } from './content-schemas.ts';
import type { DataKey } from './data-keys.ts';
import { garmentCatalogueSchema } from './garments/catalogue-schema.ts';
import { weekDays } from './opening-hours.ts';
import { orderTermsSchema } from './pricing/order-terms-schema.ts';
import { directToGarmentSchema, embroiderySchema, screenPrintingSchema } from './pricing/price-schemas.ts';
import { serviceIds } from './service-ids.ts';
import { z } from './zod.ts';

/**
 * The public data files (the six the browser fetches at start-up, and the content files of the trust pages).
 * Each is validated by its schema when the server starts, and the same types describe what the browser
 * receives.
 */

const internalRoute = z
  .string()
  .regex(/^\/(?!\/)[\w\-./?=&#%]*$/, 'must be a path on this site, starting with a single "/"');

const httpsUrl = z.url({ protocol: /^https$/, error: 'must be an https:// address' });

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a 24-hour time such as 09:00');

const geoPoint = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });

/** A raster image produced by the build from an SVG source under assets/images. */
const imageName = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'must be an image name (lower-case letters, digits and hyphens)');

/** data/config.json: the shop's name, contact details, address, social links and the optional promo banner. */
export const configSchema = z.object({
  appName: z.string().trim().min(1),
  contact: z.object({
    email: z.email(),
    // E.164, so the tel: link needs no clean-up; the display form is derived (shared/phone.ts).
    phone: z.string().regex(/^\+1\d{10}$/, 'must be a US number in E.164 form, such as +15550100123'),
  }),
  address: z.object({
    street: z.string().min(1),
    city: z.string().min(1),
    region: z.string().length(2, 'must be a two-letter state code'),
    postalCode: z.string().regex(/^\d{5}(-\d{4})?$/, 'must be a US ZIP code'),
    country: z.literal('US'),
  }),
  /** The year the shop opened: the one source of "since 2010" and of the copyright line's first year. */
  foundedYear: z.number().int().min(1900).max(2100),
  /** Days not listed are shown as closed. Times are 24-hour "HH:MM", as schema.org wants them. */
  openingHours: z
    .array(
      z.object({
        days: z.array(z.enum(weekDays)).min(1),
        opens: clockTime,
        closes: clockTime,
      }),
    )
    .min(1),
  serviceArea: z.object({
    /** One sentence: where we deliver for free. */
    summary: z.string().min(1),
    deliveryRadiusMiles: z.number().positive().max(200),
    /** The shop's position, the centre of the map and of the delivery circle. */
    shop: geoPoint,
    /** Towns drawn on the map and listed as areaServed. */
    places: z.array(z.object({ name: z.string().min(1), ...geoPoint.shape })).min(1),
  }),
  social: z.object({
    instagram: httpsUrl,
    facebook: httpsUrl,
    yelp: httpsUrl,
  }),
  promo: z
    .object({
      /** Trusted-looking but still sanitized before rendering: it is HTML from a data file. */
      text: z.string().min(1),
      route: internalRoute,
    })
    .optional(),
});

const slideSchema = z.object({
  href: internalRoute,
  imageLandscape: imageName,
  imagePortrait: imageName,
  title: z.string().min(1),
});

/** data/media.json: the logo, the image for link previews, and the home page's four slides and four brands. */
export const mediaSchema = z.object({
  logo: z.object({ src: z.string().startsWith('/'), alt: z.string().min(1) }),
  socialImage: z.string().startsWith('/'),
  slides: z.array(slideSchema).length(4),
  brands: z.array(z.object({ image: imageName, name: z.string().min(1) })).length(4),
});

/** data/services.json: the three services, each with a summary and its page's route, and the shop's promises. */
const servicesSchema = z.object({
  /** The home page's opening heading and paragraph, and its section headings ("{appName}" is filled in). */
  intro: z.object({
    heading: z.string().min(1),
    text: z.string().min(1),
    brandsHeading: z.string().min(1),
    servicesHeading: z.string().min(1),
    promisesHeading: z.string().min(1),
    pricingLink: z.string().min(1),
    quoteLink: z.string().min(1),
  }),
  /** The home page's "why choose us" cards; "{foundedYear}" and "{appName}" are filled in from the config. */
  promises: z.array(z.object({ title: z.string().min(1), text: z.string().min(1) })).min(1),
  services: z
    .array(
      z.object({
        id: z.enum(serviceIds),
        name: z.string().min(1),
        summary: z.string().min(1),
        route: internalRoute,
      }),
    )
    .length(3),
});

/** Each data file's schema by key; loadSiteDataFiles validates every file against its own at start. */
export const siteDataSchemas = {
  config: configSchema,
  services: servicesSchema,
  media: mediaSchema,
  'direct-to-garment': directToGarmentSchema,
  'screen-printing': screenPrintingSchema,
  embroidery: embroiderySchema,
  'our-work': ourWorkSchema,
  faq: faqSchema,
  'artwork-guidelines': artworkGuidelinesSchema,
  'order-terms': orderTermsSchema,
  garments: garmentCatalogueSchema,
  'sales-tax': salesTaxSchema,
} as const satisfies Record<DataKey, z.ZodType>;

/** The data files as validated, by key: what the pages are rendered from and what the browser receives. */
export type SiteData = { [K in DataKey]: z.infer<(typeof siteDataSchemas)[K]> };
/** data/config.json as validated; the mail code takes the shop's name and contact details from it. */
export type SiteConfig = SiteData['config'];
/** One home-page slide: its link, its title and the names of its landscape and portrait images. */
export type CarouselSlide = z.infer<typeof slideSchema>;

/** Turns a zod error into lines a person can act on: "contact.email: Invalid email address". */
export function describeIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const where = issue.path.length > 0 ? issue.path.join('.') : '(root)';
    return `${where}: ${issue.message}`;
  });
}
