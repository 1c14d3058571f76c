import type { PriceFiles } from '../../shared/pricing/estimate.ts';
import { contactSchema } from '../../shared/submissions/contact-form.ts';
import { type FieldErrors, type FormValues, fieldErrorsOf } from '../../shared/submissions/form-values.ts';
import { createQuoteSchema, type QuoteSchema } from '../../shared/submissions/quote-form.ts';
import { z } from '../../shared/zod.ts';

/**
 * The shared schemas as the forms use them in the browser, and the shapes of the endpoints' answers.
 * Loaded on demand (load-schema-checks.ts):
 * zod is most of the forms' JavaScript, and nothing needs it before the visitor sends.
 */
export function checkContact(values: FormValues): FieldErrors {
  const result = contactSchema.safeParse(values);
  return result.success ? {} : fieldErrorsOf(result.error);
}

const quoteSchemas = new WeakMap<PriceFiles, QuoteSchema>();

export function checkQuote(values: FormValues, prices: PriceFiles): FieldErrors {
  let schema = quoteSchemas.get(prices);
  if (!schema) {
    schema = createQuoteSchema(prices);
    quoteSchemas.set(prices, schema);
  }
  const result = schema.safeParse(values);
  return result.success ? {} : fieldErrorsOf(result.error);
}

/** The endpoints' answers, read with care: a proxy or an old server may answer otherwise. */
export const createdAnswer = z.object({ reference: z.string().min(1), message: z.string().optional() });
export const refusalAnswer = z.object({
  message: z.string().min(1).optional(),
  fields: z.record(z.string(), z.string()).optional(),
});
