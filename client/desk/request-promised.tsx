import type { DeskRenderOptions, DeskRequestView } from '#shared/desk-contract.ts';
import { formatDay } from '#shared/desk-format.ts';
import { TokenField } from './desk-document.tsx';
import { Section } from './request-section.tsx';

/**
 * The day the order is promised for, set when the proof is approved (from the calculator's schedule),
 * and a form to move it: the customer is e-mailed the new day, so a change is never silent.
 */
export function PromisedSection({ view, options }: { view: DeskRequestView; options: DeskRenderOptions }) {
  const promised = view.promised;
  return (
    <Section id="promised" title="Promised date">
      <p>
        {promised ? (
          <>
            <span className="font-semibold">{formatDay(promised.date)}</span>{' '}
            {promised.handover === 'pickup' ? '(pickup at the shop)' : '(delivered)'}
          </>
        ) : (
          'None yet: set one below.'
        )}
      </p>
      {view.canPromise && (
        <form method="post" action={`/staff/requests/${view.reference}/promised`} className="mt-3 space-y-3">
          <TokenField token={options.csrfToken} />
          <div>
            <label htmlFor="promised-date" className="block font-medium">
              New date
            </label>
            <input
              id="promised-date"
              type="date"
              name="date"
              required
              min={view.today}
              defaultValue={promised?.date ?? view.today}
              className="mt-1 w-full rounded border border-stone-400 px-3 py-2"
            />
          </div>
          <div>
            <label htmlFor="promised-handover" className="block font-medium">
              Handed over by
            </label>
            <select
              id="promised-handover"
              name="handover"
              defaultValue={promised?.handover ?? 'pickup'}
              className="mt-1 w-full rounded border border-stone-400 bg-white px-2 py-2"
            >
              <option value="pickup">Pickup at the shop</option>
              <option value="delivery">Delivery</option>
            </select>
          </div>
          <p className="text-sm text-stone-700">The customer is e-mailed the new date.</p>
          <button
            type="submit"
            className="w-full rounded border-2 border-brand-700 bg-white px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50"
          >
            Change the date
          </button>
        </form>
      )}
    </Section>
  );
}
