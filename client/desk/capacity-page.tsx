import { useShopTime } from '#client/components/shop-time.tsx';
import type { DeskRenderOptions } from '#shared/desk-contract.ts';
import { formatDay } from '#shared/desk-format.ts';
import type { CapacityView } from '#shared/production/board-view.ts';
import { serviceIds } from '#shared/service-ids.ts';
import { DeskDocument, TokenField } from './desk-document.tsx';

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="mt-1 text-sm font-semibold text-red-800">
      {message}
    </p>
  ) : null;
}

/**
 * /staff/capacity: how many pieces each service can decorate per working day, and the dates the shop is
 * closed, with every change listed with who made it and when. Saving puts it in force at once.
 */
export function CapacityPage({ view, options }: { view: CapacityView; options: DeskRenderOptions }) {
  const { dateTime } = useShopTime();
  const closedError = view.errors.closedDates;
  return (
    <DeskDocument title="Capacity" options={options} staff={view.staff}>
      <p className="text-sm">
        <a href="/staff/board" className="underline">
          ← Production board
        </a>
      </p>
      <h1 className="mt-2 text-2xl font-bold">Capacity and closed dates</h1>
      <p className="mt-1 max-w-prose text-sm text-stone-700">
        Every date the website promises (the calculators, the quote form, the quote and the approval) is the first day
        an order fits into what is left of this capacity after the orders already booked.
      </p>
      {view.notice && (
        <p
          role={view.notice.type === 'error' ? 'alert' : 'status'}
          className={`mt-4 rounded p-3 text-sm ${view.notice.type === 'error' ? 'bg-red-50 text-red-900' : 'bg-emerald-50 text-emerald-900'}`}
        >
          {view.notice.text}
        </p>
      )}
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <form method="post" action="/staff/capacity" className="space-y-4 rounded border border-stone-300 bg-white p-4">
          <TokenField token={options.csrfToken} />
          <fieldset>
            <legend className="font-bold">Pieces per working day</legend>
            <div className="mt-2 space-y-3">
              {serviceIds.map((service) => {
                const name = `perDay.${service}`;
                const error = view.errors[name];
                return (
                  <div key={service}>
                    <label htmlFor={`capacity-${service}`} className="block font-medium">
                      {view.serviceNames[service]}
                    </label>
                    <input
                      id={`capacity-${service}`}
                      name={name}
                      inputMode="numeric"
                      pattern="[0-9]*"
                      required
                      defaultValue={view.perDay[service]}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `capacity-${service}-error` : undefined}
                      className="mt-1 w-32 rounded border border-stone-400 px-3 py-2 tabular-nums"
                    />
                    <FieldError id={`capacity-${service}-error`} message={error} />
                  </div>
                );
              })}
            </div>
          </fieldset>
          <div>
            <label htmlFor="capacity-closed" className="block font-bold">
              Closed dates
            </label>
            <p id="capacity-closed-help" className="text-sm text-stone-700">
              One a line: the date, then a note if you like (2026-12-31 Inventory). Holidays of the order terms are
              closed already.
            </p>
            <textarea
              id="capacity-closed"
              name="closedDates"
              rows={6}
              defaultValue={view.closedDates}
              aria-invalid={closedError ? true : undefined}
              aria-describedby={closedError ? 'capacity-closed-help capacity-closed-error' : 'capacity-closed-help'}
              className="mt-1 w-full rounded border border-stone-400 px-3 py-2 font-mono text-sm"
            />
            <FieldError id="capacity-closed-error" message={closedError} />
          </div>
          <button type="submit" className="rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
            Save capacity
          </button>
        </form>
        <div className="space-y-6">
          <section aria-labelledby="holidays">
            <h2 id="holidays" className="font-bold">
              Working days and holidays (order terms)
            </h2>
            <p className="text-sm">The presses run {view.workingDays}; these holidays ahead are closed:</p>
            {view.holidays.length === 0 ? (
              <p className="text-sm">None listed: add next year’s to data/order-terms.json.</p>
            ) : (
              <ul className="mt-1 text-sm">
                {view.holidays.map((holiday) => (
                  <li key={holiday.date}>
                    {formatDay(holiday.date)}: {holiday.name}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="changes">
            <h2 id="changes" className="font-bold">
              Changes
            </h2>
            {view.changes.length === 0 ? (
              <p className="text-sm">None yet: the defaults of data/capacity.json are in force.</p>
            ) : (
              <ol className="mt-1 space-y-2 text-sm">
                {view.changes.map((change) => (
                  <li key={change.at} className="rounded border border-stone-200 bg-white p-2">
                    <p className="font-medium">
                      {dateTime(change.at)} by <span className="break-all">{change.by}</span>
                    </p>
                    <p>{change.summary}</p>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </div>
      </div>
    </DeskDocument>
  );
}
