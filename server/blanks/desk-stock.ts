import type { BlanksData } from '#shared/blanks/blanks-data.ts';
import type { DeskStockView } from '#shared/blanks/blanks-view.ts';
import { deskStockText, stockAge } from '#shared/blanks/stock-answer.ts';
import { needOf } from './blanks-lead.ts';
import type { StockReader, StockReading } from './stock-reader.ts';

/** The business days in words: "1 business day", "3 business days". */
const businessDays = (days: number) => (days === 1 ? '1 business day' : `${days} business days`);

/** A stock answer as the desk words it, with the figures. */
export function deskStockView(reading: StockReading, data: BlanksData, now: Date): DeskStockView {
  const { answer, supplier, leadDays } = reading;
  return {
    supplier: data.suppliers.find((item) => item.id === supplier)?.name ?? supplier,
    age: stockAge(answer.takenAt, now),
    lines: answer.lines.map((line) => ({ text: deskStockText(answer.colour, line), short: line.short })),
    ...(answer.alternative ? { alternative: answer.alternative.name } : {}),
    arrival:
      leadDays === undefined
        ? 'The supplier cannot cover these: no date counts on them until it restocks.'
        : `Ordered now, at the shop in ${businessDays(leadDays)}.`,
  };
}

/**
 * The desk's request page's stock section: the blanks a quote request asks for (its garment, colour and
 * sizes), answered from the supplier's import in force; undefined when nothing is known of them.
 */
export function deskRequestStock(options: { readStock: StockReader; data: () => BlanksData; now: () => Date }) {
  return async (formValues: Readonly<Record<string, string>> | undefined): Promise<DeskStockView | undefined> => {
    const garment = formValues?.garment ?? '';
    const colour = formValues?.garmentColor ?? '';
    if (!formValues || garment === '' || colour === '') return undefined;
    const outcome = await options.readStock(garment, colour, needOf(formValues));
    return outcome.ok ? deskStockView(outcome.reading, options.data(), options.now()) : undefined;
  };
}
