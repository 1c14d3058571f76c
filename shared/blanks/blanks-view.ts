import type { SupplierId } from './blanks-data.ts';

/** One supplier on the desk's blanks page: its import in force, if any. */
interface BlanksSupplierView {
  id: SupplierId;
  name: string;
  /** The columns its importer reads, for the form's help. */
  columns: string[];
  current?: {
    fileName: string;
    rows: number;
    /** When the supplier's figures were taken (ISO), and how old they are in words. */
    takenAt: string;
    age: string;
    importedAt: string;
    importedBy: string;
  };
}

/** The stock answer as the desk reads it: whose file, how old, per size with the figures, when it would arrive. */
export interface DeskStockView {
  supplier: string;
  /** How old the supplier's figures are, in words. */
  age: string;
  lines: { text: string; short: number }[];
  alternative?: string;
  arrival: string;
}

/** The desk's stock check: per size, "Navy XL: 10 in stock, you need 18". */
export interface BlanksCheckView extends Partial<DeskStockView> {
  garment: string;
  colour: string;
  sizes: Record<string, string>;
  /** Why there is no answer (not mapped, never imported, no size asked). */
  problem?: string;
}

/** /staff/blanks: the suppliers' imports, the upload form, the stock check. */
export interface BlanksView {
  page: 'blanks';
  staff: string;
  suppliers: BlanksSupplierView[];
  /** The catalogue's garments the check offers: id and title, with their colours. */
  garments: { id: string; title: string; colours: string[] }[];
  sizes: readonly string[];
  check: BlanksCheckView;
  history: { supplier: string; fileName: string; rows: number; takenAt: string; importedAt: string; by: string }[];
  /** The largest file taken, in words. */
  maxSize: string;
  /** What was wrong with the file just sent, each naming its line. */
  problems: string[];
  notice?: { type: 'success' | 'error'; text: string };
}

/** A purchase line as the desk shows it, money in words. */
export interface PurchaseLineView {
  sku: string;
  /** "Gildan 5000 Navy XL" in the supplier's words. */
  item: string;
  quantity: number;
  unit: string;
  total: string;
}

/** /staff/blanks/to-buy: the approved jobs waiting for blanks, by supplier, and the purchase orders made. */
export interface ToBuyView {
  page: 'blanks-to-buy';
  staff: string;
  suppliers: {
    id: string;
    name: string;
    jobs: { reference: string; name: string; garment: string; colour: string; sizes: string; missing: string[] }[];
    lines: PurchaseLineView[];
    total: string;
    /** The day the boxes would come, ordered today (YYYY-MM-DD). */
    expectedOn: string;
  }[];
  orders: { id: number; supplier: string; createdAt: string; total: string; expectedOn: string; jobs: string[] }[];
  notice?: { type: 'success' | 'error'; text: string };
}

/** /staff/blanks/orders/:id: one purchase order, printable, with its CSV in the supplier's order layout. */
export interface PurchaseOrderView {
  page: 'purchase-order';
  staff: string;
  id: number;
  supplier: string;
  createdAt: string;
  createdBy: string;
  expectedOn: string;
  jobs: string[];
  lines: PurchaseLineView[];
  total: string;
  csvPath: string;
  /**
   * Mailing it to the supplier: the order address from the shop's blanks data (none set: the page says
   * where to set it), and once sent, when, where and by whom.
   */
  mail: { to?: string; sent?: { at: string; to: string; by: string } };
  /** The receiving form's counts as typed (when refused), and its errors by SKU. */
  receiving?: { counts: Record<string, string>; errors: string[] };
  /** What arrived, once checked off: per SKU ordered and arrived, and the jobs a shortage holds up. */
  received?: {
    at: string;
    by: string;
    lines: { sku: string; item: string; ordered: number; arrived: number }[];
    waiting: string[];
  };
  notice?: { type: 'success' | 'error'; text: string };
}
