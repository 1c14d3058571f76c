import { QuoteStockLine } from '#client/forms/quote-stock-line.tsx';
import type { PublicStockAnswer } from '#shared/blanks/stock-answer.ts';
import type { GarmentSize } from '#shared/garments/catalogue.ts';
import type { SizePlan } from '#shared/studio/size-plan.ts';

const inches = (print: { widthInches: number; heightInches: number }) =>
  `${print.widthInches} × ${print.heightInches} in`;

/** The print on the smallest and the largest size ordered, read from the plan's groups. */
function extremes(plan: SizePlan): { label: string; size: GarmentSize; print: string }[] {
  const groups = plan.kind === 'one' ? [plan.group] : plan.groups;
  const first = groups[0];
  const last = groups[groups.length - 1];
  const smallest = first?.sizes[0];
  const largest = last?.sizes[last.sizes.length - 1];
  if (!first || !last || !smallest || !largest) return [];
  if (smallest === largest) return [{ label: 'Size ordered', size: smallest, print: inches(first.print) }];
  return [
    { label: 'Smallest size ordered', size: smallest, print: inches(first.print) },
    { label: 'Largest size ordered', size: largest, print: inches(last.print) },
  ];
}

/**
 * "Size by size": what the print measures on the smallest and the largest size ordered, and, when one print
 * cannot suit both, the two print sizes the shop would set up. The sizes are the quote form's when it sent
 * them, else ticked here; what changes is said in the studio's live region, not here, so a screen reader
 * hears it once.
 */
export function SizePanel({
  offered,
  sizes,
  onToggle,
  plan,
  hasLayers,
  stock,
}: {
  /** Whether the supplier has each size ticked, in the public words (in stock / not in stock). */
  stock?: PublicStockAnswer | undefined;
  offered: readonly GarmentSize[];
  sizes: readonly GarmentSize[];
  onToggle: (size: GarmentSize, on: boolean) => void;
  plan: SizePlan | undefined;
  hasLayers: boolean;
}) {
  const rows = plan ? extremes(plan) : [];
  return (
    <section
      aria-labelledby="studio-sizes-heading"
      className="grid gap-3 rounded-xl border border-stone-200 bg-white p-4"
      data-testid="studio-sizes"
    >
      <h2 id="studio-sizes-heading" className="text-lg font-bold">
        Size by size
      </h2>
      <p className="text-sm text-stone-700">
        A print sized for an XL would crowd a small shirt, so smaller sizes take a smaller print.
      </p>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-semibold text-stone-900">Sizes you are ordering</legend>
        <div className="flex flex-wrap gap-2">
          {offered.map((size) => {
            const checked = sizes.includes(size);
            return (
              <label
                key={size}
                className={`inline-flex min-h-11 min-w-14 cursor-pointer items-center justify-center gap-2 rounded-full border px-3 text-sm font-semibold has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-700 ${
                  checked ? 'border-brand-700 bg-brand-50 text-brand-900' : 'border-stone-300 bg-white text-stone-900'
                }`}
              >
                <input
                  type="checkbox"
                  checked={checked}
                  onChange={(event) => onToggle(size, event.target.checked)}
                  className="size-4 accent-brand-700"
                />
                {size}
              </label>
            );
          })}
        </div>
      </fieldset>
      <QuoteStockLine answer={stock} withArrival={false} />
      {!hasLayers ? (
        <p className="text-sm text-stone-700">Add a layer to see its print size on each size.</p>
      ) : !plan ? (
        <p className="text-sm text-stone-700">Tick the sizes you are ordering to see the print on each.</p>
      ) : (
        <>
          <dl className="grid gap-2 sm:grid-cols-2">
            {rows.map((row) => (
              <div key={row.label} className="rounded-lg bg-stone-50 p-3">
                <dt className="text-sm text-stone-700">
                  {row.label}: <span className="font-semibold text-stone-900">{row.size}</span>
                </dt>
                <dd className="text-lg font-extrabold text-stone-900 tabular-nums">{row.print}</dd>
              </div>
            ))}
          </dl>
          {plan.kind === 'two' ? (
            <div className="rounded-lg border-l-4 border-brand-600 bg-brand-50 px-3 py-2 text-sm text-stone-900">
              <p className="font-semibold">One print cannot suit every size: we propose two print sizes.</p>
              <p data-testid="studio-size-plan">{plan.sentence}</p>
            </div>
          ) : (
            <p className="text-sm text-stone-800" data-testid="studio-size-plan">
              {plan.sentence}
            </p>
          )}
        </>
      )}
    </section>
  );
}
