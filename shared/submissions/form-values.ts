import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import type { z } from '#shared/zod.ts';
import { DESIGN_FIELD, DESIGN_FIELD_KEPT_CHARS } from './design-field-name.ts';
import { SUBMISSION_KEY_FIELD } from './submission-key.ts';

/**
 * Both forms travel as flat name=value pairs, whether the browser posts them itself (no JavaScript) or
 * the page sends FormData with fetch: one shape, one schema, and field errors keyed by the same names
 * the inputs carry, so an error always lands beside its field.
 */
export type FormValues = Record<string, string>;
/** Error messages keyed by the field's name, so each lands beside its input. */
export type FieldErrors = Record<string, string>;

/** The forms the site has; names the form whose state a page shows again. */
export type FormName = 'quote' | 'contact';

/** Hidden field that must stay empty: people never see it, form-filling robots fill it. */
export const HONEYPOT_FIELD = 'website';

/** What a page needs to show a form again with the visitor's input and the errors beside the fields. */
export interface FormState {
  form: FormName;
  values: FormValues;
  errors: FieldErrors;
  /** One sentence above the form: what went wrong as a whole. */
  message: string;
}

/** Longest value kept from a form when it is shown again; longer ones were refused anyway. */
const MAX_KEPT_LENGTH = 10_000;

/**
 * The text fields of a posted form (FormData entries, a parsed urlencoded or JSON body), without the
 * CSRF token, the submission key, the honeypot and files. Numbers and booleans from a JSON client become their text.
 */
export function formValuesFrom(entries: Iterable<[string, unknown]>): FormValues {
  const values: FormValues = {};
  for (const [name, value] of entries) {
    if (name === CSRF_FIELD || name === HONEYPOT_FIELD || name === SUBMISSION_KEY_FIELD || name === '__proto__') {
      continue;
    }
    // The studio's design is long by nature; one character past its cap is kept so its check refuses it.
    const kept = name === DESIGN_FIELD ? DESIGN_FIELD_KEPT_CHARS : MAX_KEPT_LENGTH;
    if (typeof value === 'string') values[name] = value.slice(0, kept);
    else if (typeof value === 'number' || typeof value === 'boolean') values[name] = String(value);
  }
  return values;
}

/** The first message for each field, keyed by the field's name. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The message above a form that has errors. */
export function errorSummary(errors: FieldErrors): string {
  const count = Object.keys(errors).length;
  return count === 1 ? 'One field needs your attention.' : `${count} fields need your attention.`;
}
