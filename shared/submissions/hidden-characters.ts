// Apart from the zod field rules (common-fields.ts) so that the artwork check, which the quote form runs
// in the browser before any validator is loaded, does not pull zod into the page's first load.

/**
 * Control and format characters (\p{Cc}, \p{Cf}: CR, LF, NUL, U+202E and the other direction overrides,
 * zero-width spaces) and the Unicode line and paragraph separators. Zero-width joiner and non-joiner
 * (U+200D, U+200C) are kept: Persian and Indic names and emoji sequences need them, and they neither
 * break a line nor reorder text.
 */
const hiddenCharacters = /(?![\u200C\u200D])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/** True when `value` holds a character hiddenCharacters describes: a one-line field or a file name refuses it. */
export function hasHiddenCharacters(value: string): boolean {
  return hiddenCharacters.test(value);
}
