import { describe, expect, it } from 'vitest';
import { cancelRefundOf, type MoneyMovement, orderMoney, payableNow, waitsForDeposit } from './order-money.ts';

const quote = { version: 2, totalCents: 12_345, depositPercent: 50 };
const terms = {
  offline: 'Pay at the shop.',
  cancelRefundPercent: { beforeProduction: 100, inProduction: 25 },
  cancelText: '',
};

describe('an order’s money', () => {
  it('asks the quote’s deposit rounded up to the cent, and counts only confirmed money', () => {
    const movements: MoneyMovement[] = [
      { kind: 'payment', state: 'succeeded', amountCents: 5_000 },
      { kind: 'payment', state: 'held', amountCents: 99_999 },
      { kind: 'refund', state: 'pending', amountCents: 1_000 },
      { kind: 'refund', state: 'succeeded', amountCents: 500 },
    ];
    expect(orderMoney(quote, movements, false)).toEqual({
      quoteVersion: 2,
      totalCents: 12_345,
      depositCents: 6_173,
      paidCents: 4_500,
      discountCents: 0,
      balanceCents: 7_845,
      depositDueCents: 1_673,
      depositWaived: false,
    });
    // A goodwill discount lowers the balance; it is no payment, so the deposit still asked is the same.
    expect(orderMoney(quote, movements, false, 2_000)).toMatchObject({
      paidCents: 4_500,
      discountCents: 2_000,
      balanceCents: 5_845,
      depositDueCents: 1_673,
    });
    expect(orderMoney(undefined, movements, false)).toBeUndefined();
    expect(orderMoney(quote, movements, true)?.depositDueCents).toBe(0);
  });

  it('takes a refund of held money off nothing: it gives back money that was never counted', () => {
    const movements: MoneyMovement[] = [
      { id: 1, kind: 'payment', state: 'held', amountCents: 5_000 },
      { id: 2, kind: 'payment', state: 'succeeded', amountCents: 12_000 },
      { id: 3, kind: 'refund', state: 'succeeded', amountCents: 5_000, refundOf: 1 },
      { id: 4, kind: 'refund', state: 'succeeded', amountCents: 2_000, refundOf: 2 },
    ];
    expect(orderMoney(quote, movements, false)?.paidCents).toBe(10_000);
  });

  it('asks the deposit between approval and production, the balance once ready, and nothing otherwise', () => {
    const money = orderMoney(quote, [], false);
    expect(payableNow('approved', money, 'deposit')).toBe(6_173);
    expect(payableNow('proof_approved', money, 'deposit')).toBe(6_173);
    expect(payableNow('quoted', money, 'deposit')).toBe(0);
    expect(payableNow('cancelled', money, 'deposit')).toBe(0);
    expect(payableNow('in_production', money, 'balance')).toBe(0);
    expect(payableNow('ready', money, 'balance')).toBe(12_345);
    expect(
      payableNow(
        'ready',
        orderMoney(quote, [{ kind: 'payment', state: 'succeeded', amountCents: 20_000 }], false),
        'balance',
      ),
    ).toBe(0);
  });

  it('holds production for an unpaid deposit only on the way in, and not for a quote asking none', () => {
    const due = { depositDueCents: 1 };
    expect(waitsForDeposit('proof_approved', 'in_production', due)).toBe(true);
    expect(waitsForDeposit('approved', 'in_production', due)).toBe(true);
    expect(waitsForDeposit('ready', 'in_production', due)).toBe(false);
    expect(waitsForDeposit('approved', 'cancelled', due)).toBe(false);
    expect(waitsForDeposit('approved', 'in_production', { depositDueCents: 0 })).toBe(false);
    expect(waitsForDeposit('approved', 'in_production', undefined)).toBe(false);
  });

  it('refunds on a cancel what the terms say, by where the order was, rounded down', () => {
    expect(cancelRefundOf('proof_approved', 6_173, terms)).toBe(6_173);
    expect(cancelRefundOf('in_production', 6_173, terms)).toBe(1_543);
    expect(cancelRefundOf('approved', 0, terms)).toBe(0);
  });
});
