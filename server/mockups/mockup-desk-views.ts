import type { StoredMockup } from '#server/storage/types.ts';
import type { DeskPlacement } from '#shared/desk-contract.ts';
import type { MockupView } from '#shared/garments/mockup-view.ts';
import { placements } from '#shared/submissions/quote-fields.ts';
import { mockupViews } from './mockup-views.ts';

const placementName = (value: string) =>
  Object.hasOwn(placements, value) ? placements[value as keyof typeof placements] : value;

/** The desk's mockup section: the pictures, and each placement as the adjustment form starts it. */
export function deskMockups(
  mockups: readonly StoredMockup[],
  base: string,
): { mockups: MockupView[]; placements: DeskPlacement[] } {
  return {
    mockups: mockupViews(mockups, base),
    placements: mockups
      .flatMap((mockup) => mockup.details.placements)
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
