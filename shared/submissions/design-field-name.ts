/**
 * The quote form's hidden field that carries the studio's design as JSON. On its own so the form's
 * plain helpers (form-values.ts, quote-fields.ts) can name it without importing the design's schema,
 * which would pull the studio's fonts and motifs into every page that has the quote form.
 */
export const DESIGN_FIELD = 'design';

/**
 * How much of the field a post keeps: one character past MAX_DESIGN_JSON_BYTES (design-field.test.ts
 * holds the two together), so the design's own check still sees, and refuses, one too long.
 */
export const DESIGN_FIELD_KEPT_CHARS = 128 * 1024 + 1;
