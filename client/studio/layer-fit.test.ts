import { describe, expect, it } from 'vitest';
import type { DesignLayer } from '#shared/studio/design-schema.ts';
import { fitToArea } from './layer-fit.ts';
import { layerLabel, moveWords } from './layer-words.ts';

const chest = { placement: 'left-chest' as const, widthInches: 4, heightInches: 4 };
const star: DesignLayer = {
  kind: 'motif',
  motifId: 'star',
  inkId: 'athletic-gold',
  widthInches: 6,
  x: 2,
  y: 2,
  rotation: 0,
};

describe('fitting a layer to the print area', () => {
  it('shrinks a motif larger than the area and says so', () => {
    const { layer, note } = fitToArea(star, chest);
    expect(layer.kind === 'motif' && layer.widthInches).toBe(4);
    expect(note).toBe('Too large for the 4 × 4 in print area: shrunk to 4 in.');
  });

  it('keeps a layer moved off the edge inside the area', () => {
    const { layer, note } = fitToArea({ ...star, widthInches: 2, x: 3.9 }, chest);
    expect(layer.x).toBe(3);
    expect(note).toBe('Kept inside the print area.');
  });

  it('changes nothing, and says nothing, when the layer fits', () => {
    expect(fitToArea({ ...star, widthInches: 2 }, chest)).toEqual({ layer: { ...star, widthInches: 2 }, note: '' });
  });
});

describe('layer words', () => {
  it('names a layer by what it is, its ink in words and its size', () => {
    expect(layerLabel({ ...star, rotation: 15 }, 3.5)).toBe('Motif Star, Athletic gold, 3.5 in wide, turned 15°');
    expect(moveWords(-0.1, 0)).toBe('0.1 in left');
    expect(moveWords(0, 1)).toBe('1 in down');
  });
});
