import { MockupFigures } from '#client/components/mockup-figures.tsx';
import type { DeskRenderOptions, DeskRequestView } from '#shared/desk-contract.ts';
import { locationFields } from '#shared/submissions/quote-fields.ts';
import { TokenField } from './desk-document.tsx';
import { Section } from './request-section.tsx';

const inputClass = 'mt-1 w-24 rounded border border-stone-400 px-2 py-1.5';

/**
 * The customer's artwork on the garment: the shop may move or resize each print (in inches, from the print
 * area's top-left) and redraw it, then send the mockup as the proof, stamped with the print sizes and
 * colours, for the customer to approve as any proof.
 */
export function MockupsSection({ view, options }: { view: DeskRequestView; options: DeskRenderOptions }) {
  const base = `/staff/requests/${view.reference}`;
  if (!view.mockups || view.mockups.length === 0) return null;
  return (
    <Section id="mockup" title="Mockup">
      <MockupFigures mockups={view.mockups} />
      {view.printSizeWarnings?.map((warning) => (
        <p key={warning} className="mt-3 rounded bg-amber-50 p-2 text-sm text-amber-950" data-print-size-warning="">
          {warning}
        </p>
      ))}
      <form method="post" action={`${base}/mockups`} className="mt-4 space-y-3">
        <TokenField token={options.csrfToken} />
        {view.placements?.map((placed) => {
          const names = locationFields(placed.row);
          return (
            <fieldset key={placed.row} className="rounded border border-stone-200 p-3">
              <legend className="px-1 font-medium">
                {placed.label} <span className="font-normal text-stone-600">(inches)</span>
              </legend>
              <div className="flex flex-wrap gap-3">
                {(
                  [
                    [names.artWidth, 'Width', placed.widthInches],
                    [names.artX, 'From the left', placed.xInches],
                    [names.artY, 'From the top', placed.yInches],
                  ] as const
                ).map(([name, label, value]) => (
                  <div key={name}>
                    <label htmlFor={`desk-${name}`} className="block text-sm">
                      {label}
                    </label>
                    <input
                      id={`desk-${name}`}
                      name={name}
                      inputMode="decimal"
                      defaultValue={String(value)}
                      className={inputClass}
                    />
                  </div>
                ))}
              </div>
            </fieldset>
          );
        })}
        <button
          type="submit"
          className="rounded border border-stone-400 bg-white px-4 py-2 font-semibold hover:bg-stone-100"
        >
          Redraw the mockup
        </button>
      </form>
      {view.canSendProof && (
        <form method="post" action={`${base}/mockups/proof`} className="mt-4 space-y-3 border-t border-stone-200 pt-4">
          <TokenField token={options.csrfToken} />
          <input type="hidden" name="from" value={view.status} />
          <div>
            <label htmlFor="mockup-proof-notes" className="block font-medium">
              Note for the customer <span className="font-normal text-stone-600">(optional)</span>
            </label>
            <textarea
              id="mockup-proof-notes"
              name="notes"
              rows={2}
              maxLength={2000}
              className="mt-1 w-full rounded border border-stone-400 px-3 py-2"
            />
          </div>
          <button type="submit" className="rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
            Use as proof
          </button>
          <p className="text-sm text-stone-600">
            Sends the mockup above as the next proof, stamped with each print’s size and colors.
          </p>
        </form>
      )}
    </Section>
  );
}
