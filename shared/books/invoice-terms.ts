import { dayIn } from '#shared/desk-format.ts';

/**
 * An invoice's payment terms, worded once for the desk, the invoice page, the exports and the mail:
 * 0 days is due on receipt (what every invoice was before terms could be set), else net 15 to 60.
 */
export const netDayChoices = [0, 15, 30, 45, 60] as const;
export type NetDays = (typeof netDayChoices)[number];

/** A purchase-order number as the customer gives it: short, printed on the invoice and in the exports. */
export const MAX_PO_NUMBER = 40;

/** "Due on receipt" or "Net 30", as QuickBooks names its terms too. */
export function termsLabel(netDays: number): string {
  return netDays === 0 ? 'Due on receipt' : `Net ${netDays}`;
}

/** YYYY-MM-DD plus `days` calendar days. */
export function addCalendarDays(day: string, days: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/**
 * The day an invoice is due (YYYY-MM-DD): its issue day on the shop's calendar, plus its days to pay.
 * Both are frozen with the invoice, so the due date never moves once issued.
 */
export function invoiceDueOn(issuedAt: Date, netDays: number, timeZone: string): string {
  return addCalendarDays(dayIn(issuedAt.toISOString(), timeZone), netDays);
}
