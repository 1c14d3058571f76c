/**
 * The quote form's "I will collect sizes from my group" checkbox: the private page then opens at its
 * group section. On its own, with no zod, as the quote form's fields load without the validator.
 */
export const COLLECT_SIZES_FIELD = 'collectSizes';
