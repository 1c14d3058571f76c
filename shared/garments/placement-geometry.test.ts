import { describe, expect, it } from 'vitest';
import type { PrintAreaLimit } from './catalogue.ts';
import {
  areaBox,
  artBox,
  centredAcross,
  clampPlacement,
  defaultPlacement,
  effectiveDpi,
  maxWidthInches,
  pixelsPerInch,
  placementProblem,
  viewOf,
  widthToFit,
} from './placement-geometry.ts';

const front: PrintAreaLimit = { placement: 'front', widthInches: 12, heightInches: 16 };
const chest: PrintAreaLimit = { placement: 'left-chest', widthInches: 4, heightInches: 4 };

describe('placement geometry', () => {
  it('hangs a print area on its view of the picture at the garment scale, centred on its anchor', () => {
    expect(viewOf('tee', 'back')).toBe('back');
    expect(viewOf('hat', 'front')).toBeUndefined();
    const box = areaBox('tee', front);
    expect(box).toEqual({ x: 300 - 6 * 13.5, y: 150, width: 12 * 13.5, height: 16 * 13.5 });
    // Inches to pixels and back: the artwork's box is the area's origin plus its offset, in inches times the scale.
    const art = artBox('tee', front, { widthInches: 4, xInches: 1, yInches: 2 }, 0.5);
    expect(art).toEqual({ x: 300 - 81 + 13.5, y: 150 + 27, width: 54, height: 27 });
    expect(pixelsPerInch('hat')).toBeGreaterThan(pixelsPerInch('tee'));
  });

  it('caps the width by the area width and by its height over the artwork proportions', () => {
    expect(maxWidthInches(front, 0.5)).toBe(12);
    expect(maxWidthInches(front, 2)).toBe(8);
    expect(defaultPlacement(front, 2)).toEqual({ widthInches: 8, xInches: 2, yInches: 0 });
    expect(defaultPlacement(front, 1, 5)).toEqual({ widthInches: 5, xInches: 3.5, yInches: 0 });
  });

  it('clamps a placement inside the area and says what changed', () => {
    expect(clampPlacement({ widthInches: 6, xInches: 1, yInches: 1 }, chest, 1)).toEqual({
      placement: { widthInches: 4, xInches: 0, yInches: 0 },
      notes: ['width', 'position'],
    });
    expect(clampPlacement({ widthInches: 10, xInches: -3, yInches: 20 }, front, 1)).toEqual({
      placement: { widthInches: 10, xInches: 0, yInches: 6 },
      notes: ['position'],
    });
    expect(clampPlacement({ widthInches: 3, xInches: 0.5, yInches: 0.5 }, chest, 1).notes).toEqual([]);
  });

  it('finds the problem of a posted placement, allowing a hundredth of an inch of rounding', () => {
    expect(placementProblem({ widthInches: 12, xInches: 0, yInches: 10 }, front, 0.5)).toBeNull();
    expect(placementProblem({ widthInches: 12.005, xInches: 0, yInches: 0 }, front, 0.5)).toBeNull();
    expect(placementProblem({ widthInches: 12, xInches: 0, yInches: 10.1 }, front, 0.5)).toBe(
      'The artwork must sit inside the print area.',
    );
    expect(placementProblem({ widthInches: 13, xInches: 0, yInches: 0 }, front, 0.5)).toBe(
      'At this location the artwork can be at most 12 in wide (the area is 12 × 16 in).',
    );
    expect(placementProblem({ widthInches: 0.2, xInches: 0, yInches: 0 }, front, 1)).toBe(
      'The artwork must be at least 0.5 in wide.',
    );
  });

  it('gives the printed resolution as whole dots per inch', () => {
    expect(effectiveDpi(4000, 12)).toBe(333);
    expect(effectiveDpi(900, 12)).toBe(75);
  });
});

describe('a first placement at the priced size', () => {
  it('fits the artwork in a print size by its proportions, never over it, and centres it across', () => {
    const medium = { widthInches: 10, heightInches: 10 };
    expect(widthToFit(medium, 2)).toBe(5);
    expect(widthToFit(medium, 0.5)).toBe(10);
    // 10 / 1.5 is 6.666…: rounded down, so its height stays inside the size.
    expect(widthToFit(medium, 1.5)).toBe(6.66);
    const front = { placement: 'front' as const, widthInches: 12, heightInches: 16 };
    expect(centredAcross({ widthInches: 3.25, xInches: 0, yInches: 2 }, front)).toEqual({
      widthInches: 3.25,
      xInches: 4.38,
      yInches: 2,
    });
  });
});
