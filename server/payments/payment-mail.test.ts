import { describe, expect, it } from 'vitest';
import { paymentFlaggedMail, paymentReceiptMail } from './payment-mail.ts';
import type { StoredPayment } from './payment-store.ts';

const payment: StoredPayment = {
  id: 7,
  kind: 'payment',
  state: 'succeeded',
  method: 'card',
  purpose: 'deposit',
  amountCents: 19_780,
  currency: 'usd',
  note: '',
  flag: null,
  refundOf: null,
  stripeSessionId: 'cs_test_1',
  stripePaymentIntent: 'pi_test_1',
  stripeRefundId: null,
  recordedBy: 'system',
  at: new Date('2026-11-26T15:00:00Z'),
};
const money = {
  quoteVersion: 1,
  totalCents: 39_560,
  depositCents: 19_780,
  paidCents: 19_780,
  balanceCents: 19_780,
  depositDueCents: 0,
  depositWaived: false,
  discountCents: 0,
};
const about = { reference: 'Q-2026-000001', shopName: 'Seenwear', at: 'Nov 26, 2026, 9:00 AM CST' };

describe('payment mails', () => {
  it('gives the customer a receipt with what was paid, how, its number and what is left', () => {
    const mail = paymentReceiptMail('dana@example.com', {
      ...about,
      payment,
      money,
      link: 'https://shop.example/requests/x/y',
    });
    expect(mail.subject).toBe('Seenwear: receipt for your payment on Q-2026-000001');
    for (const line of [
      'Thank you: we received $197.80 for your order Q-2026-000001 on Nov 26, 2026, 9:00 AM CST.',
      'Deposit: $197.80',
      'Paid by: Card (online)',
      'Receipt number: Q-2026-000001-7',
      'Paid so far: $197.80',
      'Balance due: $197.80',
      'https://shop.example/requests/x/y',
    ])
      expect(mail.text).toContain(line);
  });

  it('tells the customer of a refund, and says when the order is paid in full or over', () => {
    const refund = paymentReceiptMail('dana@example.com', {
      ...about,
      payment: { ...payment, kind: 'refund', amountCents: 100 },
      money: { ...money, paidCents: 39_560, balanceCents: 0 },
    });
    expect(refund.subject).toBe('Seenwear: your refund on Q-2026-000001');
    expect(refund.text).toContain('We have refunded $1.00 to the card you paid with');
    expect(refund.text).toContain('Balance due: $0.00 (paid in full)');
    expect(refund.text).not.toContain('Paid by');
    const over = paymentReceiptMail('dana@example.com', { ...about, payment, money: { ...money, balanceCents: -500 } });
    expect(over.text).toContain('Paid over the total: $5.00 (we will refund it)');
  });

  it('tells the shop why a payment needs a person, with the way to the desk', () => {
    const mail = paymentFlaggedMail('shop@seenwear.example', {
      reference: 'Q-2026-000001',
      payment: { ...payment, state: 'held', flag: 'amount-mismatch', amountCents: 100 },
      publicUrl: 'https://shop.example',
    });
    expect(mail.to).toBe('shop@seenwear.example');
    expect(mail.text).toContain('Stripe took $1.00 (USD), which is not what the site asked');
    expect(mail.text).toContain('https://shop.example/staff/requests/Q-2026-000001');
  });
});
