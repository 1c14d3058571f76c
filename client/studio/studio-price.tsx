import { useSiteData } from '#client/app-context.tsx';
import { type GarmentColor, isDarkColor } from '#shared/garments/catalogue.ts';
import { printAreaFor } from '#shared/garments/print-size-class.ts';
import { formatMoney } from '#shared/money.ts';
import { estimate, type PriceFiles } from '#shared/pricing/estimate.ts';
import { defaultOptions } from '#shared/pricing/query.ts';
import type { EstimateOptions, EstimateResult } from '#shared/pricing/types.ts';
import type { StudioDesign } from '#shared/studio/design-schema.ts';
import { countInks } from '#shared/studio/ink-count.ts';
import { designExtent } from './design-extent.ts';

/**
 * The design as the calculators' engine reads an order: its inks for a screen print, its size for DTG and
 * thread. Also what "Use this design" carries to the quote form, so the form prices what the studio did.
 */
export function designOptions(
  prices: PriceFiles,
  design: StudioDesign,
  color: GarmentColor,
  quantity: number,
  inks: number,
): EstimateOptions {
  const file = prices[design.method];
  const layers = Object.values(design.locations).flatMap((list) => list ?? []);
  const extent = designExtent(layers);
  const dark = isDarkColor(color.hex);
  const base = { quantity, garment: design.garmentId, color: design.colorName, sizes: {} };
  let options: EstimateOptions;
  const defaults = defaultOptions(file);
  if (defaults.service === 'screen-printing')
    options = { ...defaults, ...base, colors: [Math.max(1, inks)], darkGarment: dark };
  else if (defaults.service === 'direct-to-garment') {
    const areas = prices['direct-to-garment'].printAreas;
    const area = printAreaFor(areas, extent) ?? areas.at(-1);
    options = { ...defaults, ...base, areas: [area?.id ?? ''], darkGarment: dark };
  } else options = { ...defaults, ...base, widths: [Math.max(0.5, extent.widthInches)] };
  return options;
}

/** The ink and screen count in words, and the price beside it, as the design changes. */
export function StudioPrice({
  design,
  color,
  quantity,
}: {
  design: StudioDesign;
  color: GarmentColor;
  quantity: number;
}) {
  const site = useSiteData();
  const [counted] = countInks(design, isDarkColor(color.hex));
  if (!counted)
    return (
      <p className="text-stone-700" data-testid="studio-inks">
        Add a layer to see its inks and price.
      </p>
    );
  const result: EstimateResult = estimate(
    site[design.method],
    designOptions(site, design, color, quantity, counted.count),
  );
  // A screen print is priced per colour: a picture not counted yet leaves the price a floor.
  const floor = design.method === 'screen-printing' && counted.uploads > 0;
  return (
    <div className="grid gap-1">
      <p className="font-semibold text-stone-900" data-testid="studio-inks">
        {counted.sentence}
      </p>
      {result.ok ? (
        <p data-testid="studio-price" className="text-stone-800">
          {floor ? 'From ' : null}
          <span className="text-2xl font-extrabold text-stone-900 tabular-nums">
            {formatMoney(result.estimate.totalCents)}
          </span>{' '}
          for {quantity} pieces, {formatMoney(result.estimate.perPieceCents)} each
          {result.estimate.perPieceExact ? '' : ' on average'}, picked up.
          {floor ? ' Confirm your picture’s colours for the full price.' : null}
        </p>
      ) : (
        <p data-testid="studio-price" className="text-amber-900">
          {result.errors.map((error) => error.message).join(' ')}
        </p>
      )}
    </div>
  );
}
