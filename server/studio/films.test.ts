import { describe, expect, it } from 'vitest';
import { countInks } from '#shared/studio/ink-count.ts';
import { MESH_UNDERBASE } from '#shared/studio/mesh.ts';
import { threeBandPng } from '#tests/support/crafted-images.ts';
import { fiveLayerDesign, frontArea, navyTeeDesign, textLayer } from '#tests/support/studio-design.ts';
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

  it('separates a picture into the colours the customer confirmed: as many films as screens priced', async () => {
    const crest = {
      kind: 'upload' as const,
      uploadId: 'u-1',
      name: 'crest.png',
      colours: 3,
      widthInches: 6,
      heightInches: 3,
      x: 6,
      y: 10,
      rotation: 0,
    };
    const design = navyTeeDesign({ front: [textLayer({ inkId: 'white' }), crest] });
    const [counted] = countInks(design, true);
    if (!counted) throw new Error('no front');
    expect(counted.screens).toBe(5);
    const picture = { bytes: await threeBandPng(), mime: 'image/png' as const, aspect: 0.5 };
    const withPicture = prepareArt(
      { location: 'front', area: frontArea, layers: design.locations.front ?? [] },
      { fonts: studioFont, uploads: (id) => (id === 'u-1' ? picture : undefined) },
    );
    const { pdf, films } = await filmsPdf(withPicture, counted);
    expect(pages(pdf)).toBe(counted.screens);
    expect(films.map((film) => film.label)).toEqual([
      'Underbase (white)',
      'White',
      expect.stringMatching(/^Picture ‘crest\.png’, colour 1 of 3: \w[\w ]* #[0-9a-f]{6}$/),
      expect.stringMatching(/^Picture ‘crest\.png’, colour 2 of 3: /),
      expect.stringMatching(/^Picture ‘crest\.png’, colour 3 of 3: /),
    ]);
    // The picture's films name the shop's inks nearest its colours, each once.
    const named = films.slice(2).map((film) => /: (\w[\w ]*) #/.exec(film.label)?.[1]);
    expect(named.sort()).toEqual(['athletic gold', 'navy', 'white']);
    // Each film carries the picture: three pages with an image of their own, and the two ink films a knockout.
    expect(pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length).toBeGreaterThanOrEqual(5);
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
