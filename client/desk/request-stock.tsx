import type { DeskStockView } from '#shared/blanks/blanks-view.ts';
import { Section } from './request-section.tsx';

/** The blanks this request asks for, per size, from the supplier's import in force: what to quote on. */
export function StockSection({ stock }: { stock: DeskStockView }) {
  return (
    <Section id="stock" title="Blanks in stock">
      <p className="text-sm text-stone-700">
        {stock.supplier}, figures {stock.age}.{' '}
        <a href="/staff/blanks" className="underline">
          Suppliers’ files
        </a>
      </p>
      <ul className="mt-1 space-y-1" data-testid="request-stock">
        {stock.lines.map((line) => (
          <li key={line.text} className={line.short > 0 ? 'font-semibold text-red-800' : 'text-emerald-900'}>
            {line.text}
            {line.short > 0 ? ` (${line.short} short)` : ''}
          </li>
        ))}
      </ul>
      {stock.alternative && (
        <p className="mt-2">
          Has every size: <strong>{stock.alternative}</strong>.
        </p>
      )}
      <p className="mt-2 text-sm">{stock.arrival}</p>
    </Section>
  );
}
