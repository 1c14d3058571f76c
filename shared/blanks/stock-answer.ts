import type { CatalogueGarment, GarmentColor, GarmentSize } from '#shared/garments/catalogue.ts';
import type { BlankStyle } from './blanks-data.ts';

/** How many pieces of one colour and size the supplier's last import holds, all warehouses together. */
export interface StockCell {
  colour: string;
  size: string;
  quantity: number;
}

/** One size of the asked colour: what the order needs, what the supplier has. */
export interface StockLine {
  size: GarmentSize;
  need: number;
  have: number;
  short: number;
  /**
   * Whether the supplier's import lists this colour and size at all: one it no longer carries is
   * unavailable (an open quote keeps it, and says so), not merely out of stock.
   */
  listed: boolean;
}

/** The stock answer for one garment, colour and size run, as the desk reads it. */
export interface StockAnswer {
  colour: string;
  /** When the supplier's figures were taken (ISO). */
  takenAt: string;
  lines: StockLine[];
  /** The nearest other colour of the same garment that has every size in the numbers asked. */
  alternative?: GarmentColor;
}

/** What a public page may say of a size: never the supplier's figures beyond "in stock / not in stock / N short". */
type PublicStockState =
  | { state: 'in-stock' }
  | { state: 'not-in-stock' }
  | { state: 'short'; short: number }
  | { state: 'unavailable' };

export interface PublicStockLine {
  size: GarmentSize;
  need: number;
  stock: PublicStockState;
}

export interface PublicStockAnswer {
  colour: string;
  takenAt: string;
  lines: PublicStockLine[];
  alternative?: string;
  /** Business days until the blanks are at the shop when ordered now; absent when the stock cannot cover them. */
  arrivalDays?: number;
}

/** The supplier's name for a catalogue colour: the mapping's spelling, or the same name. */
export function supplierColour(style: Pick<BlankStyle, 'colours'>, colour: string): string {
  return style.colours?.[colour] ?? colour;
}

function cellsOf(cells: readonly StockCell[], colour: string, size: string): StockCell[] {
  const wanted = colour.toLowerCase();
  return cells.filter((cell) => cell.colour.toLowerCase() === wanted && cell.size === size);
}

function linesFor(
  cells: readonly StockCell[],
  colour: string,
  need: Partial<Record<GarmentSize, number>>,
): StockLine[] {
  return Object.entries(need).flatMap(([size, count]) => {
    if (!count || count <= 0) return [];
    const found = cellsOf(cells, colour, size);
    const have = found.reduce((sum, cell) => sum + cell.quantity, 0);
    return [
      { size: size as GarmentSize, need: count, have, short: Math.max(0, count - have), listed: found.length > 0 },
    ];
  });
}

/** Distance between two swatches (#rrggbb), weighted as the eye weighs red, green and blue. */
function swatchDistance(a: string, b: string): number {
  const channel = (hex: string, at: number) => Number.parseInt(hex.slice(1 + at * 2, 3 + at * 2), 16);
  const weights = [0.3, 0.59, 0.11];
  return weights.reduce((sum, weight, at) => sum + weight * (channel(a, at) - channel(b, at)) ** 2, 0);
}

/**
 * Per size of the asked colour, what the supplier has against what the order needs, and, when any size
 * falls short, the catalogue colour nearest in look whose every size covers the order. Undefined when
 * the garment is not mapped to a supplier style or no size is asked.
 */
export function stockAnswer(options: {
  garment: Pick<CatalogueGarment, 'colors'>;
  style: Pick<BlankStyle, 'colours'>;
  cells: readonly StockCell[];
  takenAt: Date;
  colour: string;
  need: Partial<Record<GarmentSize, number>>;
}): StockAnswer | undefined {
  const { garment, style, cells, colour, need } = options;
  const asked = garment.colors.find((color) => color.name.toLowerCase() === colour.toLowerCase());
  if (!asked) return undefined;
  const lines = linesFor(cells, supplierColour(style, asked.name), need);
  if (lines.length === 0) return undefined;
  const answer: StockAnswer = { colour: asked.name, takenAt: options.takenAt.toISOString(), lines };
  if (lines.every((line) => line.short === 0)) return answer;
  const alternative = garment.colors
    .filter((color) => color.name !== asked.name)
    .sort((a, b) => swatchDistance(a.hex, asked.hex) - swatchDistance(b.hex, asked.hex))
    .find((color) => linesFor(cells, supplierColour(style, color.name), need).every((line) => line.short === 0));
  return alternative ? { ...answer, alternative } : answer;
}

/** The same answer with the supplier's figures taken out, for the public pages. */
export function publicStockAnswer(answer: StockAnswer, arrivalDays?: number): PublicStockAnswer {
  return {
    colour: answer.colour,
    takenAt: answer.takenAt,
    lines: answer.lines.map((line) => ({
      size: line.size,
      need: line.need,
      stock: !line.listed
        ? { state: 'unavailable' }
        : line.short === 0
          ? { state: 'in-stock' }
          : line.have === 0
            ? { state: 'not-in-stock' }
            : { state: 'short', short: line.short },
    })),
    ...(answer.alternative ? { alternative: answer.alternative.name } : {}),
    ...(arrivalDays === undefined ? {} : { arrivalDays }),
  };
}

/** "Navy XL: 10 in stock, you need 18", for the desk. */
export function deskStockText(colour: string, line: StockLine): string {
  if (!line.listed) return `${colour} ${line.size}: no longer in the supplier’s file, you need ${line.need}`;
  return `${colour} ${line.size}: ${line.have} in stock, you need ${line.need}`;
}

/** "Navy XL: 8 short", "Navy M: in stock", for the public pages. */
export function publicStockText(colour: string, line: PublicStockLine): string {
  const state =
    line.stock.state === 'in-stock'
      ? 'in stock'
      : line.stock.state === 'not-in-stock'
        ? 'not in stock'
        : line.stock.state === 'unavailable'
          ? 'unavailable at our supplier'
          : `${line.stock.short} short`;
  return `${colour} ${line.size}: ${state}`;
}

/** How old the supplier's figures are, in words: "taken 3 hours ago". */
export function stockAge(takenAt: string, now: Date): string {
  const minutes = Math.max(0, Math.round((now.getTime() - new Date(takenAt).getTime()) / 60_000));
  if (minutes < 60) return minutes <= 1 ? 'taken just now' : `taken ${minutes} minutes ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return hours === 1 ? 'taken 1 hour ago' : `taken ${hours} hours ago`;
  return `taken ${Math.round(hours / 24)} days ago`;
}
