import type { MailDraft } from '#server/mail/mail-draft.ts';
import type { MailSettings } from '#server/mail/mail-settings.ts';
import { type PurchaseOrder, purchaseOrderCsv } from '#shared/blanks/purchase-order.ts';
import { formatDay } from '#shared/desk-format.ts';
import { formatMoney } from '#shared/money.ts';
import { formatUsPhone } from '#shared/phone.ts';

/** The name the attached CSV goes by, as the desk's download has it. */
function purchaseOrderFileName(order: Pick<PurchaseOrder, 'id' | 'supplier'>): string {
  return `po-${order.id}-${order.supplier}.csv`;
}

/** Where the boxes go: the shop's name and address, one line each. */
function shipTo(shop: MailSettings['shop']): string[] {
  const { address } = shop;
  if (!address) return [shop.appName];
  return [shop.appName, address.street, `${address.city}, ${address.region} ${address.postalCode}`];
}

/**
 * A purchase order as the supplier's order desk reads it: the lines with their SKUs, pieces and the
 * prices the shop imported, the total, the day the shop expects the boxes and where they go, with the
 * same lines attached as a CSV in the supplier's order upload layout. Replies go to the shop.
 */
export function purchaseOrderMail(
  order: PurchaseOrder,
  { to, supplier }: { to: string; supplier: string },
  settings: Pick<MailSettings, 'shop' | 'shopEmail'>,
): MailDraft {
  const { shop } = settings;
  const file = purchaseOrderFileName(order);
  const pieces = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  return {
    to,
    subject: `Purchase order ${order.id} from ${shop.appName}`,
    replyTo: settings.shopEmail,
    text: [
      `Hello ${supplier},`,
      '',
      `Please supply the following for ${shop.appName}, our purchase order ${order.id}:`,
      '',
      ...order.lines.map(
        (line) =>
          `- ${line.quantity} × ${line.style} ${line.colour} ${line.size} (SKU ${line.sku}) at ${formatMoney(line.cents)}: ${formatMoney(line.quantity * line.cents)}`,
      ),
      '',
      `Total: ${formatMoney(order.totalCents)} for ${pieces} pieces, at the prices of your product file.`,
      `We expect them by ${formatDay(order.expectedOn)}.`,
      '',
      'Ship to:',
      ...shipTo(shop),
      '',
      `The same lines are attached as ${file}, in your order upload layout.`,
      `Questions or anything back-ordered: reply to this mail or call us on ${formatUsPhone(shop.contact.phone)}.`,
    ].join('\n'),
    attachments: [{ filename: file, content: purchaseOrderCsv(order), contentType: 'text/csv; charset=utf-8' }],
    look: {
      summary: [
        { label: 'Purchase order', value: String(order.id) },
        { label: 'Total', value: formatMoney(order.totalCents) },
        { label: 'Expected by', value: formatDay(order.expectedOn) },
      ],
    },
  };
}
