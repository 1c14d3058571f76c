/** One size's body measurements, as the catalogue words them ("20 in"). */
export interface SizeChartRow {
  size: string;
  chest: string;
  length: string;
}

/**
 * A garment's body measurements per size, folded away until asked for: where a buyer or a group member
 * picks their own size, and only some want to check it.
 */
export function SizeChart({ rows, caption }: { rows: readonly SizeChartRow[]; caption: string }) {
  return (
    <details className="mt-3">
      <summary className="cursor-pointer font-semibold text-brand-800 underline">Size chart</summary>
      <table className="mt-2 w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="py-1 pr-3">
              Size
            </th>
            <th scope="col" className="py-1 pr-3">
              Chest
            </th>
            <th scope="col" className="py-1">
              Length
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.size} className="border-t border-stone-200">
              <th scope="row" className="py-1 pr-3 font-medium">
                {row.size}
              </th>
              <td className="py-1 pr-3">{row.chest}</td>
              <td className="py-1">{row.length}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
