import { blanksLeadDays } from '#shared/blanks/blanks-arrival.ts';
import type { BlanksData, SupplierId } from '#shared/blanks/blanks-data.ts';
import type { PurchaseLine } from '#shared/blanks/purchase-order.ts';
import { supplierColour } from '#shared/blanks/stock-answer.ts';
import { type CatalogueGarment, garmentSizes, garmentTitle } from '#shared/garments/catalogue.ts';
import type { BlankStore, StockRow } from './blank-store.ts';
import { needOf } from './blanks-lead.ts';

/** An approved job not yet in production, as the to-buy list reads it (the app hands these in). */
export interface ApprovedJob {
  reference: string;
  name: string;
  formValues: Readonly<Record<string, string>> | undefined;
}

/** One job's blanks: what it needs of which supplier's style, and its lines at the import's prices. */
export interface JobBlanks {
  reference: string;
  name: string;
  supplier: SupplierId;
  garment: string;
  colour: string;
  sizes: string;
  lines: PurchaseLine[];
  /** Sizes the supplier's file does not list: bought some other way. */
  missing: string[];
}

/** Each supplier's jobs waiting for blanks, with every SKU summed over them. */
export interface SupplierToBuy {
  supplier: SupplierId;
  jobs: JobBlanks[];
  lines: PurchaseLine[];
  /** Business days until the boxes come, ordered now (the slowest warehouse any line needs). */
  leadDays: number;
}

/** The lines of several jobs summed per SKU, in SKU order. */
export function summedLines(jobs: readonly JobBlanks[]): PurchaseLine[] {
  const bySku = new Map<string, PurchaseLine>();
  for (const line of jobs.flatMap((job) => job.lines)) {
    const kept = bySku.get(line.sku);
    bySku.set(line.sku, kept ? { ...kept, quantity: kept.quantity + line.quantity } : { ...line });
  }
  return [...bySku.values()].sort((a, b) => a.sku.localeCompare(b.sku));
}

/**
 * The to-buy list: the approved jobs not on a purchase order yet whose garment is bought from a supplier
 * whose file is imported, grouped by supplier, each size matched to its SKU and the import's price.
 */
export async function toBuyList(options: {
  jobs: readonly ApprovedJob[];
  ordered: ReadonlySet<string>;
  blanks: Pick<BlankStore, 'styleStock'>;
  data: BlanksData;
  garments: readonly CatalogueGarment[];
}): Promise<SupplierToBuy[]> {
  const stockBy = new Map<string, Promise<{ rows: StockRow[] } | undefined>>();
  const stockOf = (supplier: SupplierId, style: string) => {
    const key = `${supplier}\u0000${style}`;
    if (!stockBy.has(key)) stockBy.set(key, options.blanks.styleStock(supplier, style));
    return stockBy.get(key) as Promise<{ rows: StockRow[] } | undefined>;
  };
  const found: JobBlanks[] = [];
  for (const job of options.jobs) {
    if (options.ordered.has(job.reference) || !job.formValues) continue;
    const garment = options.garments.find((item) => item.id === job.formValues?.garment);
    const style = garment && options.data.styles.find((item) => item.garment === garment.id);
    const colour = job.formValues.garmentColor ?? '';
    const need = needOf(job.formValues);
    if (!garment || !style || colour === '' || Object.keys(need).length === 0) continue;
    const stock = await stockOf(style.supplier, style.style);
    if (!stock) continue;
    const wanted = supplierColour(style, colour).toLowerCase();
    const lines: PurchaseLine[] = [];
    const missing: string[] = [];
    for (const size of garmentSizes) {
      const quantity = need[size];
      if (!quantity) continue;
      const row = stock.rows.find((item) => item.colour.toLowerCase() === wanted && item.size === size);
      if (!row) missing.push(size);
      else lines.push({ sku: row.sku, style: style.style, colour: row.colour, size, quantity, cents: row.cents });
    }
    found.push({
      reference: job.reference,
      name: job.name,
      supplier: style.supplier,
      garment: garmentTitle(garment),
      colour,
      sizes: Object.entries(need)
        .map(([size, count]) => `${count} ${size}`)
        .join(', '),
      lines,
      missing,
    });
  }
  const suppliers: SupplierToBuy[] = [];
  for (const supplier of options.data.suppliers) {
    const jobs = found.filter((job) => job.supplier === supplier.id);
    if (jobs.length === 0) continue;
    const lines = summedLines(jobs);
    suppliers.push({ supplier: supplier.id, jobs, lines, leadDays: await leadOf(lines, supplier, stockOf) });
  }
  return suppliers;
}

/** The slowest warehouse the summed lines need; the slowest of all when the supplier cannot cover them. */
async function leadOf(
  lines: readonly PurchaseLine[],
  supplier: BlanksData['suppliers'][number],
  stockOf: (supplier: SupplierId, style: string) => Promise<{ rows: StockRow[] } | undefined>,
): Promise<number> {
  const slowest = Math.max(0, ...supplier.warehouses.map((warehouse) => warehouse.leadDays));
  let lead = 0;
  const groups = new Map<string, PurchaseLine[]>();
  for (const line of lines)
    groups.set(`${line.style}\u0000${line.colour}`, [...(groups.get(`${line.style}\u0000${line.colour}`) ?? []), line]);
  for (const group of groups.values()) {
    const first = group[0] as PurchaseLine;
    const rows = (await stockOf(supplier.id, first.style))?.rows ?? [];
    const need = Object.fromEntries(group.map((line) => [line.size, line.quantity]));
    lead = Math.max(lead, blanksLeadDays(rows, first.colour, need, supplier.warehouses) ?? slowest);
  }
  return lead;
}
