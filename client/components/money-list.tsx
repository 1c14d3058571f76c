/** One line of an order's money: what it is and how much. */
export interface MoneyLine {
  label: string;
  value: string;
  /** Classes that set a line apart (the invoice's total, its balance due). */
  className?: string;
}

/**
 * An order's money, one figure a line, as a definition list. `figures` is the desk's and the customer's
 * page: a two-column grid under a section's heading. `totals` is the invoice's: the figures pushed to the
 * right under its table, as a printed invoice sets them. `className` adds to the list's own (a smaller text).
 */
export function MoneyList({
  lines,
  layout = 'figures',
  className,
}: {
  lines: readonly MoneyLine[];
  layout?: 'figures' | 'totals';
  className?: string;
}) {
  const extra = className ? ` ${className}` : '';
  if (layout === 'figures')
    return (
      <dl className={`grid grid-cols-[1fr_auto] gap-x-4 gap-y-1${extra}`}>
        {lines.map((line) => (
          <div key={line.label} className="contents">
            <dt className="text-stone-700">{line.label}</dt>
            <dd className="text-right font-semibold tabular-nums">{line.value}</dd>
          </div>
        ))}
      </dl>
    );
  return (
    <dl className={`ml-auto mt-4 max-w-xs space-y-1${extra}`}>
      {lines.map((line) => (
        <div key={line.label} className={`flex justify-between gap-4${line.className ? ` ${line.className}` : ''}`}>
          <dt>{line.label}</dt>
          <dd className="tabular-nums">{line.value}</dd>
        </div>
      ))}
    </dl>
  );
}
