import type { DeskPlacement } from '#shared/desk-contract.ts';
import type { MockupView } from '#shared/garments/mockup-view.ts';
import { holdsPrint, printAreaFor, printSizeWords } from '#shared/garments/print-size-class.ts';
import type { PrintArea } from '#shared/pricing/types.ts';
import { locationFields, placements } from '#shared/submissions/quote-fields.ts';
import type { StoredMockup } from './mockup-store.ts';
import { mockupViews } from './mockup-views.ts';

const placementName = (value: string) =>
  Object.hasOwn(placements, value) ? placements[value as keyof typeof placements] : value;

/**
 * A direct-to-garment request whose print, as now placed (the desk may have redrawn it larger), needs a
 * larger print size than the request was priced at: the customer's estimate, and a quote the editor
 * starts from it, are too low. Said on the request rather than changed, since a sent quote's lines are
 * the shop's own words.
 */
function printSizeWarnings(
  mockups: readonly StoredMockup[],
  formValues: Readonly<Record<string, string>> | undefined,
  areas: readonly PrintArea[],
): string[] {
  if (formValues?.service !== 'direct-to-garment') return [];
  return mockups
    .flatMap((mockup) => mockup.details.placements)
    .sort((a, b) => a.row - b.row)
    .flatMap((placed) => {
      const quoted = areas.find((area) => area.id === formValues[locationFields(placed.row).area]);
      if (!quoted || holdsPrint(quoted, placed)) return [];
      const needed = printAreaFor(areas, placed);
      return [
        `${placementName(placed.placement)}: the request is priced at ${quoted.name}, but the print as placed, ${printSizeWords(placed)}, needs ${needed ? needed.name : 'more than the largest print size'}. Quote the larger size.`,
      ];
    });
}

/** The desk's mockup section: the pictures, each placement as the adjustment form starts it, and any print size to quote again. */
export function deskMockups(
  mockups: readonly StoredMockup[],
  base: string,
  formValues: Readonly<Record<string, string>> | undefined,
  areas: readonly PrintArea[],
): { mockups: MockupView[]; placements: DeskPlacement[]; printSizeWarnings?: string[] } {
  const warnings = printSizeWarnings(mockups, formValues, areas);
  return {
    ...(warnings.length > 0 ? { printSizeWarnings: warnings } : {}),
    mockups: mockupViews(mockups, base),
    placements: mockups
      .flatMap((mockup) => mockup.details.placements)
      .filter((placed) => !placed.fromDesign)
      .sort((a, b) => a.row - b.row)
      .map((placed) => ({
        row: placed.row,
        label: placementName(placed.placement),
        widthInches: placed.widthInches,
        xInches: placed.xInches,
        yInches: placed.yInches,
      })),
  };
}
