import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeIssues } from '#shared/site-data.ts';
import { orderTermsSchema } from './order-terms-schema.ts';

/** The order terms are checked at start like every data file: a contradiction stops the server, named. */
const fixture: unknown = JSON.parse(readFileSync('tests/fixtures/site-data/order-terms.json', 'utf8'));

/** The parts of the file the cases below break, loosely typed as the JSON they edit. */
interface Terms {
  timeZone: string;
  closedWeekdays: string[];
  holidays: { date: string; name: string }[];
  turnaround: Record<string, { rush: { businessDays: number; surchargePercent: number }[] }>;
  delivery: { localZipCodes: string[]; shipping: { tiers: { fromQuantity: number; cents: number }[] } };
}

function problems(change: (terms: Terms) => void): string[] {
  const terms = structuredClone(fixture) as Terms;
  change(terms);
  const result = orderTermsSchema.safeParse(terms);
  return result.success ? [] : describeIssues(result.error);
}

describe('data/order-terms.json', () => {
  it('accepts the fixture and the shop’s file', () => {
    expect(problems(() => {})).toEqual([]);
    const live = JSON.parse(readFileSync('data/order-terms.json', 'utf8'));
    expect(orderTermsSchema.safeParse(live).success).toBe(true);
  });

  it.each([
    [
      'a rush no faster than the standard',
      (t: Terms) => {
        const rush = t.turnaround['screen-printing']?.rush[0];
        if (rush) rush.businessDays = 10;
      },
      'turnaround.screen-printing.rush.0.businessDays: must be fewer than the 10 before it',
    ],
    [
      'a faster rush that costs less',
      (t: Terms) => {
        const rush = t.turnaround['screen-printing']?.rush[1];
        if (rush) rush.surchargePercent = 20;
      },
      'turnaround.screen-printing.rush.1.surchargePercent: must be more than the 25 % before it',
    ],
    [
      'a week with no working day',
      (t: Terms) => {
        t.closedWeekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
      },
      'closedWeekdays: must leave at least one working day in the week',
    ],
    [
      'a time zone that does not exist',
      (t: Terms) => {
        t.timeZone = 'America/Springfield';
      },
      'timeZone: must be an IANA time zone such as America/Chicago',
    ],
    [
      'a holiday that is not a date',
      (t: Terms) => {
        t.holidays = [{ date: '2026-02-30', name: 'No such day' }];
      },
      'holidays.0.date: must be a real date written YYYY-MM-DD',
    ],
    [
      'a holiday listed twice',
      (t: Terms) => {
        t.holidays = [...t.holidays, { date: '2026-11-26', name: 'Thanksgiving again' }];
      },
      'holidays.4.date: repeats 2026-11-26',
    ],
    [
      'shipping rates that leave small orders without one',
      (t: Terms) => {
        t.delivery.shipping.tiers = [{ fromQuantity: 6, cents: 1000 }, ...t.delivery.shipping.tiers.slice(1)];
      },
      'delivery.shipping.tiers.0.fromQuantity: must be 1, so every order has a rate',
    ],
    [
      'a ZIP code of four digits',
      (t: Terms) => {
        t.delivery.localZipCodes.push('6270');
      },
      'delivery.localZipCodes.2: must be a five-digit ZIP code',
    ],
  ])('refuses %s, naming the field', (_what, change, message) => {
    expect(problems(change)).toContain(message);
  });
});

describe('the shop’s own files', () => {
  // Not a price check: the FAQ is prose in another file, and this is what stops it contradicting the
  // terms the estimates use. Change both together.
  it('say the same turnaround in the FAQ as in the order terms', () => {
    const terms = orderTermsSchema.parse(JSON.parse(readFileSync('data/order-terms.json', 'utf8')));
    const faq = JSON.parse(readFileSync('data/faq.json', 'utf8')) as {
      groups: { questions: { id: string; answer: string[] }[] }[];
    };
    const answer = (id: string) =>
      faq.groups
        .flatMap((group) => group.questions)
        .find((question) => question.id === id)
        ?.answer.join(' ') ?? '';
    const turnaround = answer('turnaround-time');
    const rush = answer('rush');
    for (const service of Object.values(terms.turnaround)) {
      expect(turnaround).toContain(String(service.standardBusinessDays));
      for (const tier of service.rush) {
        expect(rush).toContain(String(tier.businessDays));
        expect(rush).toContain(`${tier.surchargePercent}%`);
      }
    }
    expect(turnaround).toContain(terms.cutoff);
    expect(answer('delivery-area')).toContain(terms.delivery.shipping.carrier);
  });
});
