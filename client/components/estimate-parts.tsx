import { formatMoney } from '#shared/money.ts';
import { shopTime } from '#shared/pricing/business-days.ts';
import { salesTaxWords, scheduleHeading, scheduleWords } from '#shared/pricing/estimate-words.ts';
import type { ShopCalendar } from '#shared/pricing/order-terms.ts';
import type { Schedule } from '#shared/pricing/schedule.ts';
import type { Estimate, LadderRow } from '#shared/pricing/types.ts';

/**
 * The parts every estimate shows, in the calculators and beside the quote form alike: the date it
 * makes, the whole quantity ladder and the sales-tax sentence. Words come from shared/pricing, so the
 * page says what the stored request and the shop's mail say.
 */

const scheduleTone: Record<Schedule['kind'], string> = {
  standard: 'border-stone-300 bg-white',
  'on-time': 'border-green-700 bg-green-50',
  'too-soon': 'border-amber-600 bg-amber-50',
};

/** The turnaround the order gets, and what to approve by when. */
export function ScheduleNote({ schedule, calendar, now }: { schedule: Schedule; calendar: ShopCalendar; now: Date }) {
  const today = shopTime(now, calendar.timeZone).date;
  const rush = schedule.turnaround.surchargePercent > 0;
  const tone = rush && schedule.kind === 'on-time' ? 'border-amber-600 bg-amber-50' : scheduleTone[schedule.kind];
  return (
    <div data-testid="schedule" className={`mt-3 rounded-lg border-l-4 px-3 py-2 text-sm text-stone-900 ${tone}`}>
      <p className="font-semibold">{scheduleHeading(schedule, today)}</p>
      <p className="mt-0.5">{scheduleWords(schedule, calendar, now)}</p>
    </div>
  );
}

/**
 * This order at every quantity break, the visitor's own row marked, so the savings show at a glance.
 * Three narrow columns: readable whole in a phone's width.
 */
export function PriceLadder({ ladder }: { ladder: LadderRow[] }) {
  const averaged = ladder.some((row) => !row.perPieceExact);
  return (
    <div className="mt-4">
      <table className="w-full border-collapse text-left text-sm" data-testid="price-ladder">
        <caption className="mb-1 text-left font-semibold text-stone-900">The same order at every quantity</caption>
        <thead>
          <tr className="border-b border-stone-300">
            <th scope="col" className="py-1.5 pr-2">
              Pieces
            </th>
            <th scope="col" className="py-1.5 pr-2 text-right">
              Per piece
            </th>
            <th scope="col" className="py-1.5 text-right">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {ladder.map((row) => (
            <tr
              key={row.quantity}
              aria-current={row.current ? 'true' : undefined}
              className={row.current ? 'bg-brand-50 font-bold' : 'border-b border-stone-100'}
            >
              <th scope="row" className={`py-1.5 pr-2 ${row.current ? 'font-bold' : 'font-normal'}`}>
                {row.quantity}
                {row.current ? <span className="font-semibold text-brand-800"> (yours)</span> : null}
              </th>
              <td className="py-1.5 pr-2 text-right tabular-nums">
                {row.perPieceExact ? '' : '≈ '}
                {formatMoney(row.perPieceCents)}
              </td>
              <td className="py-1.5 text-right tabular-nums">{formatMoney(row.totalCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-1 text-xs text-stone-600">
        Everything included at each quantity
        {averaged ? '; ≈ is the total shared out per piece, rounded to the cent' : ''}.
      </p>
    </div>
  );
}

/** The sales-tax sentence, said plainly beside every total. */
export function SalesTaxNote({ estimate }: { estimate: Pick<Estimate, 'salesTax' | 'tax' | 'totalCents'> }) {
  const statement = salesTaxWords(estimate);
  if (!statement) return null;
  return (
    <p className="mt-3 text-sm text-stone-700" data-testid="sales-tax">
      {statement}
    </p>
  );
}
