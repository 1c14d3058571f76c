import type { NewMockup } from '#server/mockups/mockup-store.ts';
import { quotePayload } from '#server/requests/quote-payload.ts';
import type { LoadDates } from '#shared/production/production-load.ts';
import { getPage } from '#shared/routes.ts';
import type { SiteData } from '#shared/site-data.ts';
import { ARTWORK_MAX_FILES } from '#shared/submissions/artwork.ts';
import { contactSchema } from '#shared/submissions/contact-form.ts';
import { checkDesignField, designInkLines } from '#shared/submissions/design-field.ts';
import { DESIGN_FIELD } from '#shared/submissions/design-field-name.ts';
import { type FieldErrors, type FormValues, fieldErrorsOf } from '#shared/submissions/form-values.ts';
import { quoteFormValues } from '#shared/submissions/quote-fields.ts';
import { createQuoteSchema } from '#shared/submissions/quote-form.ts';
import type { StoredFile, SubmissionKind } from './submission-store.ts';

/** A form's verdict: who sent it and the payload to store, or the errors to show beside the fields. */
type Validation =
  | { ok: true; name: string; email: string; payload: Record<string, unknown>; formValues?: FormValues }
  | { ok: false; errors: FieldErrors };

/**
 * The mockups of a valid quote request's files, or the errors that refuse it (beside the file or the
 * placement). The mockups feature draws them (server/mockups/request-mockups.ts); the app hands it in.
 */
export type DrawMockups = (
  values: FormValues,
  files: readonly StoredFile[],
  site: SiteData,
) => Promise<{ mockups: NewMockup[]; errors: FieldErrors }>;

/** What differs between the two forms; the endpoint that receives them is the same code. */
export interface SubmissionForm {
  kind: SubmissionKind;
  /** The page that holds the form: where a post without JavaScript returns with its errors. */
  page: string;
  /**
   * Where a post without JavaScript lands once stored, its receipt carried by the flash cookie: a
   * confirmation page of its own, or (when absent) the form's page with the thanks above the form.
   */
  sentPage?: string;
  /** How many artwork files it takes. */
  maxFiles: number;
  /** `load`: the shop's production load, which the estimate's date is counted from. */
  validate(values: FormValues, site: SiteData, load?: LoadDates): Validation;
  /** A valid post's files are drawn as mockups before it is stored (`DrawMockups`); quote requests only. */
  drawsMockups?: true;
  /** What the sender is told; a confirmation skipped by the daily cap is said plainly, never promised. */
  thanks(reference: string, confirmation: 'queued' | 'skipped'): string;
}

/** The quote request posted to /api/quotes: checked against the price files, with up to ARTWORK_MAX_FILES files. */
export const quoteForm: SubmissionForm = {
  kind: 'quote',
  page: '/pricing',
  sentPage: getPage('quote-sent').path,
  maxFiles: ARTWORK_MAX_FILES,
  validate(values, site, load) {
    const result = createQuoteSchema(site).safeParse(values);
    // Checked beside the other fields, so one answer names every field to fix.
    const design = checkDesignField(values, site.garments.garments);
    if (!result.success || !design.ok)
      return {
        ok: false,
        errors: {
          ...(result.success ? {} : fieldErrorsOf(result.error)),
          ...(design.ok ? {} : { [DESIGN_FIELD]: design.message }),
        },
      };
    const { data } = result;
    const formValues = quoteFormValues(values);
    // The design itself is kept with the form (what the desk prints from and a reorder refills), its ink
    // count in the payload, which the mails, the desk and the customer's page word for people.
    if (design.design) formValues[DESIGN_FIELD] = JSON.stringify(design.design);
    return {
      ok: true,
      name: data.name,
      email: data.email,
      payload: {
        ...quotePayload(data, values, site, new Date(), load),
        ...(design.design ? { studioDesign: designInkLines(design.design, site.garments.garments).join('\n') } : {}),
      },
      formValues,
    };
  },
  drawsMockups: true,
  thanks: (reference, confirmation) =>
    `Thank you! Your quote request ${reference} has reached us. We reply within one business day, ${confirmationText(confirmation)}`,
};

/** The end of the thanks: the confirmation on its way, or why none is (this address's daily limit). */
function confirmationText(confirmation: 'queued' | 'skipped'): string {
  return confirmation === 'queued'
    ? 'and a confirmation is on its way to your inbox.'
    : 'by e-mail. We did not send a confirmation this time: this address has had the most we send in a day. Note your reference.';
}

/** The message posted to /api/contact: text only, no files. */
export const contactForm: SubmissionForm = {
  kind: 'contact',
  page: '/contact-us',
  maxFiles: 0,
  validate(values) {
    const result = contactSchema.safeParse(values);
    if (!result.success) return { ok: false, errors: fieldErrorsOf(result.error) };
    return { ok: true, name: result.data.name, email: result.data.email, payload: result.data };
  },
  thanks: (reference, confirmation) =>
    `Thank you! Your message ${reference} has reached us. We reply within one business day, ${confirmationText(confirmation)}`,
};
