import { describe, expect, it } from 'vitest';
import { countInks } from '#shared/studio/ink-count.ts';
import { MESH_UNDERBASE } from '#shared/studio/mesh.ts';
import { fiveLayerDesign, frontArea } from '#tests/support/studio-design.ts';
import { filmList, filmsPdf } from './films.ts';
import { prepareArt } from './press-file.ts';
import { studioFont } from './studio-fonts.ts';

const layers = fiveLayerDesign.locations.front ?? [];
const prepared = prepareArt({ location: 'front', area: frontArea, layers }, { fonts: studioFont });
const pages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;

describe('screen-printing films', () => {
  it('makes one film per ink plus the underbase on a dark garment', async () => {
    const [counted] = countInks(fiveLayerDesign, true);
    if (!counted) throw new Error('no front');
    expect(counted.screens).toBe(3);
    const { pdf, films } = await filmsPdf(prepared, counted);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pages(pdf)).toBe(counted.screens);
    expect(films.map((film) => film.label)).toEqual(['Underbase (white)', 'White', 'Athletic gold']);
    expect(films[0]?.mesh).toBe(MESH_UNDERBASE);
  });

  it('makes no underbase film on a light garment', async () => {
    const [counted] = countInks(fiveLayerDesign, false);
    if (!counted) throw new Error('no front');
    const { pdf } = await filmsPdf(prepared, counted);
    expect(pages(pdf)).toBe(2);
  });

  it('suggests a finer mesh for an ink used only in fine lines', () => {
    const thin = prepareArt(
      {
        location: 'front',
        area: frontArea,
        layers: [{ kind: 'motif', motifId: 'basketball', inkId: 'red', widthInches: 0.4, x: 6, y: 6, rotation: 0 }],
      },
      { fonts: studioFont },
    );
    const bold = prepareArt(
      {
        location: 'front',
        area: frontArea,
        layers: [{ kind: 'motif', motifId: 'heart', inkId: 'red', widthInches: 6, x: 6, y: 6, rotation: 0 }],
      },
      { fonts: studioFont },
    );
    const counted = {
      location: 'front' as const,
      inks: ['red'],
      count: 1,
      underbase: false,
      screens: 1,
      uploads: 0,
      sentence: '',
    };
    expect(filmList(thin, counted)[0]?.mesh).toBe(230);
    expect(filmList(bold, counted)[0]?.mesh).toBe(156);
  });
});
