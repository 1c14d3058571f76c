import type { SupplierId } from './blanks-data.ts';

/** One SKU of a purchase order: the pieces of several jobs summed, at the import's price. */
export interface PurchaseLine {
  sku: string;
  style: string;
  colour: string;
  size: string;
  quantity: number;
  cents: number;
}

/** A purchase order as kept: one supplier, the jobs it buys for, its lines, total and expected day. */
export interface PurchaseOrder {
  id: number;
  supplier: SupplierId;
  lines: PurchaseLine[];
  /** The references of the jobs whose blanks it buys. */
  jobs: string[];
  totalCents: number;
  /** The day the boxes are expected (YYYY-MM-DD). */
  expectedOn: string;
  createdBy: string;
  createdAt: Date;
  /** What arrived, per SKU, once the boxes were checked off. */
  received?: { counts: Record<string, number>; at: Date; by: string };
  /** When it was mailed to the supplier (once), to which address and by whom. */
  sent?: { at: Date; to: string; by: string };
}

/** The order's lines summed: a line's pieces times its price. */
export function totalOf(lines: readonly PurchaseLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity * line.cents, 0);
}

/** The supplier's order upload layout: its header, and a line's cells. */
const orderLayouts: Record<SupplierId, { header: string[]; cells: (line: PurchaseLine) => (string | number)[] }> = {
  'ss-activewear': { header: ['Sku', 'Qty'], cells: (line) => [line.sku, line.quantity] },
  sanmar: {
    header: ['STYLE#', 'COLOR_NAME', 'SIZE', 'QUANTITY'],
    cells: (line) => [line.style, line.colour, line.size, line.quantity],
  },
  alphabroder: { header: ['Item Number', 'Quantity'], cells: (line) => [line.sku, line.quantity] },
};

/** A cell as CSV writes it: quoted when it holds a comma, a quote or a line break. */
function csvCell(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The order as a CSV in the supplier's order upload layout (CRLF lines, as RFC 4180 has them). */
export function purchaseOrderCsv(order: Pick<PurchaseOrder, 'supplier' | 'lines'>): string {
  const layout = orderLayouts[order.supplier];
  const rows = [layout.header, ...order.lines.map(layout.cells)];
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
