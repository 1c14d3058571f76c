/** The kinds of the text-input filter: digits only, digits with one decimal point, or letters, digits, dot and hyphen. */
export const inputFilterKinds = ['numbers', 'decimals', 'alphanumeric'] as const;

/** Digits only; digits and one point; or ASCII letters, digits, '.' and '-'. */
export type InputFilterKind = (typeof inputFilterKinds)[number];

/** The kind useInputFilter applies when the caller names none. */
export const defaultInputFilterKind: InputFilterKind = 'alphanumeric';

/** Checks a kind that arrives as any string (useInputFilter's); an unknown kind leaves the input unfiltered. */
export function isInputFilterKind(value: unknown): value is InputFilterKind {
  return typeof value === 'string' && (inputFilterKinds as readonly string[]).includes(value);
}

// ASCII only: these fields take quantities, sizes and codes, and a full-width or Arabic-Indic digit
// would be a different character to the server even where it looks like a number.
const disallowed: Record<InputFilterKind, RegExp> = {
  numbers: /[^0-9]/g,
  decimals: /[^0-9.]/g,
  alphanumeric: /[^A-Za-z0-9.-]/g,
};

/**
 * Strips the characters `kind` does not allow. For decimals the first point is kept and later ones are
 * dropped ("1.2.3" -> "1.23").
 * The result only ever depends on what comes before each character, so filtering the text before the
 * caret tells where the caret belongs in the filtered value.
 */
export function filterInputValue(value: string, kind: InputFilterKind): string {
  const kept = value.replace(disallowed[kind], '');
  if (kind !== 'decimals') return kept;
  let seenPoint = false;
  return kept.replace(/\./g, () => {
    if (seenPoint) return '';
    seenPoint = true;
    return '.';
  });
}
