import { percentsText } from '#shared/books/sales-tax.ts';
import { formatMoney } from '#shared/money.ts';
import { pluralize } from '#shared/plural.ts';
import { businessDays, formatCutoff, shopTime } from './business-days.ts';
import { formatCalendarDate } from './calendar-date.ts';
import type { ShopCalendar } from './order-terms.ts';
import type { Schedule } from './schedule.ts';
import type { Estimate } from './types.ts';

/**
 * An estimate in words, the same on every surface that shows one (calculators, the quote form, the
 * stored request, the shop's mail), so no two of them can say it differently.
 */

/**
 * "$8.50 per piece" when that times the quantity is the total; otherwise "about $8.49 per piece (the
 * total ÷ 24)", so nobody multiplies a rounded figure and finds a different total.
 */
export function perPieceWords(estimate: Pick<Estimate, 'perPieceCents' | 'perPieceExact'>, quantity: number): string {
  const each = formatMoney(estimate.perPieceCents);
  return estimate.perPieceExact ? `${each} per piece` : `about ${each} per piece (the total ÷ ${quantity}, rounded)`;
}

/** "$8.24 each", or "about $8.24 each" when rounded: the per-piece figure where there is room for little. */
export function eachWords(estimate: Pick<Estimate, 'perPieceCents' | 'perPieceExact'>): string {
  return `${estimate.perPieceExact ? '' : 'about '}${formatMoney(estimate.perPieceCents)} each`;
}

/** A short heading for the schedule: what kind of turnaround the date gets. */
export function scheduleHeading(schedule: Schedule, today: string): string {
  switch (schedule.kind) {
    case 'standard':
      return `Standard turnaround: ${businessDays(schedule.turnaround.businessDays)}`;
    case 'on-time':
      return schedule.turnaround.surchargePercent === 0
        ? `${formatCalendarDate(schedule.inHands, today)}: standard turnaround`
        : `${formatCalendarDate(schedule.inHands, today)}: rush, ${businessDays(schedule.turnaround.businessDays)} (+${schedule.turnaround.surchargePercent}%)`;
    case 'too-soon':
      return `We cannot make ${formatCalendarDate(schedule.inHands, today)}`;
  }
}

/** What the date means and what to do by when, in a sentence or two. */
export function scheduleWords(schedule: Schedule, calendar: ShopCalendar, now: Date): string {
  const today = shopTime(now, calendar.timeZone).date;
  const day = (date: string) => formatCalendarDate(date, today);
  const deadline = (date: string) =>
    `by ${formatCutoff(calendar, date)} ${date === today ? `today, ${day(date)}` : `on ${day(date)}`}`;
  const { turnaround } = schedule;
  const rush = `our ${turnaround.businessDays}-business-day rush (+${turnaround.surchargePercent}% of the printing and set-up, in the total)`;
  switch (schedule.kind) {
    case 'standard':
      return `Ready ${businessDays(turnaround.businessDays)} after you approve the proof: approve it ${deadline(schedule.approveBy)} and it is in your hands by ${day(schedule.handedOver)}. Add your in-hands date to see whether it needs a rush.`;
    case 'on-time':
      return turnaround.surchargePercent === 0
        ? `We can make ${day(schedule.inHands)} at standard pricing: approve the proof ${deadline(schedule.approveBy)} to keep it.`
        : `${day(schedule.inHands)} needs ${rush}: approve the proof ${deadline(schedule.approveBy)}. A later date costs less.`;
    case 'too-soon':
      return turnaround.surchargePercent === 0
        ? `The earliest we can have it in your hands is ${day(schedule.earliest)}, at standard pricing, priced here: approve the proof ${deadline(schedule.approveBy)}.`
        : `The earliest we can have it in your hands is ${day(schedule.earliest)}, with ${rush}, priced here: approve the proof ${deadline(schedule.approveBy)}.`;
  }
}

/** The estimate in one paragraph of plain text: what the request stores and the shop's mail shows. */
export function estimateWords(estimate: Estimate, quantity: number, calendar: ShopCalendar, now: Date): string {
  const today = shopTime(now, calendar.timeZone).date;
  const parts = [
    `${formatMoney(estimate.totalCents)} in total for ${pluralize(quantity, 'piece')}, ${perPieceWords(estimate, quantity)}.`,
  ];
  const extras = estimate.lines
    .filter((line) => line.kind === 'rush' || line.kind === 'delivery')
    .map((line) => `${line.label}: ${line.totalCents === 0 ? 'free' : formatMoney(line.totalCents)}`);
  if (extras.length > 0) parts.push(`Included: ${extras.join('; ')}.`);
  if (estimate.schedule) {
    const heading = scheduleHeading(estimate.schedule, today);
    parts.push(`${heading}. ${scheduleWords(estimate.schedule, calendar, now)}`);
  }
  const tax = salesTaxWords(estimate);
  if (tax) parts.push(tax);
  return parts.join(' ');
}

/**
 * What the estimate says of sales tax: the tax the shop's rules count, per jurisdiction, and the total with it;
 * without the rules, the order terms' sentence.
 */
export function salesTaxWords(estimate: Pick<Estimate, 'salesTax' | 'tax' | 'totalCents'>): string | null {
  const { tax } = estimate;
  if (!tax) return estimate.salesTax;
  if (tax.place === null) return 'No sales tax: the order goes outside the states where the shop collects it.';
  const charged = tax.jurisdictions.filter((item) => item.cents > 0);
  if (charged.length === 0) return `No sales tax on these lines (taxed as ${tax.place}).`;
  const shares = charged.map((item) => `${item.name} ${percentsText(item.percents)}: ${formatMoney(item.cents)}`);
  return `Plus sales tax of ${formatMoney(tax.totalCents)} (${shares.join('; ')}), ${formatMoney(estimate.totalCents + tax.totalCents)} with tax; none with a tax-exemption certificate.`;
}
