import { describe, expect, it } from 'vitest';
import { addDays, depositOf, isQuoteOpen, moneyField, parseMoney, quoteTotal, readQuoteForm } from './quote.ts';

const row = (label: string, quantity: string, unit: string) => ({ label, quantity, unit });
const terms = { notes: '', validUntil: '2026-12-31', depositPercent: '50' };

describe('quote money', () => {
  it('reads prices as typed, exactly, in cents', () => {
    expect(parseMoney('12.50')).toBe(1250);
    expect(parseMoney('$1,234.5')).toBe(123_450);
    expect(parseMoney('0.29')).toBe(29);
    expect(parseMoney('-5')).toBe(-500);
    expect(parseMoney('.75')).toBe(75);
    for (const bad of ['', 'abc', '1.234', '12,50', '1,23', '$', '1e3']) expect(parseMoney(bad)).toBeUndefined();
  });

  it('writes cents back as the editor shows them', () => {
    expect(moneyField(1250)).toBe('12.50');
    expect(moneyField(-5)).toBe('-0.05');
    expect(moneyField(123_400)).toBe('1234.00');
  });

  it('totals lines and rounds the deposit up to the cent', () => {
    const lines = [
      { label: 'Shirts', quantity: 48, unitCents: 450 },
      { label: 'Discount', quantity: 1, unitCents: -1001 },
    ];
    expect(quoteTotal(lines)).toBe(20_599);
    expect(depositOf(20_599, 50)).toBe(10_300);
    expect(depositOf(20_599, 0)).toBe(0);
    expect(depositOf(20_599, 100)).toBe(20_599);
    expect(depositOf(0, 50)).toBe(0);
  });
});

describe('reading the quote editor', () => {
  it('skips empty rows and reads the rest as lines', () => {
    const read = readQuoteForm(
      {
        rows: [row('Shirts', '48', '4.50'), row('', '', ''), { ...row('Screens', '2', '$20'), taxClass: 'setup' }],
        ...terms,
      },
      '2026-11-23',
    );
    expect(read).toEqual({
      ok: true,
      terms: {
        // A row with no class chosen is apparel, the shop's usual line.
        lines: [
          { label: 'Shirts', quantity: 48, unitCents: 450, taxClass: 'apparel' },
          { label: 'Screens', quantity: 2, unitCents: 2000, taxClass: 'setup' },
        ],
        notes: '',
        validUntil: '2026-12-31',
        depositPercent: 50,
      },
    });
  });

  it('says what is wrong, by row and field', () => {
    const read = readQuoteForm(
      {
        rows: [row('', '2', '1.00'), row('Shirts', '0', 'ten')],
        notes: '',
        validUntil: '2026-11-22',
        depositPercent: '150',
      },
      '2026-11-23',
    );
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(Object.keys(read.errors).sort()).toEqual([
      'depositPercent',
      'rows.0.label',
      'rows.1.quantity',
      'rows.1.unit',
      'validUntil',
    ]);
    expect(read.errors.validUntil).toBe('That day has gone: choose today or later.');
  });

  it('refuses an unknown tax class, and a sales-tax line typed by hand (the rules count it)', () => {
    const read = readQuoteForm(
      { rows: [{ ...row('Shirts', '48', '4.50'), taxClass: 'food' }, row('Sales tax 6.25%', '1', '13.50')], ...terms },
      '2026-11-23',
    );
    expect(read.ok || read.errors).toEqual({
      'rows.0.taxClass': 'Choose the line’s tax class: Apparel, Hats, Set-up fees, Delivery, Other.',
      'rows.1.label': 'Sales tax is counted from the shop’s tax rules when the quote is sent: remove this line.',
    });
  });

  it('refuses a quote without lines, a day that does not exist, and a total below zero', () => {
    const none = readQuoteForm({ rows: [row('', '', '')], ...terms }, '2026-11-23');
    expect(none.ok || none.errors['rows.0.label']).toBe('Add at least one line.');
    const badDay = readQuoteForm({ rows: [row('A', '1', '1')], ...terms, validUntil: '2026-02-30' }, '2026-01-01');
    expect(badDay.ok || Object.keys(badDay.errors)).toEqual(['validUntil']);
    const negative = readQuoteForm({ rows: [row('A', '1', '1'), row('Off', '1', '-2')], ...terms }, '2026-11-23');
    expect(negative.ok || negative.errors.rows).toMatch(/below zero/);
    const huge = readQuoteForm(
      { rows: Array.from({ length: 3 }, () => row('A', '1000000', '1000000.00')), ...terms },
      '2026-11-23',
    );
    expect(huge.ok || huge.errors.rows).toMatch(/far beyond any order/);
  });

  it('lets only the newest quote, before its date runs out, be approved', () => {
    expect(isQuoteOpen({ version: 2, validUntil: '2026-12-01' }, 2, '2026-12-01')).toBe(true);
    expect(isQuoteOpen({ version: 2, validUntil: '2026-12-01' }, 2, '2026-12-02')).toBe(false);
    expect(isQuoteOpen({ version: 1, validUntil: '2026-12-31' }, 2, '2026-12-01')).toBe(false);
    expect(addDays('2026-12-20', 30)).toBe('2027-01-19');
  });
});
