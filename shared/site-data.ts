import type { DataKey } from './data-keys.ts';
import { directToGarmentSchema, embroiderySchema, screenPrintingSchema } from './pricing/price-schemas.ts';
import { serviceIds } from './service-ids.ts';
import { z } from './zod.ts';

/**
 * The six public data files (spec section 7). Each is validated by its schema when the server starts,
 * and the same types describe what the browser receives.
 */

const internalRoute = z
  .string()
  .regex(/^\/(?!\/)[\w\-./?=&#%]*$/, 'must be a path on this site, starting with a single "/"');

const httpsUrl = z.url({ protocol: /^https$/, error: 'must be an https:// address' });

/** A raster image produced by the build from an SVG source under assets/images. */
const imageName = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'must be an image name (lower-case letters, digits and hyphens)');

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

export const mediaSchema = z.object({
  logo: z.object({ src: z.string().startsWith('/'), alt: z.string().min(1) }),
  socialImage: z.string().startsWith('/'),
  slides: z.array(slideSchema).length(4),
  brands: z.array(z.object({ image: imageName, name: z.string().min(1) })).length(4),
});

/** Its home is service-ids.ts (no zod); also named here for the modules that describe the data files. */
export type { ServiceId } from './service-ids.ts';

const servicesSchema = z.object({
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

export const siteDataSchemas = {
  config: configSchema,
  services: servicesSchema,
  media: mediaSchema,
  'direct-to-garment': directToGarmentSchema,
  'screen-printing': screenPrintingSchema,
  embroidery: embroiderySchema,
} as const satisfies Record<DataKey, z.ZodType>;

/** All six data files as the schemas let them through: what pages render from, on the server and in the browser. */
export type SiteData = { [K in DataKey]: z.infer<(typeof siteDataSchemas)[K]> };
/** data/config.json: the shop's name, contact details, address, social links and promo. */
export type SiteConfig = SiteData['config'];
/** One slide of the home carousel. */
export type CarouselSlide = z.infer<typeof slideSchema>;

/** Turns a zod error into lines a person can act on: "contact.email: Invalid email address". */
export function describeIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const where = issue.path.length > 0 ? issue.path.join('.') : '(root)';
    return `${where}: ${issue.message}`;
  });
}
