import type { Actor } from '#server/storage/activity.ts';
import type { SupplierId } from '#shared/blanks/blanks-data.ts';
import type { PurchaseOrder } from '#shared/blanks/purchase-order.ts';
import type { PromisedDate } from '#shared/requests/promised-date.ts';
import type { BlankRow } from './read-supplier-file.ts';

/** One supplier file imported: what it was, when its figures were taken, who imported it. */
export interface BlankImport {
  id: number;
  supplier: SupplierId;
  fileName: string;
  takenAt: Date;
  importedAt: Date;
  importedBy: string;
  rows: number;
}

/** One SKU of a supplier's import in force. */
export interface StockRow {
  sku: string;
  colour: string;
  size: string;
  cents: number;
  /** Per warehouse code. */
  warehouses: Record<string, number>;
  total: number;
}

export interface BlankStore {
  /**
   * Stores a checked file's rows as the supplier's import in force, in one transaction: the rows of its
   * last import go with it. Should reading the rows fail part way, nothing is kept and the last import
   * stays in force.
   */
  replaceImport(
    meta: { supplier: SupplierId; fileName: string; takenAt: Date; actor: string },
    rows: AsyncIterable<BlankRow[]>,
  ): Promise<BlankImport>;
  /** The import in force per supplier (none for a supplier never imported). */
  currentImports(): Promise<BlankImport[]>;
  /** The latest imports of every supplier, newest first. */
  importHistory(limit: number): Promise<BlankImport[]>;
  /** A style's SKUs in the supplier's import in force, with when its figures were taken. */
  styleStock(supplier: SupplierId, style: string): Promise<{ takenAt: Date; rows: StockRow[] } | undefined>;
  /** Keeps a purchase order as made (its lines, jobs, total and expected day). */
  createPurchaseOrder(order: Omit<PurchaseOrder, 'id' | 'createdAt' | 'received'>): Promise<PurchaseOrder>;
  /** Keeps what arrived per SKU, once: 'already' when the order was checked off before. */
  receivePurchaseOrder(
    id: number,
    counts: Record<string, number>,
    actor: string,
  ): Promise<'received' | 'already' | 'missing'>;
  /**
   * Marks the order sent to this address and queues its mail, in one transaction, once: 'already' when it
   * was sent before (a second press of the button), and nothing more is queued.
   */
  sendPurchaseOrder(
    id: number,
    send: { to: string; supplierName: string; actor: string },
  ): Promise<'sent' | 'already' | 'missing'>;
  /** The latest purchase orders, newest first. */
  purchaseOrders(limit: number): Promise<PurchaseOrder[]>;
  purchaseOrder(id: number): Promise<PurchaseOrder | undefined>;
  /**
   * Marks a job held up by what did not come on a purchase order, in one transaction; when `promised` is
   * given (a later day than the one promised), the customer's date moves to it, logged, and one mail tells
   * them: queued once per job and order (the outbox's once-key), so a retried check-off never mails twice.
   * 'missing' when there is no such request.
   */
  holdJob(
    reference: string,
    hold: { orderId: number; missing: string; promised?: PromisedDate; actor: Actor },
  ): Promise<'held' | 'told' | 'missing'>;
  /** What holds up each job still waiting for its blanks (approved, not yet in production), by reference. */
  holds(): Promise<ReadonlyMap<string, string>>;
}
