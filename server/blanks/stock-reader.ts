import { blanksLeadDays } from '#shared/blanks/blanks-arrival.ts';
import type { BlankStyle, BlanksData, SupplierId } from '#shared/blanks/blanks-data.ts';
import { type StockAnswer, stockAnswer, supplierColour } from '#shared/blanks/stock-answer.ts';
import type { CatalogueGarment, GarmentSize } from '#shared/garments/catalogue.ts';
import type { BlankStore, StockRow } from './blank-store.ts';

/** The answer and what the desk may add to it: whose file, and the rows behind it. */
export interface StockReading {
  answer: StockAnswer;
  supplier: SupplierId;
  style: BlankStyle;
  rows: StockRow[];
  /** Business days until the blanks are at the shop, ordered now; undefined when the stock cannot cover them. */
  leadDays: number | undefined;
}

export type StockOutcome = { ok: true; reading: StockReading } | { ok: false; problem: string };

/**
 * Answers "has the supplier got these sizes in this colour" from the import in force, for the quote form
 * (in public words) and the desk (with the figures).
 */
export function createStockReader(options: {
  blanks: Pick<BlankStore, 'styleStock'>;
  data: () => BlanksData;
  garments: () => readonly CatalogueGarment[];
}) {
  return async function readStock(
    garmentId: string,
    colour: string,
    need: Partial<Record<GarmentSize, number>>,
  ): Promise<StockOutcome> {
    const garment = options.garments().find((item) => item.id === garmentId);
    if (!garment) return { ok: false, problem: 'That garment is not in the catalogue.' };
    const style = options.data().styles.find((item) => item.garment === garment.id);
    if (!style) return { ok: false, problem: 'That garment is not bought from a supplier whose file is imported.' };
    const stock = await options.blanks.styleStock(style.supplier, style.style);
    if (!stock) return { ok: false, problem: 'The supplier’s file has not been imported yet.' };
    const answer = stockAnswer({
      garment,
      style,
      cells: stock.rows.map((row) => ({ colour: row.colour, size: row.size, quantity: row.total })),
      takenAt: stock.takenAt,
      colour,
      need,
    });
    if (!answer) return { ok: false, problem: 'Give a colour of that garment and at least one size.' };
    const warehouses = options.data().suppliers.find((supplier) => supplier.id === style.supplier)?.warehouses ?? [];
    const leadDays = blanksLeadDays(stock.rows, supplierColour(style, answer.colour), need, warehouses);
    return { ok: true, reading: { answer, supplier: style.supplier, style, rows: stock.rows, leadDays } };
  };
}

export type StockReader = ReturnType<typeof createStockReader>;
