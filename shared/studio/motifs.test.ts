import { describe, expect, it } from 'vitest';
import { studioFonts } from './fonts.ts';
import { inks } from './inks.ts';
import { motifShapes } from './motif-shapes.ts';
import { motifs, searchMotifs } from './motifs.ts';

describe('the studio’s bundled choices', () => {
  it('offers at least 60 motifs, each drawn', () => {
    expect(motifs.length).toBeGreaterThanOrEqual(60);
    expect(new Set(motifs.map((motif) => motif.id)).size).toBe(motifs.length);
    for (const motif of motifs) expect(motifShapes[motif.id]?.paths.length, motif.id).toBeGreaterThan(0);
    expect(Object.keys(motifShapes).length).toBe(motifs.length);
  });

  it('mostly draws solid shapes', () => {
    expect(motifs.filter((motif) => motif.set === 'filled').length).toBeGreaterThan(motifs.length * 0.75);
  });

  it('finds motifs by the start of any of their words', () => {
    expect(searchMotifs('bask').map((motif) => motif.id)).toEqual(['basketball']);
    expect(searchMotifs('ball sport').length).toBeGreaterThanOrEqual(6);
    expect(searchMotifs('Paw')[0]?.id).toBe('paw');
    expect(searchMotifs('zzz')).toEqual([]);
    expect(searchMotifs('  ').length).toBe(motifs.length);
  });

  it('offers eight fonts and distinct inks', () => {
    expect(studioFonts).toHaveLength(8);
    expect(new Set(inks.map((ink) => ink.hex)).size).toBe(inks.length);
  });
});
