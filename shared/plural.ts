/** The ten words the site counts things in, with their English forms in one table. */
const wordForms = {
  color: { one: 'color', other: 'colors' },
  location: { one: 'location', other: 'locations' },
  size: { one: 'size', other: 'sizes' },
  reply: { one: 'reply', other: 'replies' },
  file: { one: 'file', other: 'files' },
  image: { one: 'image', other: 'images' },
  comment: { one: 'comment', other: 'comments' },
  side: { one: 'side', other: 'sides' },
  shirt: { one: 'shirt', other: 'shirts' },
  piece: { one: 'piece', other: 'pieces' },
} as const satisfies Record<string, { one: string; other: string }>;

/** A word pluralize can count: adding one means adding its two forms to the table above. */
export type PluralWord = keyof typeof wordForms;

/** Every word in the table, so the tests can check each one's forms. */
export const pluralWords = Object.keys(wordForms) as readonly PluralWord[];

type LocaleFormatters = { rules: Intl.PluralRules; numbers: Intl.NumberFormat };

// Building Intl objects costs far more than using them, and a page counts many things.
const formattersByLocale = new Map<string, LocaleFormatters>();

function formattersFor(locale: string): LocaleFormatters {
  let formatters = formattersByLocale.get(locale);
  if (!formatters) {
    // Both keep their default rounding (up to 3 fraction digits), so the form is chosen from the number
    // as shown: 1.0004 shows as "1" and reads "1 color".
    formatters = { rules: new Intl.PluralRules(locale), numbers: new Intl.NumberFormat(locale) };
    formattersByLocale.set(locale, formatters);
  }
  return formatters;
}

/**
 * "1 color", "2 replies", "1,000 shirts".
 * The table holds English words, so `locale` is meant to be an English one (en-US, en-GB...): it picks the
 * number format and the plural rule. Any category other than "one" (a language's "two", "few", "many"...)
 * takes the plural form, the only other form English has.
 */
export function pluralize(count: number, word: PluralWord, locale = 'en-US'): string {
  // "NaN colors" on a page is a bug upstream, not a count to show.
  if (!Number.isFinite(count)) throw new RangeError(`Cannot count ${word}s: ${count} is not a finite number`);
  const { rules, numbers } = formattersFor(locale);
  const forms = wordForms[word];
  const form = rules.select(count) === 'one' ? forms.one : forms.other;
  return `${numbers.format(count)} ${form}`;
}
