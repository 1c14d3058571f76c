import { Fragment } from 'react';
import type { DeskRenderOptions } from '#shared/desk-contract.ts';
import { formatDay } from '#shared/desk-format.ts';
import type { BoardCard, BoardDay, BoardLoad, BoardView } from '#shared/production/board-view.ts';
import { boardWeeks, hasWork } from './board-weeks.ts';
import { DeskDocument, TokenField } from './desk-document.tsx';
import { StatusBadge } from './status-badge.tsx';

const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' });
const dayName = (date: string) => `${weekday.format(new Date(`${date}T00:00:00Z`))}, ${formatDay(date)}`;
/** "Mon, Nov 30, 2026 – Fri, Dec 4, 2026": the days of a week the board shows. */
const weekSpan = (days: readonly BoardDay[]) => {
  const first = days[0]?.date ?? '';
  const last = days.at(-1)?.date ?? first;
  return first === last ? `on ${dayName(first)}` : `from ${dayName(first)} to ${dayName(last)}`;
};

const serviceLabels: Record<string, string> = {
  'screen-printing': 'Screen printing',
  'direct-to-garment': 'DTG',
  embroidery: 'Embroidery',
};

// Written out whole so the stylesheet has each (no inline styles: the CSP allows none).
const barWidths = [
  'w-0',
  'w-1/12',
  'w-2/12',
  'w-3/12',
  'w-4/12',
  'w-5/12',
  'w-6/12',
  'w-7/12',
  'w-8/12',
  'w-9/12',
  'w-10/12',
  'w-11/12',
  'w-full',
];

/** A day's load of one service: a bar, with the figures in words (over capacity is said, not only red). */
function LoadBar({ load }: { load: BoardLoad }) {
  const over = load.planned > load.capacity;
  const twelfths = load.capacity > 0 ? Math.min(12, Math.round((load.planned / load.capacity) * 12)) : over ? 12 : 0;
  return (
    <div className="text-xs">
      <div className="flex justify-between gap-2">
        <span>{load.serviceName}</span>
        <span className={`tabular-nums ${over ? 'font-bold text-red-800' : 'text-stone-700'}`}>
          {load.planned} / {load.capacity}
          {over ? ` (over by ${load.planned - load.capacity})` : ''}
        </span>
      </div>
      <div className="mt-0.5 h-2 overflow-hidden rounded bg-stone-200" aria-hidden="true">
        <div className={`h-full ${barWidths[twelfths]} ${over ? 'bg-red-700' : 'bg-emerald-600'}`} />
      </div>
    </div>
  );
}

function OrderCard({ card, view, options }: { card: BoardCard; view: BoardView; options: DeskRenderOptions }) {
  const id = `order-${card.reference}`;
  return (
    <article
      id={id}
      aria-labelledby={`${id}-title`}
      data-reference={card.reference}
      className={`rounded border bg-white p-2 text-sm shadow-sm ${card.risk || card.blocked ? 'border-red-700 border-l-4' : 'border-stone-300'}`}
    >
      <h3 id={`${id}-title`} className="flex flex-wrap items-center gap-x-2 font-semibold">
        <a href={`/staff/requests/${card.reference}`} className="underline">
          {card.reference}
        </a>
        <StatusBadge status={card.status} />
      </h3>
      <p className="break-words">
        {card.name}
        {card.company ? `, ${card.company}` : ''}
      </p>
      <p>
        {card.pieces ?? '?'} pieces{card.service ? `, ${serviceLabels[card.service]}` : ''}
      </p>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-xs text-stone-700">
        <dt>Press</dt>
        <dd>{card.pressDate ? formatDay(card.pressDate) : 'not set'}</dd>
        <dt>Promised</dt>
        <dd>
          {card.promised
            ? `${formatDay(card.promised.date)} (${card.promised.handover === 'delivery' ? 'delivery' : 'pickup'})`
            : 'not yet'}
        </dd>
        {card.inHands && (
          <>
            <dt>In hands</dt>
            <dd>{formatDay(card.inHands)}</dd>
          </>
        )}
      </dl>
      {card.risk && <p className="mt-1 rounded bg-red-50 p-1 text-xs font-semibold text-red-900">⚠ {card.risk}</p>}
      {card.blocked && (
        <p className="mt-1 break-words rounded bg-red-50 p-1 text-xs text-red-900" data-testid="board-blocked">
          <strong>Blocked: blanks short.</strong> {card.blocked}
        </p>
      )}
      <form method="post" action="/staff/board/press-day" className="mt-2 space-y-1" data-move-form="">
        <TokenField token={options.csrfToken} />
        <input type="hidden" name="reference" value={card.reference} />
        <input type="hidden" name="by" value={view.by} />
        {view.days[0] && <input type="hidden" name="from" value={view.days[0].date} />}
        <label htmlFor={`${id}-date`} className="block text-xs font-medium">
          Move press day to
        </label>
        <div className="flex gap-1">
          <input
            id={`${id}-date`}
            type="date"
            name="date"
            required
            min={view.today}
            defaultValue={card.pressDate ?? ''}
            className="min-w-0 flex-1 rounded border border-stone-400 px-1 py-1 text-xs"
          />
          <button
            type="submit"
            className="rounded border border-brand-700 px-2 py-1 text-xs font-semibold text-brand-800"
          >
            Move
          </button>
        </div>
        {card.promised && (
          <label className="flex items-start gap-1 text-xs">
            <input type="checkbox" name="tell" className="mt-0.5" />
            <span>Also change the customer’s date (they are e-mailed)</span>
          </label>
        )}
      </form>
      <a href={`/staff/requests/${card.reference}/work-order`} className="mt-1 inline-block text-xs underline">
        Work order
      </a>
    </article>
  );
}

function CardList({ cards, view, options }: { cards: BoardCard[]; view: BoardView; options: DeskRenderOptions }) {
  return (
    <ul className="space-y-2">
      {cards.map((card) => (
        <li key={card.reference}>
          <OrderCard card={card} view={view} options={options} />
        </li>
      ))}
    </ul>
  );
}

/** A day's orders, grouped by service. A day with no work is left off a phone's list (the grid keeps it). */
function DayColumn({ day, view, options }: { day: BoardDay; view: BoardView; options: DeskRenderOptions }) {
  const id = `day-${day.date}`;
  const groups = day.load
    .map((load) => ({ load, cards: day.cards.filter((card) => card.service === load.service) }))
    .filter((group) => group.cards.length > 0);
  const other = day.cards.filter((card) => card.service === null);
  return (
    <section
      aria-labelledby={id}
      data-day={day.date}
      className={`rounded border border-stone-300 bg-stone-50 p-2 ${hasWork(day) ? '' : 'hidden sm:block'}`}
    >
      <h2 id={id} className="font-bold">
        {dayName(day.date)}
        {day.date === view.today ? ' (today)' : ''}
      </h2>
      <div className="mt-1 space-y-1">
        {day.load.map((load) => (
          <LoadBar key={load.service} load={load} />
        ))}
      </div>
      {groups.map((group) => (
        <div key={group.load.service} className="mt-2">
          <h3 className="text-xs font-semibold tracking-wide text-stone-700 uppercase">{group.load.serviceName}</h3>
          <CardList cards={group.cards} view={view} options={options} />
        </div>
      ))}
      {other.length > 0 && (
        <div className="mt-2">
          <CardList cards={other} view={view} options={options} />
        </div>
      )}
      {day.cards.length === 0 && <p className="mt-2 text-xs text-stone-600">No orders placed on this day.</p>}
    </section>
  );
}

/**
 * /staff/board: the working days ahead, each with its load against capacity per service and the orders
 * on it, grouped by service. At-risk orders are marked in words as well as colour. Each order's press day
 * moves with a plain form; the customer's date changes only when the box is ticked.
 */
export function BoardPage({ view, options }: { view: BoardView; options: DeskRenderOptions }) {
  const switchTo = view.by === 'press' ? 'promised' : 'press';
  return (
    <DeskDocument title="Production board" options={options} staff={view.staff}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold">Production board</h1>
        <p className="flex flex-wrap gap-x-4 text-sm">
          <a href={switchTo === 'promised' ? '/staff/board?by=promised' : '/staff/board'} className="underline">
            {switchTo === 'promised' ? 'Place orders by the promised date' : 'Place orders by press day'}
          </a>
          <a href="/staff/capacity" className="underline">
            Capacity and closed dates
          </a>
        </p>
      </div>
      <p className="mt-1 text-sm text-stone-700">
        Orders are placed by{' '}
        {view.by === 'press' ? 'the day they must be off the press' : 'the day promised to the customer'}. Each bar is
        the pieces planned that day against what the press can do.
      </p>
      {view.notice && (
        <p
          role={view.notice.type === 'error' ? 'alert' : 'status'}
          className={`mt-4 rounded p-3 text-sm ${view.notice.type === 'error' ? 'bg-red-50 text-red-900' : 'bg-emerald-50 text-emerald-900'}`}
        >
          {view.notice.text}
        </p>
      )}
      {view.overdue.length > 0 && (
        <section aria-labelledby="overdue" className="mt-4 rounded border border-red-700 bg-red-50 p-3">
          <h2 id="overdue" className="font-bold text-red-900">
            Before these days, not yet ready ({view.overdue.length})
          </h2>
          <div className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
            {view.overdue.map((card) => (
              <OrderCard key={card.reference} card={card} view={view} options={options} />
            ))}
          </div>
        </section>
      )}
      <nav aria-label="Weeks" className="mt-4 flex justify-between text-sm">
        {view.earlier ? (
          <a href={view.earlier} className="underline">
            ← Earlier days
          </a>
        ) : (
          <span />
        )}
        <a href={view.next} className="underline">
          Later days{view.later > 0 ? ` (${view.later} more orders)` : ''} →
        </a>
      </nav>
      <div className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-5" data-board="" data-by={view.by}>
        {boardWeeks(view.days).map((week) => (
          <Fragment key={week.monday}>
            {week.days.map((day) => (
              <DayColumn key={day.date} day={day} view={view} options={options} />
            ))}
            {/* On a phone, where the empty days are left off, a week with none says so rather than vanish. */}
            {!week.busy && (
              <p className="rounded border border-dashed border-stone-300 p-2 text-sm text-stone-700 sm:hidden">
                No work {weekSpan(week.days)}.
              </p>
            )}
          </Fragment>
        ))}
      </div>
      {view.unscheduled.length > 0 && (
        <section aria-labelledby="unscheduled" className="mt-6">
          <h2 id="unscheduled" className="text-lg font-bold">
            No press day yet ({view.unscheduled.length})
          </h2>
          <p className="text-sm text-stone-700">Approved before the board existed: give each a press day.</p>
          <div className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
            {view.unscheduled.map((card) => (
              <OrderCard key={card.reference} card={card} view={view} options={options} />
            ))}
          </div>
        </section>
      )}
      {/* Drag and drop, on top of the forms (client/desk/board-drag.ts): the only script the desk loads. */}
      <script src={options.boardScript} type="module" />
    </DeskDocument>
  );
}
