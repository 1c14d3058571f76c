/** The currency formats the site shows prices in: en-US in USD (the default) and en-GB in GBP, no others. */
const currencyByFormat = new Map([
  ['en-US', 'USD'],
  ['en-GB', 'GBP'],
] as const);

/** A locale that sets both the number style and the currency: en-US shows USD, en-GB shows GBP. */
export type MoneyFormat = 'en-US' | 'en-GB';

/** Every supported format, listed in the error for an unknown one. */
export const moneyFormats: readonly MoneyFormat[] = [...currencyByFormat.keys()];

// Building an Intl.NumberFormat costs far more than using one, and a price list formats many amounts.
const formatters = new Map<MoneyFormat, Intl.NumberFormat>();

function formatterFor(format: MoneyFormat): Intl.NumberFormat {
  let formatter = formatters.get(format);
  if (!formatter) {
    const currency = currencyByFormat.get(format);
    if (!currency) throw new RangeError(`Unsupported money format "${format}": use ${moneyFormats.join(' or ')}`);
    // The cents always show, whole amounts included ("$12.00"): a price that drops them ("$12") reads as
    // rounded, and a column of prices lines up only when every one has two decimals.
    formatter = new Intl.NumberFormat(format, {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(format, formatter);
  }
  return formatter;
}

/**
 * Integer cents -> "$1,234.50" (en-US) or "£1,234.50" (en-GB).
 * Throws a RangeError for anything but a safe integer: a fractional cent means a price was computed wrong,
 * and that must be loud rather than quietly rounded onto the page.
 */
export function formatMoney(cents: number, format: MoneyFormat = 'en-US'): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Money is held in whole cents, got ${cents}`);
  // Handing Intl the exact decimal ("123450E-2") rather than cents / 100 keeps large amounts exact:
  // the division lands on the nearest double, which at ten-figure-dollar amounts is a cent off.
  return formatterFor(format).format(`${cents}E-2` as Intl.StringNumericLiteral);
}
