import { type Request, type Response, Router } from 'express';
import createHttpError from 'http-errors';
import { staffOf, textField } from '#server/http/desk-request.ts';
import { type BlanksData, type SupplierId, supplierIds } from '#shared/blanks/blanks-data.ts';
import type { PurchaseLineView, PurchaseOrderView, ToBuyView } from '#shared/blanks/blanks-view.ts';
import { type PurchaseLine, purchaseOrderCsv, totalOf } from '#shared/blanks/purchase-order.ts';
import type { DeskView } from '#shared/desk-contract.ts';
import type { CatalogueGarment } from '#shared/garments/catalogue.ts';
import { isRecord } from '#shared/is-record.ts';
import { formatMoney } from '#shared/money.ts';
import { addBusinessDays, shopTime } from '#shared/pricing/business-days.ts';
import type { OrderTerms } from '#shared/pricing/order-terms.ts';
import type { BlankStore } from './blank-store.ts';
import { type ApprovedJob, summedLines, toBuyList } from './to-buy.ts';

export interface PurchaseRoutesOptions {
  blanks: BlankStore;
  data: () => BlanksData;
  garments: () => readonly CatalogueGarment[];
  /** The approved jobs not yet in production (the app reads them from the board). */
  approvedJobs: () => Promise<ApprovedJob[]>;
  terms: () => OrderTerms;
  render: (req: Request, res: Response, view: DeskView, status?: number) => Promise<void>;
  now: () => Date;
}

/** Enough orders to know which jobs are bought for: a shop makes a few a week. */
const ORDERS_READ = 500;
const ORDERS_SHOWN = 20;

function lineView(line: PurchaseLine): PurchaseLineView {
  return {
    sku: line.sku,
    item: `${line.style} ${line.colour} ${line.size}`,
    quantity: line.quantity,
    unit: formatMoney(line.cents),
    total: formatMoney(line.quantity * line.cents),
  };
}

/** The jobs ticked on the form: one field or several of the same name. */
function ticked(body: unknown): string[] {
  const value = isRecord(body) ? body.job : undefined;
  const values = Array.isArray(value) ? value : [value];
  return values.filter((item): item is string => typeof item === 'string' && item.length <= 40);
}

/**
 * The to-buy list at /staff/blanks/to-buy (the approved jobs waiting for blanks, by supplier, sizes summed
 * per SKU at the import's prices) and the purchase orders made from it: one per supplier for the jobs
 * ticked, its lines and total as the import priced them, the day the boxes are expected, printable, and
 * its CSV in the supplier's order upload layout.
 */
export function purchaseRoutes(options: PurchaseRoutesOptions): Router {
  const router = Router();
  const supplierName = (id: string) => options.data().suppliers.find((supplier) => supplier.id === id)?.name ?? id;
  const expectedOn = (leadDays: number) => {
    const terms = options.terms();
    return addBusinessDays(shopTime(options.now(), terms.timeZone).date, leadDays, terms);
  };

  async function list(orders: Awaited<ReturnType<BlankStore['purchaseOrders']>>) {
    return toBuyList({
      jobs: await options.approvedJobs(),
      ordered: new Set(orders.flatMap((order) => order.jobs)),
      blanks: options.blanks,
      data: options.data(),
      garments: options.garments(),
    });
  }

  async function show(req: Request, res: Response, notice?: ToBuyView['notice'], status = 200) {
    const orders = await options.blanks.purchaseOrders(ORDERS_READ);
    const suppliers = await list(orders);
    await options.render(
      req,
      res,
      {
        page: 'blanks-to-buy',
        staff: staffOf(res),
        suppliers: suppliers.map((entry) => ({
          id: entry.supplier,
          name: supplierName(entry.supplier),
          jobs: entry.jobs.map(({ reference, name, garment, colour, sizes, missing }) => ({
            reference,
            name,
            garment,
            colour,
            sizes,
            missing,
          })),
          lines: entry.lines.map(lineView),
          total: formatMoney(totalOf(entry.lines)),
          expectedOn: expectedOn(entry.leadDays),
        })),
        orders: orders.slice(0, ORDERS_SHOWN).map((order) => ({
          id: order.id,
          supplier: supplierName(order.supplier),
          createdAt: order.createdAt.toISOString(),
          total: formatMoney(order.totalCents),
          expectedOn: order.expectedOn,
          jobs: order.jobs,
        })),
        ...(notice ? { notice } : {}),
      },
      status,
    );
  }

  router.get('/staff/blanks/to-buy', (req, res) => show(req, res));

  router.post('/staff/blanks/orders', async (req, res) => {
    const supplier = textField(req.body, 'supplier');
    if (!(supplierIds as readonly string[]).includes(supplier))
      return show(req, res, { type: 'error', text: 'Choose the supplier to order from.' }, 422);
    const jobs = new Set(ticked(req.body));
    if (jobs.size === 0)
      return show(req, res, { type: 'error', text: 'Tick at least one job to buy its blanks.' }, 422);
    // The lines are counted again from the jobs, never read from the form: a job ordered meanwhile drops out.
    const entry = (await list(await options.blanks.purchaseOrders(ORDERS_READ))).find(
      (item) => item.supplier === supplier,
    );
    const chosen = entry?.jobs.filter((job) => jobs.has(job.reference)) ?? [];
    if (!entry || chosen.length === 0)
      return show(
        req,
        res,
        { type: 'error', text: 'Those jobs are on a purchase order already: nothing was made.' },
        409,
      );
    const lines = summedLines(chosen);
    const order = await options.blanks.createPurchaseOrder({
      supplier: supplier as SupplierId,
      lines,
      jobs: chosen.map((job) => job.reference),
      totalCents: totalOf(lines),
      expectedOn: expectedOn(entry.leadDays),
      createdBy: staffOf(res),
    });
    res.redirect(303, `/staff/blanks/orders/${order.id}?done=made`);
  });

  async function orderOf(req: Request) {
    const id = Number(req.params.id);
    const order = Number.isSafeInteger(id) && id > 0 ? await options.blanks.purchaseOrder(id) : undefined;
    if (!order) throw createHttpError(404, 'There is no purchase order with that number.');
    return order;
  }

  router.get('/staff/blanks/orders/:id', async (req, res) => {
    const order = await orderOf(req);
    const view: PurchaseOrderView = {
      page: 'purchase-order',
      staff: staffOf(res),
      id: order.id,
      supplier: supplierName(order.supplier),
      createdAt: order.createdAt.toISOString(),
      createdBy: order.createdBy,
      expectedOn: order.expectedOn,
      jobs: order.jobs,
      lines: order.lines.map(lineView),
      total: formatMoney(order.totalCents),
      csvPath: `/staff/blanks/orders/${order.id}/order.csv`,
      ...(req.query.done === 'made'
        ? { notice: { type: 'success' as const, text: 'Purchase order made: its jobs are off the to-buy list.' } }
        : {}),
    };
    await options.render(req, res, view);
  });

  router.get('/staff/blanks/orders/:id/order.csv', async (req, res) => {
    const order = await orderOf(req);
    res.set('Content-Type', 'text/csv; charset=utf-8');
    res.set('Content-Disposition', `attachment; filename="po-${order.id}-${order.supplier}.csv"`);
    res.set('Cache-Control', 'no-store');
    res.send(purchaseOrderCsv(order));
  });

  return router;
}
