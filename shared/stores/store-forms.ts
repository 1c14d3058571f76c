import { instantOf } from '#shared/groups/zoned-time.ts';
import { hasHiddenCharacters } from '#shared/submissions/hidden-characters.ts';
import { z } from '#shared/zod.ts';
import { type OfferedSize, STORE_LIMITS } from './store-rules.ts';

/**
 * The store's forms as the server reads them: the desk's opening form and the buyer's cart and
 * checkout. Prices never come from a form: the server prices every line from what it stores.
 */

const oneLine = (max: number, missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .max(max, `Keep this under ${max + 1} characters.`)
    .refine((value) => !hasHiddenCharacters(value), 'Use one line of plain text: no line breaks or hidden characters.')
    .refine((value) => value.length > 0, missing);

const checkbox = z
  .string()
  .optional()
  .transform((value) => value === 'on' || value === 'true' || value === '1');

const dollars = (message: string, max = 9999) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => value ?? '')
    .refine((value) => value === '' || /^\d{1,4}(\.\d{1,2})?$/.test(value), message)
    .transform((value) => (value === '' ? 0 : Math.round(Number(value) * 100)))
    .refine((value) => value <= max * 100, message);

const pieces = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((value) => /^\d{1,5}$/.test(value), message)
    .transform(Number)
    .refine((value) => value >= 1 && value <= 10_000, message);

const zoned = (timeZone: string, message: string) =>
  z.string({ error: message }).transform((value, context) => {
    const instant = instantOf(value.trim(), timeZone);
    if (!instant) {
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return instant;
  });

/** The desk's opening form: the store's settings, its products read separately (productSchema). */
export function openStoreSchema(timeZone: string, now: Date) {
  return z
    .object({
      title: oneLine(STORE_LIMITS.title, 'Give the store a title, such as "Hornets fall fundraiser".'),
      opensAt: zoned(timeZone, 'Choose the day and time the store opens.'),
      closesAt: zoned(timeZone, 'Choose the day and time the store closes.'),
      minimum: pieces('Write the fewest pieces the order needs, from 1 to 10,000.'),
      expected: pieces('Write how many pieces you expect to sell, from 1 to 10,000.'),
      markup: dollars('Write the markup as dollars and cents, such as 5.00.', 100),
      delivery: z.enum(['pickup', 'school', 'shipping'], { error: 'Choose how the order reaches the buyers.' }),
      charging: z
        .enum(['minimum', 'as-sold'], { error: 'Choose when buyers are charged.' })
        .optional()
        .transform((value) => value ?? 'minimum'),
      shipping: dollars('Write the shipping price as dollars and cents, such as 8.50.', 100),
      asksNames: checkbox,
      asksNumbers: checkbox,
      lateDays: z
        .string()
        .optional()
        .transform((value) => (value ?? '').trim())
        .refine((value) => /^(|\d{1,2})$/.test(value) && Number(value) <= 14, 'Write the late days as 0 to 14.')
        .transform((value) => Number(value || '0')),
      sortBy: z
        .enum(['', 'team', 'class'], { error: 'Choose what the bags are sorted by.' })
        .optional()
        .transform((value) => value ?? ''),
    })
    .refine((value) => value.closesAt.getTime() > now.getTime(), {
      path: ['closesAt'],
      message: 'The store must close later than now.',
    })
    .refine((value) => value.closesAt.getTime() > value.opensAt.getTime(), {
      path: ['closesAt'],
      message: 'The store must close after it opens.',
    })
    .refine((value) => value.minimum <= value.expected, {
      path: ['minimum'],
      message: 'The minimum cannot be more than the pieces you expect to sell.',
    })
    .refine((value) => value.delivery !== 'shipping' || value.shipping > 0, {
      path: ['shipping'],
      message: 'Say what shipping costs per order.',
    });
}

/** One line added to the cart: a product, one of its colours and sizes, how many, the back's name and number. */
export function cartLineSchema(product: {
  colours: readonly string[];
  sizes: readonly OfferedSize[];
  asksNames: boolean;
  asksNumbers: boolean;
}) {
  return z.object({
    colour: z
      .string({ error: 'Choose a colour.' })
      .refine((value) => product.colours.includes(value), 'Choose a colour this product comes in.'),
    size: z
      .string({ error: 'Choose a size.' })
      .refine((value) => product.sizes.some((offered) => offered.size === value), 'Choose a size this product offers.'),
    quantity: z
      .string({ error: 'Write how many, such as 1.' })
      .trim()
      .refine((value) => /^\d{1,6}$/.test(value), 'Write how many, such as 1.')
      .transform(Number)
      .refine(
        (value) => value >= 1 && value <= STORE_LIMITS.quantity,
        `Choose from 1 to ${STORE_LIMITS.quantity} pieces.`,
      ),
    backName: product.asksNames
      ? z
          .string()
          .trim()
          .optional()
          .transform((value) => (value ?? '').toUpperCase())
          .refine(
            (value) => value.length <= STORE_LIMITS.backName,
            `A name on the back fits ${STORE_LIMITS.backName} letters at most.`,
          )
          .refine((value) => /^[\p{L} .'-]*$/u.test(value), 'Use letters, spaces, dots, hyphens and apostrophes only.')
      : z
          .unknown()
          .optional()
          .transform(() => ''),
    backNumber: product.asksNumbers
      ? z
          .string()
          .trim()
          .optional()
          .transform((value) => value ?? '')
          .refine((value) => /^\d{0,2}$/.test(value), `A number of up to ${STORE_LIMITS.backNumber} digits, such as 7.`)
      : z
          .unknown()
          .optional()
          .transform(() => ''),
  });
}

/** The buyer at checkout: their name, e-mail and consent to keep their card until the store closes. */
export const checkoutSchema = z.object({
  name: oneLine(100, 'Write your name.'),
  email: z
    .string({ error: 'Write your e-mail address.' })
    .trim()
    .max(254, 'That e-mail address is too long.')
    .pipe(z.email('Write an e-mail address such as name@example.com.')),
  /** The buyer's team or class, asked when the store sorts the bags by one (the route requires it then). */
  group: z
    .string()
    .trim()
    .max(40, 'Write the team or class in 40 letters or fewer.')
    .optional()
    .transform((value) => value ?? ''),
  consent: z
    .string({ error: 'Tick the box to let us charge your card when the store closes.' })
    .refine((value) => value === 'yes', 'Tick the box to let us charge your card when the store closes.'),
});

/** The first message of each field a parse refused, keyed by the field's name. */
export function storeFieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}
