import type { PriceFiles } from '#shared/pricing/estimate.ts';
import { contactSchema } from '#shared/submissions/contact-form.ts';
import { type FieldErrors, type FormValues, fieldErrorsOf } from '#shared/submissions/form-values.ts';
import { createQuoteSchema, type QuoteSchema } from '#shared/submissions/quote-form.ts';

/**
 * The shared schemas as the forms use them in the browser. Loaded on demand (load-schema-checks.ts):
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
