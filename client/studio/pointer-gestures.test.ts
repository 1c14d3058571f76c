import { describe, expect, it } from 'vitest';
import { goldDisc, textLayer } from '#tests/support/studio-design.ts';
import { gestureLayer } from './pointer-gestures.ts';

// The disc's centre is (6, 8) in the print area; the text's (6, 3).
describe('a pointer gesture on the selected layer', () => {
  it('moves a layer by what the pointer moved, to a tenth of an inch', () => {
    expect(gestureLayer('move', goldDisc, { x: 7, y: 9 }, { x: 8.26, y: 8.5 })).toMatchObject({ x: 7.3, y: 7.5 });
  });

  it('resizes from the centre: the pointer twice as far makes it twice as large, a text by its letters', () => {
    expect(gestureLayer('resize', goldDisc, { x: 8, y: 10 }, { x: 10, y: 12 })).toMatchObject({ widthInches: 8 });
    expect(gestureLayer('resize', goldDisc, { x: 8, y: 10 }, { x: 7, y: 9 })).toMatchObject({ widthInches: 2 });
    const text = textLayer({ sizeInches: 2 });
    expect(gestureLayer('resize', text, { x: 9, y: 3 }, { x: 7.5, y: 3 })).toMatchObject({ sizeInches: 1 });
  });

  it('turns around the centre, and settles on a quarter turn when near one', () => {
    // From straight above the centre to its right: a quarter turn clockwise.
    expect(gestureLayer('rotate', goldDisc, { x: 6, y: 5 }, { x: 9, y: 8 }).rotation).toBe(90);
    expect(gestureLayer('rotate', goldDisc, { x: 6, y: 5 }, { x: 9, y: 7.3 }).rotation).toBe(77);
    expect(gestureLayer('rotate', goldDisc, { x: 6, y: 5 }, { x: 9, y: 8.15 }).rotation).toBe(90);
    // Past half a turn it reads the short way round.
    expect(gestureLayer('rotate', { ...goldDisc, rotation: 170 }, { x: 6, y: 5 }, { x: 9, y: 8 }).rotation).toBe(-100);
  });
});
