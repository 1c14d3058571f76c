import { formatMoney } from '#shared/money.ts';
import { depositOf } from '#shared/requests/quote.ts';
import type { SentQuote } from './version-store.ts';

/** A quote's figures as both sides show them: each line, the total and the deposit, formatted. */
export function quoteFigures(quote: Pick<SentQuote, 'lines' | 'totalCents' | 'depositPercent'>) {
  return {
    lines: quote.lines.map((line) => ({
      label: line.label,
      quantity: line.quantity,
      unit: formatMoney(line.unitCents),
      total: formatMoney(line.quantity * line.unitCents),
    })),
    total: formatMoney(quote.totalCents),
    depositPercent: quote.depositPercent,
    deposit: formatMoney(depositOf(quote.totalCents, quote.depositPercent)),
  };
}

const inches = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** "11.5 × 4 in" when the shop gave both sides of a proof's print. */
export function printSizeText(width: number | null, height: number | null): string | undefined {
  return width !== null && height !== null ? `${inches.format(width)} × ${inches.format(height)} in` : undefined;
}
