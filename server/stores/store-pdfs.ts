import PDFDocument from 'pdfkit';
import { deliveryText } from '#shared/stores/store-rules.ts';
import { paidOrders } from './store-production.ts';
import type { StoredOrder, StoredStore } from './team-stores-store.ts';

/**
 * The closed store's papers for the press and the packing table, as PDF (pdfkit's built-in Helvetica):
 * the work order with the roster, the pickup list, and one bag label per buyer. Every list reads the
 * paid orders in the same order: by team or class when the store asked for one, then by surname.
 */

const POINTS_PER_INCH = 72;

/** A buyer's surname, as a list sorts it: the last word of the name they gave. */
function surnameOf(name: string): string {
  const words = name.trim().split(/\s+/);
  return words[words.length - 1] ?? '';
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** The paid orders, sorted as the bags are packed: team or class (when asked), surname, name, order. */
function packingOrder(store: StoredStore, orders: readonly StoredOrder[]): StoredOrder[] {
  return paidOrders(orders).sort(
    (a, b) =>
      (store.sortBy === '' ? 0 : collator.compare(a.buyerGroup, b.buyerGroup)) ||
      collator.compare(surnameOf(a.buyerName), surnameOf(b.buyerName)) ||
      collator.compare(a.buyerName, b.buyerName) ||
      a.id - b.id,
  );
}

/** One item of an order in words: "2 × Gildan 5000 tee, Navy, L". */
function itemText(store: StoredStore, item: StoredOrder['items'][number]): string {
  const product = store.products.find((each) => each.id === item.productId);
  return `${item.quantity} × ${product?.title ?? 'product'}, ${item.colour}, ${item.size}`;
}

const backOf = (item: StoredOrder['items'][number]) => [item.backName, item.backNumber].filter(Boolean).join(' ');
const groupWord = (store: StoredStore) => (store.sortBy === 'team' ? 'Team' : 'Class');

function newDocument(title: string, size: [number, number] | 'LETTER', margin: number) {
  const doc = new PDFDocument({ size, margin, info: { Title: title, Creator: 'Team stores' }, compress: true });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}

function heading(doc: PDFKit.PDFDocument, title: string, lines: string[]) {
  doc.font('Helvetica-Bold').fontSize(16).text(title);
  doc.font('Helvetica').fontSize(10);
  for (const line of lines) doc.text(line);
  doc.moveDown();
}

/** The work order: what to print (pieces by product, colour and size) and the roster of backs by buyer. */
export function workOrderPdf(store: StoredStore, orders: readonly StoredOrder[]): Promise<Buffer> {
  const { doc, bytes } = newDocument(`${store.title}: work order`, 'LETTER', 54);
  const paid = packingOrder(store, orders);
  const totals = new Map<string, number>();
  for (const order of paid)
    for (const item of order.items) {
      const product = store.products.find((each) => each.id === item.productId);
      const key = `${product?.title ?? 'product'} | ${item.colour} | ${item.size}`;
      totals.set(key, (totals.get(key) ?? 0) + item.quantity);
    }
  const pieces = [...totals.values()].reduce((sum, count) => sum + count, 0);
  heading(doc, `Work order: ${store.title}`, [
    `Request ${store.reference} · store ${store.id} · ${pieces} pieces for ${paid.length} buyers`,
    deliveryText(store.delivery, store.shippingCents),
  ]);
  doc.font('Helvetica-Bold').fontSize(12).text('Pieces by product, colour and size');
  doc.font('Helvetica').fontSize(10);
  for (const [key, count] of totals) doc.text(`${count} × ${key.replaceAll(' | ', ', ')}`);
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(12).text('Roster');
  doc.font('Helvetica').fontSize(10);
  for (const order of paid) {
    const group = store.sortBy === '' ? '' : `${groupWord(store)} ${order.buyerGroup} · `;
    doc.font('Helvetica-Bold').text(`${group}${order.buyerName} (order ${order.id})`);
    doc.font('Helvetica');
    for (const item of order.items) {
      const back = backOf(item);
      doc.text(`    ${itemText(store, item)}${back ? `, back: ${back}` : ''}`);
    }
  }
  doc.end();
  return bytes;
}

/** The pickup list: one line per buyer in packing order, with a box to tick when the bag is handed over. */
export function pickupListPdf(store: StoredStore, orders: readonly StoredOrder[]): Promise<Buffer> {
  const { doc, bytes } = newDocument(`${store.title}: pickup list`, 'LETTER', 54);
  const paid = packingOrder(store, orders);
  heading(doc, `Pickup list: ${store.title}`, [
    `${paid.length} bags · ${deliveryText(store.delivery, store.shippingCents)}`,
  ]);
  const width = doc.page.width - 108;
  for (const order of paid) {
    const pieces = order.items.reduce((sum, item) => sum + item.quantity, 0);
    const group = store.sortBy === '' ? '' : `${order.buyerGroup} · `;
    if (doc.y > doc.page.height - 90) doc.addPage();
    const top = doc.y;
    doc.rect(54, top, 10, 10).stroke();
    doc.text(`${group}${order.buyerName} · ${pieces} piece${pieces === 1 ? '' : 's'} · order ${order.id}`, 72, top, {
      width: width - 18,
    });
    doc.moveDown(0.4);
  }
  doc.end();
  return bytes;
}

/** One bag label (4 × 3 inches, a label printer's roll) per buyer, in packing order. */
export function bagLabelsPdf(store: StoredStore, orders: readonly StoredOrder[]): Promise<Buffer> {
  const size: [number, number] = [4 * POINTS_PER_INCH, 3 * POINTS_PER_INCH];
  const { doc, bytes } = newDocument(`${store.title}: bag labels`, size, 14);
  const paid = packingOrder(store, orders);
  const width = size[0] - 28;
  paid.forEach((order, index) => {
    if (index > 0) doc.addPage();
    doc.font('Helvetica-Bold').fontSize(16).text(order.buyerName, { width, height: 40, ellipsis: true });
    doc.font('Helvetica').fontSize(9);
    if (store.sortBy !== '') doc.text(`${groupWord(store)}: ${order.buyerGroup}`, { width });
    doc.text(`${store.title} · order ${order.id}`, { width, height: 24, ellipsis: true });
    doc.moveDown(0.4);
    for (const item of order.items) {
      const back = backOf(item);
      doc.text(`${itemText(store, item)}${back ? ` (${back})` : ''}`, { width });
    }
  });
  if (paid.length === 0) doc.font('Helvetica').fontSize(10).text('No paid orders.');
  doc.end();
  return bytes;
}
