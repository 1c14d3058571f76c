/**
 * How a stored request writes its sizes: "M: 10, L: 5", only the sizes ordered, in the order given. The
 * quote form and a closed group's roster store it alike, so the desk, the mails and the work order read
 * one shape.
 */
export function sizesLine(order: readonly string[], totals: Readonly<Record<string, number>>): string {
  return order
    .filter((size) => (totals[size] ?? 0) > 0)
    .map((size) => `${size}: ${totals[size]}`)
    .join(', ');
}
