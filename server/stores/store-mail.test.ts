import { describe, expect, it } from 'vitest';
import { linkKeys } from '#server/http/link-secrets.ts';
import { orderOpens } from './store-links.ts';
import { storeOrderMail } from './store-mail.ts';
import type { StoredOrder, StoredStore } from './team-stores-store.ts';

const keys = linkKeys('test-secret-0123456789abcdef0123456789abcdef');
const settings = {
  publicUrl: 'https://shop.example',
  shop: { appName: 'Seenwear', contact: { email: 'hello@seenwear.example', phone: '+15550100123' } },
  timeZone: 'America/Chicago',
  linkKeys: keys,
};

const store: StoredStore = {
  id: 3,
  slug: 'hornets-1a2b3c4d',
  reference: 'Q-2026-000001',
  title: 'Hornets fundraiser',
  opensAt: new Date('2026-11-01T15:00:00Z'),
  closesAt: new Date('2026-11-15T00:00:00Z'),
  minimumPieces: 24,
  charging: 'minimum',
  expectedPieces: 36,
  markupCents: 500,
  delivery: 'shipping',
  shippingCents: 850,
  asksNames: true,
  asksNumbers: true,
  sortBy: '',
  lateDays: 0,
  lateUntil: null,
  bookedAt: null,
  bagsReadyAt: null,
  state: 'open',
  closeRound: 0,
  closedAt: null,
  organiserSalt: 'organiser-salt',
  createdBy: 'staff:owner@example.com',
  createdAt: new Date('2026-11-01T15:00:00Z'),
  products: [
    {
      id: 7,
      storeId: 3,
      position: 0,
      garment: 'gildan-5000',
      title: 'Gildan 5000 tee',
      colours: ['Navy'],
      sizes: [
        { size: 'M', upchargeCents: 0 },
        { size: '2XL', upchargeCents: 200 },
      ],
      shopPriceCents: 1250,
    },
  ],
};

const order = (extra: Partial<StoredOrder> = {}): StoredOrder => ({
  id: 11,
  storeId: 3,
  linkSalt: 'salt-11',
  buyerName: 'Kim Lee',
  buyerGroup: '',
  buyerEmail: 'kim@example.com',
  state: 'saved',
  totalCents: null,
  customerId: 'cus_1',
  setupSessionId: 'cs_1',
  paymentMethod: 'pm_1',
  paymentIntent: null,
  chargeError: null,
  paySessionId: null,
  feeCents: null,
  createdAt: new Date(),
  changedAt: new Date(),
  items: [
    { id: 1, orderId: 11, productId: 7, colour: 'Navy', size: '2XL', quantity: 2, backName: 'KIM', backNumber: '7' },
  ],
  ...extra,
});

/** The order's link in a mail: it opens that order's page, and no other. */
function linkIn(text: string): string {
  const link = /https:\/\/shop\.example(\/stores\/\S+)/.exec(text)?.[1] ?? '';
  const secret = link.split('/').at(-1) ?? '';
  expect(orderOpens(keys, order(), 11, secret)).toBe(true);
  expect(orderOpens(keys, order({ linkSalt: 'other' }), 11, secret)).toBe(false);
  return link;
}

// Each mail a store's buyer gets, written from the order as stored when it is sent.
describe('a team store buyer’s mails', () => {
  it('says an order is placed, nothing is charged today, and what it will cost at the close', () => {
    const mail = storeOrderMail('placed', store, order(), settings);
    expect(mail.to).toBe('kim@example.com');
    expect(mail.text).toContain('Nothing is charged today');
    // Two 2XL tees at $12.50 + $2 + $5, and shipping once: $47.50.
    expect(mail.text).toContain('your card is charged $47.50 only if the store has sold its 24 pieces');
    expect(mail.text).toContain('2 × Gildan 5000 tee, Navy, 2XL (KIM 7)');
    expect(linkIn(mail.text)).toMatch(/^\/stores\/hornets-1a2b3c4d\/orders\/11\//);
  });

  it('gives the receipt of the charge at close, with the amount charged', () => {
    const mail = storeOrderMail('charged', store, order({ state: 'charged', totalCents: 4750 }), settings);
    expect(mail.text).toContain('We charged your saved card $47.50');
    expect(mail.text).toContain('Shipped to you for $8.50 per order.');
    expect(mail.look?.summary).toEqual([{ label: 'Total', value: '$47.50' }]);
  });

  it('sends a pay link with its deadline when the bank refused the charge', () => {
    const mail = storeOrderMail('pay-link', store, order({ state: 'failed', totalCents: 4750 }), settings);
    expect(mail.text).toContain('your bank did not accept the charge of $47.50');
    expect(mail.text).toContain('Please pay within 5 days');
    expect(mail.look?.button?.label).toBe('Pay $47.50');
    linkIn(mail.text);
  });

  it('tells a buyer who paid that their bag is ready, and where it goes', () => {
    const mail = storeOrderMail('bag-ready', store, order({ state: 'charged', totalCents: 4750 }), settings);
    expect(mail.subject).toContain('your bag is ready');
    expect(mail.text).toContain('2 × Gildan 5000 tee, Navy, 2XL (KIM 7)');
    expect(mail.text).toContain('It is on its way to you.');
    const pickup = storeOrderMail('bag-ready', { ...store, delivery: 'pickup' }, order({ state: 'paid' }), settings);
    expect(pickup.text).toContain('ready to pick up at the shop');
    linkIn(mail.text);
  });

  it('tells each buyer of a store below its minimum that nothing was charged', () => {
    const mail = storeOrderMail('missed', store, order({ state: 'released' }), settings);
    expect(mail.subject).toContain('nothing was charged');
    expect(mail.text).toContain('closed without selling the 24 pieces it needed');
    expect(mail.text).toContain('Your card was not charged');
  });
});
