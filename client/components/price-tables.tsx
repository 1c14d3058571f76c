import type { ReactNode } from 'react';
import { useSiteData } from '#client/app-context.tsx';
import { formatMoney } from '#shared/money.ts';
import { pluralize } from '#shared/plural.ts';
import { decorationWord } from '#shared/pricing/option-words.ts';
import { priceFileFor } from '#shared/pricing/price-file.ts';
import type { Cents, PriceFile } from '#shared/pricing/types.ts';
import type { ServiceId } from '#shared/service-ids.ts';

/** "12–23", "288+": the quantities a row of a price table applies to. */
function breakLabel(breaks: number[], index: number): string {
  const from = breaks[index];
  const next = breaks[index + 1];
  return next === undefined ? `${from}+` : `${from}–${next - 1}`;
}

/**
 * One price table: quantity breaks down the side, options across. Wide tables scroll sideways on a
 * phone inside a focusable region, so keyboard users can scroll them too.
 */
function PriceTable({
  caption,
  columns,
  breaks,
  rows,
}: {
  caption: string;
  columns: string[];
  breaks: number[];
  rows: Cents[][];
}) {
  return (
    <section
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be reachable by keyboard (WCAG 2.1.1).
      tabIndex={0}
      className="scroll-cue overflow-x-auto rounded-xl border border-stone-200"
    >
      {/* Only where the table is wider than the screen; it stays in view while the table scrolls. */}
      <p aria-hidden="true" className="sticky left-0 px-4 pt-3 text-sm text-stone-600 sm:hidden">
        Swipe sideways for every column →
      </p>
      <table className="w-full min-w-[32rem] border-collapse text-right text-sm tabular-nums">
        <caption className="sticky left-0 px-4 pt-4 pb-1 text-left text-base font-bold text-stone-900">
          {caption}
        </caption>
        <thead>
          <tr className="border-b border-stone-300 bg-stone-50">
            <th
              scope="col"
              className="sticky left-0 bg-stone-50 px-3 py-2 text-left shadow-[1px_0_0_var(--color-stone-200)]"
            >
              Pieces
            </th>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-2">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {breaks.map((quantity, index) => (
            <tr key={quantity} className="border-b border-stone-100 last:border-0">
              <th
                scope="row"
                className="sticky left-0 bg-white px-3 py-2 text-left font-semibold shadow-[1px_0_0_var(--color-stone-200)]"
              >
                {breakLabel(breaks, index)}
              </th>
              {(rows[index] ?? []).map((cents, column) => (
                <td key={columns[column]} className="px-3 py-2">
                  {formatMoney(cents)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Fees({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="fees-heading" className="rounded-xl border border-stone-200 bg-white p-5">
      <h3 id="fees-heading" className="text-base font-bold">
        Fees and extras, all of them
      </h3>
      <ul className="mt-3 list-disc space-y-1.5 pl-5 text-stone-800">{children}</ul>
    </section>
  );
}

function SizesAndGarments({ prices }: { prices: PriceFile }) {
  return (
    <>
      {prices.sizeUpcharges.map((upcharge) => (
        <li key={upcharge.size}>
          {upcharge.size}: {formatMoney(upcharge.cents)} more per piece.
        </li>
      ))}
      {prices.garments.map((garment) => (
        <li key={garment.id}>
          {garment.name}: {formatMoney(garment.cents)} per piece.
        </li>
      ))}
      <li>
        Bring your own garments and pay only for the {decorationWord(prices.service)}: no garment cost and no extra
        fees.
      </li>
    </>
  );
}

/** A service page's price list, from the price file in the store (an island reads its own data). */
export function ServicePriceTables({ service }: { service: ServiceId }) {
  return <PriceTables prices={priceFileFor(useSiteData(), service)} />;
}

/** The complete price list of a service, from its data file. */
export function PriceTables({ prices }: { prices: PriceFile }) {
  switch (prices.service) {
    case 'screen-printing': {
      const colors = Array.from({ length: prices.maxColors }, (_, index) => pluralize(index + 1, 'color'));
      return (
        <div className="grid gap-6">
          <PriceTable
            caption="First print location, per piece"
            columns={colors}
            breaks={prices.breaks}
            rows={prices.firstLocation}
          />
          <PriceTable
            caption="Each further location, per piece"
            columns={colors}
            breaks={prices.breaks}
            rows={prices.additionalLocation}
          />
          <Fees>
            <li>
              Screens: {formatMoney(prices.screenFee.cents)} per color per location, once per order; free from{' '}
              {prices.screenFee.waivedFromQuantity} pieces.
            </li>
            <li>
              Dark garments need a white underbase under the ink, which prints as {prices.darkGarmentExtraColors} more
              color.
            </li>
            <li>Minimum order: {prices.minimumQuantity} pieces.</li>
            <SizesAndGarments prices={prices} />
          </Fees>
        </div>
      );
    }
    case 'direct-to-garment': {
      const areas = prices.printAreas.map((area) => area.name);
      return (
        <div className="grid gap-6">
          <PriceTable
            caption="Light garments, per piece per location"
            columns={areas}
            breaks={prices.breaks}
            rows={prices.light}
          />
          <PriceTable
            caption="Dark garments, per piece per location"
            columns={areas}
            breaks={prices.breaks}
            rows={prices.dark}
          />
          <Fees>
            <li>No minimum order: one piece is fine.</li>
            <li>
              Art set-up: {formatMoney(prices.artSetupFee)} once, only when your artwork needs preparing before it can
              print.
            </li>
            <SizesAndGarments prices={prices} />
          </Fees>
        </div>
      );
    }
    case 'embroidery': {
      const bands = prices.stitchBands.map((band) => band.name);
      return (
        <div className="grid gap-6">
          <PriceTable
            caption="Per piece per location, by stitch count"
            columns={bands}
            breaks={prices.breaks}
            rows={prices.prices}
          />
          <Fees>
            <li>
              Digitizing: {formatMoney(prices.digitizingFee)} once per new design; a design we have stitched for you
              before costs nothing to set up again.
            </li>
            <li>Up to {prices.threadColorsIncluded} thread colors included in every design.</li>
            <li>Minimum order: {prices.minimumQuantity} pieces.</li>
            <SizesAndGarments prices={prices} />
          </Fees>
        </div>
      );
    }
  }
}
