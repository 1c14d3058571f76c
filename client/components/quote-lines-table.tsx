/**
 * A quote's figures as both the desk and the customer's page show them (formatted on the server). An
 * estimate has no deposit: its table ends at the total.
 */
interface QuoteFigures {
  lines: { label: string; quantity: number; unit: string; total: string }[];
  total: string;
  depositPercent?: number;
  deposit?: string;
}

/**
 * A sent quote's lines, total and deposit, in one table for the desk and the customer alike, so the
 * two sides always read the same figures the same way. `caption` names it for screen readers.
 */
export function QuoteLinesTable({
  quote,
  caption,
  depositLabel,
  large = false,
}: {
  quote: QuoteFigures;
  caption: string;
  /** The deposit row's words, where the figures have a deposit. */
  depositLabel?: string;
  /** The customer's reading size; the desk's is denser. */
  large?: boolean;
}) {
  const cell = large ? 'py-2' : 'py-1';
  return (
    <div className="overflow-x-auto">
      <table className={`w-full text-sm ${large ? 'sm:text-base' : ''}`}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-stone-300 text-left">
            <th scope="col" className={`${cell} pr-2 font-medium`}>
              Item
            </th>
            <th scope="col" className={`${cell} pr-2 text-right font-medium`}>
              Qty
            </th>
            <th scope="col" className={`${cell} pr-2 text-right font-medium`}>
              Each
            </th>
            <th scope="col" className={`${cell} text-right font-medium`}>
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {quote.lines.map((line, index) => (
            // A sent quote never changes: a line's place is its identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            <tr key={index} className="border-b border-stone-100 align-top">
              <td className={`${cell} pr-2 wrap-anywhere`}>{line.label}</td>
              <td className={`${cell} pr-2 text-right tabular-nums`}>{line.quantity}</td>
              <td className={`${cell} pr-2 text-right tabular-nums`}>{line.unit}</td>
              <td className={`${cell} text-right tabular-nums`}>{line.total}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3} className={`${large ? 'pt-3' : 'py-1'} pr-2 text-right`}>
              Total
            </th>
            <td className={`${large ? 'pt-3 text-lg' : 'py-1'} text-right font-bold tabular-nums`}>{quote.total}</td>
          </tr>
          {depositLabel && quote.deposit !== undefined && (
            <tr>
              <th scope="row" colSpan={3} className="py-1 pr-2 text-right font-normal">
                {depositLabel} ({quote.depositPercent}%)
              </th>
              <td className="py-1 text-right tabular-nums">{quote.deposit}</td>
            </tr>
          )}
        </tfoot>
      </table>
    </div>
  );
}
