import { type Request, type RequestHandler, type Response, Router } from 'express';
import createHttpError from 'http-errors';
import { staffOf, textField } from '#server/http/desk-request.ts';
import type { ProductionStore } from '#server/production/production-store.ts';
import type { DeskStore } from '#server/staff/desk-store.ts';
import { type BlanksData, type SupplierId, supplierIds } from '#shared/blanks/blanks-data.ts';
import type { PurchaseLineView, PurchaseOrderView, ToBuyView } from '#shared/blanks/blanks-view.ts';
import { type PurchaseLine, type PurchaseOrder, purchaseOrderCsv, totalOf } from '#shared/blanks/purchase-order.ts';
import type { DeskView } from '#shared/desk-contract.ts';
import { formatDay } from '#shared/desk-format.ts';
import type { CatalogueGarment } from '#shared/garments/catalogue.ts';
import { isRecord } from '#shared/is-record.ts';
import { formatMoney } from '#shared/money.ts';
import { addBusinessDays, shopTime } from '#shared/pricing/business-days.ts';
import type { OrderTerms } from '#shared/pricing/order-terms.ts';
import type { PromisedDate } from '#shared/requests/promised-date.ts';
import type { BlankStore } from './blank-store.ts';
import { type ApprovedJob, summedLines, toBuyList } from './to-buy.ts';

export interface PurchaseRoutesOptions {
  blanks: BlankStore;
  data: () => BlanksData;
  garments: () => readonly CatalogueGarment[];
  /** The approved jobs not yet in production (the app reads them from the board). */
  approvedJobs: () => Promise<ApprovedJob[]>;
  terms: () => OrderTerms;
  /** The board: a shortage moves the press days of the jobs it holds up. */
  board: Pick<ProductionStore, 'boardOrders' | 'movePressDate'>;
  /** Called once press days moved, so the dates read the board afresh. */
  onMoved: () => void;
  /** Called once a mail is queued (the outbox's worker wakes). */
  onQueued?: () => void;
  /** A held-up job's log says what is missing, as a note. */
  notes: Pick<DeskStore, 'addRequestNote'>;
  render: (req: Request, res: Response, view: DeskView, status?: number) => Promise<void>;
  now: () => Date;
}

/** The business days from one day to a later one (0 when the later is not later): how long a promise follows its press day. */
function businessDaysBetween(from: string, to: string, terms: OrderTerms): number {
  let days = 0;
  // A promise is weeks after its press day at most; the bound keeps a bad row from looping long.
  while (days < 120 && addBusinessDays(from, days + 1, terms) <= to) days++;
  return days;
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

/** The supplier's name in the shop's blanks data, or its id when the data no longer has it. */
function supplierName(options: Pick<PurchaseRoutesOptions, 'data'>, id: string): string {
  return options.data().suppliers.find((supplier) => supplier.id === id)?.name ?? id;
}

/** The day an order made today comes, that many business days on in the shop's time zone. */
function expectedOn(options: Pick<PurchaseRoutesOptions, 'terms' | 'now'>, leadDays: number): string {
  const terms = options.terms();
  return addBusinessDays(shopTime(options.now(), terms.timeZone).date, leadDays, terms);
}

/** The to-buy list: the approved jobs not on any of these orders, by supplier. */
async function toBuy(options: PurchaseRoutesOptions, orders: Awaited<ReturnType<BlankStore['purchaseOrders']>>) {
  return toBuyList({
    jobs: await options.approvedJobs(),
    ordered: new Set(orders.flatMap((order) => order.jobs)),
    blanks: options.blanks,
    data: options.data(),
    garments: options.garments(),
  });
}

/** The to-buy page with the latest orders, and a notice when a form was turned down. */
async function showToBuy(
  options: PurchaseRoutesOptions,
  req: Request,
  res: Response,
  notice?: ToBuyView['notice'],
  status = 200,
) {
  const orders = await options.blanks.purchaseOrders(ORDERS_READ);
  const suppliers = await toBuy(options, orders);
  await options.render(
    req,
    res,
    {
      page: 'blanks-to-buy',
      staff: staffOf(res),
      suppliers: suppliers.map((entry) => ({
        id: entry.supplier,
        name: supplierName(options, entry.supplier),
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
        expectedOn: expectedOn(options, entry.leadDays),
      })),
      orders: orders.slice(0, ORDERS_SHOWN).map((order) => ({
        id: order.id,
        supplier: supplierName(options, order.supplier),
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

/** A purchase order made for the jobs ticked of one supplier. */
function makeOrder(options: PurchaseRoutesOptions): RequestHandler {
  return async (req, res) => {
    const supplier = textField(req.body, 'supplier');
    if (!(supplierIds as readonly string[]).includes(supplier))
      return showToBuy(options, req, res, { type: 'error', text: 'Choose the supplier to order from.' }, 422);
    const jobs = new Set(ticked(req.body));
    if (jobs.size === 0)
      return showToBuy(options, req, res, { type: 'error', text: 'Tick at least one job to buy its blanks.' }, 422);
    // The lines are counted again from the jobs, never read from the form: a job ordered meanwhile drops out.
    const entry = (await toBuy(options, await options.blanks.purchaseOrders(ORDERS_READ))).find(
      (item) => item.supplier === supplier,
    );
    const chosen = entry?.jobs.filter((job) => jobs.has(job.reference)) ?? [];
    if (!entry || chosen.length === 0)
      return showToBuy(
        options,
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
      expectedOn: expectedOn(options, entry.leadDays),
      createdBy: staffOf(res),
    });
    res.redirect(303, `/staff/blanks/orders/${order.id}?done=made`);
  };
}

/** The order the address names; a 404 when there is none. */
async function orderOf(options: Pick<PurchaseRoutesOptions, 'blanks'>, req: Request): Promise<PurchaseOrder> {
  const id = Number(req.params.id);
  const order = Number.isSafeInteger(id) && id > 0 ? await options.blanks.purchaseOrder(id) : undefined;
  if (!order) throw createHttpError(404, 'There is no purchase order with that number.');
  return order;
}

/** The jobs of an order held up by its shortages (those whose blanks include a SKU that came short), each with those SKUs. */
async function heldUp(
  options: PurchaseRoutesOptions,
  order: PurchaseOrder,
): Promise<{ reference: string; skus: Set<string> }[]> {
  if (!order.received) return [];
  const counts = order.received.counts;
  const short = new Set(order.lines.filter((line) => (counts[line.sku] ?? 0) < line.quantity).map((line) => line.sku));
  if (short.size === 0) return [];
  const jobs = (await options.approvedJobs()).filter((job) => order.jobs.includes(job.reference));
  const blanks = await toBuyList({
    jobs,
    ordered: new Set(),
    blanks: options.blanks,
    data: options.data(),
    garments: options.garments(),
  });
  return blanks
    .flatMap((entry) => entry.jobs)
    .map((job) => ({
      reference: job.reference,
      skus: new Set(job.lines.filter((line) => short.has(line.sku)).map((line) => line.sku)),
    }))
    .filter((job) => job.skus.size > 0);
}

async function waitingJobs(options: PurchaseRoutesOptions, order: PurchaseOrder): Promise<string[]> {
  return (await heldUp(options, order)).map((job) => job.reference);
}

/** An order's page: its lines and, once checked off, what arrived and the jobs still waiting. */
async function showOrder(
  options: PurchaseRoutesOptions,
  req: Request,
  res: Response,
  order: PurchaseOrder,
  extra: Partial<PurchaseOrderView> = {},
  status = 200,
) {
  const view: PurchaseOrderView = {
    page: 'purchase-order',
    staff: staffOf(res),
    id: order.id,
    supplier: supplierName(options, order.supplier),
    createdAt: order.createdAt.toISOString(),
    createdBy: order.createdBy,
    expectedOn: order.expectedOn,
    jobs: order.jobs,
    lines: order.lines.map(lineView),
    total: formatMoney(order.totalCents),
    csvPath: `/staff/blanks/orders/${order.id}/order.csv`,
    mail: mailView(options, order),
    ...(order.received
      ? {
          received: {
            at: order.received.at.toISOString(),
            by: order.received.by,
            lines: order.lines.map((line) => ({
              sku: line.sku,
              item: lineView(line).item,
              ordered: line.quantity,
              arrived: order.received?.counts[line.sku] ?? 0,
            })),
            waiting: await waitingJobs(options, order),
          },
        }
      : {}),
    ...(req.query.done === 'made'
      ? { notice: { type: 'success' as const, text: 'Purchase order made: its jobs are off the to-buy list.' } }
      : {}),
    ...(req.query.done === 'sent'
      ? {
          notice: {
            type: 'success' as const,
            text: `Sent: the mail to ${supplierName(options, order.supplier)} is on its way.`,
          },
        }
      : {}),
    ...(req.query.done === 'received'
      ? { notice: { type: 'success' as const, text: 'Checked off: what arrived is kept below.' } }
      : {}),
    ...extra,
  };
  await options.render(req, res, view, status);
}

/** The check-off form: the pieces that arrived per SKU, kept once, then the jobs a shortage holds up moved. */
function receiveOrder(options: PurchaseRoutesOptions): RequestHandler {
  return async (req, res) => {
    const order = await orderOf(options, req);
    if (order.received)
      return showOrder(
        options,
        req,
        res,
        order,
        { notice: { type: 'error', text: 'This order was checked off already.' } },
        409,
      );
    const typed: Record<string, string> = {};
    const counts: Record<string, number> = {};
    const errors: string[] = [];
    for (const line of order.lines) {
      const text = textField(req.body, `received.${line.sku}`).slice(0, 12);
      typed[line.sku] = text;
      if (!/^\d{1,7}$/.test(text)) errors.push(`${line.sku}: give the pieces that arrived as a whole number.`);
      else if (Number(text) > line.quantity)
        errors.push(`${line.sku}: ${Number(text)} arrived is more than the ${line.quantity} ordered.`);
      else counts[line.sku] = Number(text);
    }
    if (errors.length > 0)
      return showOrder(
        options,
        req,
        res,
        order,
        { receiving: { counts: typed, errors }, notice: { type: 'error', text: 'Nothing was kept: see below.' } },
        422,
      );
    const outcome = await options.blanks.receivePurchaseOrder(order.id, counts, staffOf(res));
    if (outcome !== 'received')
      return showOrder(
        options,
        req,
        res,
        order,
        { notice: { type: 'error', text: 'This order was checked off already.' } },
        409,
      );
    await moveHeldUpJobs(
      options,
      { ...order, received: { counts, at: options.now(), by: staffOf(res) } },
      staffOf(res),
    );
    res.redirect(303, `/staff/blanks/orders/${order.id}?done=received`);
  };
}

/**
 * The jobs a shortage holds up are blocked until the rest comes: each press day later by as many business
 * days as the rest comes after the day the order was expected, and no earlier than the supplier's slowest
 * warehouse can bring a new order plus a day to print. The day promised moves only
 * when the new press day no longer makes it (a pickup on the press day, a delivery the carrier's days
 * after), and then the customer is told in one mail; a job whose promise still holds keeps it.
 */
async function moveHeldUpJobs(options: PurchaseRoutesOptions, order: PurchaseOrder, staff: string) {
  const held = await heldUp(options, order);
  if (held.length === 0) return;
  const terms = options.terms();
  const supplier = options.data().suppliers.find((item) => item.id === order.supplier);
  const lead = Math.max(0, ...(supplier?.warehouses.map((warehouse) => warehouse.leadDays) ?? [0]));
  // The rest, ordered again today, comes that many days after the day the plan counted on: the job's
  // turnaround counts from its blanks, so its press day moves by as much, and never before the rest is
  // here and a day to print.
  const rest = expectedOn(options, lead);
  const delay = businessDaysBetween(order.expectedOn, rest, terms);
  const earliest = expectedOn(options, lead + 1);
  const counts = order.received?.counts ?? {};
  const board = await options.board.boardOrders();
  const actor = `staff:${staff}` as const;
  let moved = false;
  for (const { reference, skus } of held) {
    const missing = order.lines
      .filter((line) => skus.has(line.sku))
      .map((line) => `${line.quantity - (counts[line.sku] ?? 0)} × ${lineView(line).item} (${line.sku})`)
      .join(', ');
    const booked = board.find((item) => item.reference === reference);
    const delayed = booked?.pressDate ? addBusinessDays(booked.pressDate, delay, terms) : undefined;
    const target = delayed && delayed > earliest ? delayed : earliest;
    const later = booked?.pressDate && booked.pressDate < target && booked.service && booked.pieces;
    let promised: PromisedDate | undefined;
    if (later && booked.pressDate && booked.service && booked.pieces) {
      const outcome = await options.board.movePressDate(reference, {
        date: target,
        service: booked.service,
        pieces: booked.pieces,
        actor,
      });
      moved ||= outcome === 'moved';
      if (outcome === 'moved' && booked.promised) {
        // A pickup is ready on its press day; a delivery needs at most the carrier's days after it.
        const after =
          booked.promised.handover === 'pickup'
            ? 0
            : Math.min(
                businessDaysBetween(booked.pressDate, booked.promised.date, terms),
                terms.delivery.shipping.transitBusinessDays,
              );
        const date = addBusinessDays(target, after, terms);
        if (date > booked.promised.date) promised = { date, handover: booked.promised.handover };
      }
    }
    const outcome = await options.blanks.holdJob(reference, {
      orderId: order.id,
      missing: `${missing} short on purchase order ${order.id}`,
      ...(promised ? { promised } : {}),
      actor,
    });
    await options.notes.addRequestNote(
      reference,
      actor,
      `Blanks short on purchase order ${order.id} (${supplierName(options, order.supplier)}): ${missing} did not come. ` +
        (later
          ? `Press day moved to ${formatDay(target)}: the rest can be here ${formatDay(rest)}.`
          : 'The press day stays.') +
        (outcome === 'told' && promised
          ? ` The customer is told the new date, ${formatDay(promised.date)}.`
          : ' The date promised to the customer stays.'),
    );
    if (outcome === 'told') options.onQueued?.();
  }
  if (moved) options.onMoved();
}

/** Where the order is mailed (the supplier's order address in the blanks data), and whether it was. */
function mailView(options: Pick<PurchaseRoutesOptions, 'data'>, order: PurchaseOrder): PurchaseOrderView['mail'] {
  const to = options.data().suppliers.find((supplier) => supplier.id === order.supplier)?.orderEmail;
  return {
    ...(to ? { to } : {}),
    ...(order.sent ? { sent: { at: order.sent.at.toISOString(), to: order.sent.to, by: order.sent.by } } : {}),
  };
}

/**
 * Mails the order to the supplier's order address, once: the order is marked sent and its mail queued in
 * one transaction, so a second press (a double click, a form sent again) queues nothing more and lands on
 * the same page. Without an address the page says where to set it, and nothing is sent.
 */
function sendOrder(options: PurchaseRoutesOptions): RequestHandler {
  return async (req, res) => {
    const order = await orderOf(options, req);
    if (!order.sent) {
      const supplier = options.data().suppliers.find((item) => item.id === order.supplier);
      if (!supplier?.orderEmail)
        return showOrder(
          options,
          req,
          res,
          order,
          { notice: { type: 'error', text: noAddressText(supplierName(options, order.supplier)) } },
          409,
        );
      const outcome = await options.blanks.sendPurchaseOrder(order.id, {
        to: supplier.orderEmail,
        supplierName: supplier.name,
        actor: staffOf(res),
      });
      if (outcome === 'sent') options.onQueued?.();
    }
    res.redirect(303, `/staff/blanks/orders/${order.id}?done=sent`);
  };
}

/** What the desk is told when a supplier has no order address yet. */
function noAddressText(supplier: string): string {
  return `Nothing was sent: ${supplier} has no order address. Set its "orderEmail" in data/blanks.json (beside its warehouses) and restart the server.`;
}

/** The order as a CSV in the supplier's upload layout. */
function sendOrderCsv(options: PurchaseRoutesOptions): RequestHandler {
  return async (req, res) => {
    const order = await orderOf(options, req);
    res.set('Content-Type', 'text/csv; charset=utf-8');
    res.set('Content-Disposition', `attachment; filename="po-${order.id}-${order.supplier}.csv"`);
    res.set('Cache-Control', 'no-store');
    res.send(purchaseOrderCsv(order));
  };
}

/**
 * The to-buy list at /staff/blanks/to-buy (the approved jobs waiting for blanks, by supplier, sizes summed
 * per SKU at the import's prices) and the purchase orders made from it: one per supplier for the jobs
 * ticked, its lines and total as the import priced them, the day the boxes are expected, printable, and
 * its CSV in the supplier's order upload layout.
 */
export function purchaseRoutes(options: PurchaseRoutesOptions): Router {
  const router = Router();
  router.get('/staff/blanks/to-buy', (req, res) => showToBuy(options, req, res));
  router.post('/staff/blanks/orders', makeOrder(options));
  router.get('/staff/blanks/orders/:id', async (req, res) => showOrder(options, req, res, await orderOf(options, req)));
  router.post('/staff/blanks/orders/:id/receive', receiveOrder(options));
  router.get('/staff/blanks/orders/:id/order.csv', sendOrderCsv(options));
  router.post('/staff/blanks/orders/:id/send', sendOrder(options));
  return router;
}
