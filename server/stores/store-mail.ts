import type { MailDraft } from '#server/mail/mail-draft.ts';
import type { MailSettings } from '#server/mail/mail-settings.ts';
import { inertText } from '#server/mail/user-text.ts';
import { formatDateTime } from '#shared/desk-format.ts';
import { formatMoney } from '#shared/money.ts';
import { deliveryText, orderTotalCents } from '#shared/stores/store-rules.ts';
import { orderPath } from './store-links.ts';
import type { StoredOrder, StoredStore, StoreMailAbout } from './team-stores-store.ts';

/** How long a buyer whose card was refused has to pay through their link, in days. */
const PAY_LINK_DAYS = 5;

/** The order's lines in words: "2 × Gildan 5000 tee, Navy, L (KIM 7)". */
function orderLines(store: StoredStore, order: StoredOrder): string[] {
  return order.items.map((item) => {
    const product = store.products.find((each) => each.id === item.productId);
    const back = [item.backName, item.backNumber].filter(Boolean).join(' ');
    return `${item.quantity} × ${product?.title ?? 'product'}, ${item.colour}, ${item.size}${back ? ` (${inertText(back)})` : ''}`;
  });
}

/** One mail to a store's buyer, written from the order as stored when it is sent. */
export function storeOrderMail(
  about: StoreMailAbout,
  store: StoredStore,
  order: StoredOrder,
  settings: Pick<MailSettings, 'publicUrl' | 'shop' | 'timeZone'> & {
    linkKeys: NonNullable<MailSettings['linkKeys']>;
  },
): MailDraft {
  const link = `${settings.publicUrl}${orderPath(settings.linkKeys, store, order)}`;
  const shop = settings.shop.appName;
  const title = inertText(store.title);
  const hello = `Hello ${inertText(order.buyerName)},`;
  const lines = orderLines(store, order).map((line) => `- ${line}`);
  // Before the close the order has no charged total yet: it is priced from the store as stored.
  const total = formatMoney(order.totalCents ?? orderTotalCents(store, store.products, order.items));
  const closes = formatDateTime(store.closesAt.toISOString(), settings.timeZone);
  if (about === 'missed') {
    return {
      to: order.buyerEmail,
      subject: `${store.title}: the store closed without its minimum, nothing was charged - ${shop}`,
      text: [
        hello,
        '',
        `"${title}" closed without selling the ${store.minimumPieces} pieces it needed, so the order is not going ahead.`,
        '',
        'Your card was not charged, and we no longer keep it on file. There is nothing for you to do.',
        '',
        'You had ordered:',
        ...lines,
      ].join('\n'),
    };
  }
  if (about === 'bag-ready') {
    const where =
      store.delivery === 'pickup'
        ? 'It is ready to pick up at the shop: give your name at the counter.'
        : store.delivery === 'school'
          ? "It goes to your school or club in one box with everyone else's: the organiser hands it out."
          : 'It is on its way to you.';
    return {
      to: order.buyerEmail,
      subject: `${store.title}: your bag is ready - ${shop}`,
      text: [
        hello,
        '',
        `Your bag from "${title}" is packed, with your name on its label. ${where}`,
        '',
        'In it:',
        ...lines,
        '',
        'Your order:',
        '',
        link,
      ].join('\n'),
      look: { button: { href: link, label: 'See my order' } },
    };
  }
  if (about === 'placed') {
    return {
      to: order.buyerEmail,
      subject: `${store.title}: your order is placed - ${shop}`,
      text: [
        hello,
        '',
        `Your order from "${title}" is placed and your card is saved. Nothing is charged today.`,
        '',
        `When the store closes on ${closes}, your card is charged ${total} only if the store has sold its ${store.minimumPieces} pieces. If it has not, nothing is charged and we tell you.`,
        '',
        'You ordered:',
        ...lines,
        '',
        'Your order, any time:',
        '',
        link,
      ].join('\n'),
      look: { button: { href: link, label: 'See my order' } },
    };
  }
  if (about === 'pay-link') {
    return {
      to: order.buyerEmail,
      subject: `${store.title}: please pay for your order - ${shop}`,
      text: [
        hello,
        '',
        `"${title}" reached its minimum and the order goes ahead, but your bank did not accept the charge of ${total} on your saved card.`,
        '',
        `Please pay within ${PAY_LINK_DAYS} days through your private link, so your pieces are printed with the rest:`,
        '',
        link,
        '',
        'You ordered:',
        ...lines,
      ].join('\n'),
      look: { button: { href: link, label: `Pay ${total}` } },
    };
  }
  return {
    to: order.buyerEmail,
    subject: `${store.title}: your receipt - ${shop}`,
    text: [
      hello,
      '',
      about === 'paid'
        ? `Thank you: we received ${total} for your order from "${title}".`
        : `"${title}" reached its minimum, so the order goes ahead. We charged your saved card ${total}.`,
      '',
      'You ordered:',
      ...lines,
      '',
      `Total: ${total}`,
      deliveryText(store.delivery, store.shippingCents),
      '',
      'Your order:',
      '',
      link,
    ].join('\n'),
    look: { summary: [{ label: 'Total', value: total }] },
  };
}
