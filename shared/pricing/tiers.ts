import type { Tier } from './types.ts';

/**
 * The largest order the calculators price. Beyond it we quote by hand; it also keeps every total far
 * inside the safe-integer range that formatMoney requires (10,000 pieces at $10,000 each is 10^10 cents).
 */
export const MAX_ORDER_QUANTITY = 10_000;

/** The index of the break a quantity falls in, or -1 below the first break. `breaks` is ascending. */
export function breakIndex(breaks: readonly number[], quantity: number): number {
  let found = -1;
  for (const [index, from] of breaks.entries()) {
    if (quantity >= from) found = index;
    else break;
  }
  return found;
}

/** The quantities the break at `index` covers: from its own quantity up to just below the next break. */
export function tierAt(breaks: readonly number[], index: number): Tier {
  const from = breaks[index];
  if (from === undefined) throw new RangeError(`There is no quantity break number ${index + 1}`);
  const next = breaks[index + 1];
  return { fromQuantity: from, toQuantity: next === undefined ? null : next - 1 };
}
