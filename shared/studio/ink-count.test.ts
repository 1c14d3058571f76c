import { describe, expect, it } from 'vitest';
import type { StudioDesign } from './design-schema.ts';
import { countInks } from './ink-count.ts';

const text = (inkId: string, outline: string | null = null) => ({
  kind: 'text' as const,
  text: 'TIGERS',
  fontId: 'graduate',
  inkId,
  sizeInches: 2,
  letterSpacing: 0,
  outline: outline ? { inkId: outline, widthInches: 0.08 } : null,
  arc: null,
  x: 6,
  y: 3,
  rotation: 0,
});
const motif = (inkId: string) => ({
  kind: 'motif' as const,
  motifId: 'paw',
  inkId,
  widthInches: 3,
  x: 6,
  y: 8,
  rotation: 0,
});

const design = (method: StudioDesign['method'], front: StudioDesign['locations']['front']): StudioDesign => ({
  garmentId: 'gildan-5000',
  colorName: 'Navy',
  method,
  locations: { front },
});

describe('countInks', () => {
  it('counts an outline ink, and each ink once, and adds the underbase on a dark garment', () => {
    const [front] = countInks(
      design('screen-printing', [text('athletic-gold', 'white'), motif('red'), motif('white')]),
      true,
    );
    expect(front?.inks).toEqual(['white', 'athletic-gold', 'red']);
    expect(front?.screens).toBe(4);
    expect(front?.sentence).toBe('3 inks + underbase = 4 screens');
  });

  it('needs no underbase on a light garment', () => {
    const [front] = countInks(design('screen-printing', [text('black'), motif('black')]), false);
    expect(front?.underbase).toBe(false);
    expect(front?.sentence).toBe('1 ink = 1 screen');
  });

  it('burns no screens for direct-to-garment, and counts threads for embroidery', () => {
    expect(countInks(design('direct-to-garment', [text('red'), motif('navy')]), true)[0]).toMatchObject({
      screens: 0,
      underbase: false,
      sentence: '2 ink colours, printed in full colour (no screens)',
    });
    expect(countInks(design('embroidery', [text('red', 'white')]), false)[0]?.sentence).toBe('2 thread colours');
  });

  it('leaves an upload’s colours to the shop and says so', () => {
    const upload = { kind: 'upload' as const, uploadId: 'abcdefgh12', widthInches: 4, x: 6, y: 8, rotation: 0 };
    expect(countInks(design('screen-printing', [text('white'), upload]), false)[0]?.sentence).toBe(
      '1 ink = 1 screen, plus the colours of 1 picture (the shop counts those)',
    );
  });

  it('counts a picture’s confirmed colours as inks, each picture its own, and prices on them', () => {
    const upload = { kind: 'upload' as const, uploadId: 'abcdefgh12', widthInches: 4, x: 6, y: 8, rotation: 0 };
    const [front] = countInks(
      design('screen-printing', [text('white'), { ...upload, colours: 3 }, { ...upload, colours: 2 }]),
      true,
    );
    expect(front).toMatchObject({ inks: ['white'], count: 6, screens: 7, uploads: 0 });
    expect(front?.sentence).toBe('6 inks + underbase = 7 screens');
    const [mixed] = countInks(design('screen-printing', [{ ...upload, colours: 3 }, upload]), false);
    expect(mixed?.sentence).toBe('3 inks = 3 screens, plus the colours of 1 picture (the shop counts those)');
    expect(countInks(design('screen-printing', [upload, upload]), true)[0]?.sentence).toBe(
      'The colours of 2 pictures (the shop counts those) + underbase',
    );
    // Direct to garment prints every shade: nothing for the shop to count.
    expect(countInks(design('direct-to-garment', [upload]), true)[0]?.sentence).toBe(
      'Printed in full colour (no screens)',
    );
    expect(countInks(design('direct-to-garment', [text('red'), upload]), true)[0]?.sentence).toBe(
      '1 ink colour, printed in full colour (no screens)',
    );
  });

  it('skips a location without layers', () => {
    expect(countInks(design('screen-printing', []), true)).toEqual([]);
  });
});
