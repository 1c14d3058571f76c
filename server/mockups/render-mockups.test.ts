import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { StoredFile } from '#server/submissions/submission-store.ts';
import { garmentCatalogueSchema } from '#shared/garments/catalogue-schema.ts';
import { artBox } from '#shared/garments/placement-geometry.ts';
import { pricedGarment } from '#shared/garments/priced-garments.ts';
import { animatedPng, bombPng, cmykJpeg, flatPng, marginPng, sixteenBitPng } from '#tests/support/crafted-images.ts';
import { minimalPdf } from '#tests/support/minimal-pdf.ts';
import { MAX_ARTWORK_PIXELS } from './artwork-image.ts';
import type { MockupLocation } from './mockup-order.ts';
import { MOCKUP_SCALE, renderMockups } from './render-mockups.ts';

const catalogue = garmentCatalogueSchema.parse(
  JSON.parse(readFileSync('tests/fixtures/site-data/garments.json', 'utf8')),
);
const tee = catalogue.garments.find((garment) => garment.id === 'test-tee');
if (!tee) throw new Error('fixture tee missing');
const garment = pricedGarment(tee);
const navy = { name: 'Navy', hex: '#1f2a44' };
const front = tee.printAreas.find((area) => area.placement === 'front');
if (!front) throw new Error('fixture tee has no front');

const file = (data: Buffer, mediaType = 'image/png', name = 'logo.png'): StoredFile => ({
  name,
  mediaType,
  size: data.length,
  data,
});
const at = (art: MockupLocation['art'], placement: MockupLocation['placement'] = 'front', row = 1): MockupLocation => ({
  row,
  placement,
  art,
  file: 0,
});

async function pixelAt(jpeg: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const offset = (Math.round(y) * info.width + Math.round(x)) * info.channels;
  return [data[offset] ?? -1, data[offset + 1] ?? -1, data[offset + 2] ?? -1];
}
const near = (actual: number[], expected: number[]) =>
  actual.every((value, index) => Math.abs(value - (expected[index] ?? 0)) <= 12);

describe('renderMockups', () => {
  it('draws the artwork at its placement on the garment in its colour, and says its size and resolution', async () => {
    const art = file(await flatPng(2000, 1000, '#ffcc00'));
    const placement = { widthInches: 8, xInches: 2, yInches: 3 };
    const result = await renderMockups({ garment, color: navy, files: [art], locations: [at(placement)] });
    expect(result.errors).toEqual({});
    expect(result.mockups).toHaveLength(1);
    const [mockup] = result.mockups;
    if (!mockup) throw new Error('no mockup');
    expect(mockup).toMatchObject({ view: 'front', mediaType: 'image/jpeg' });
    expect(mockup.details).toEqual({
      garmentId: 'test-tee',
      garmentName: 'Millbrook 100 Cotton tee',
      color: 'Navy',
      hex: '#1f2a44',
      placements: [
        {
          row: 1,
          placement: 'front',
          file: 0,
          widthInches: 8,
          heightInches: 4,
          xInches: 2,
          yInches: 3,
          dpi: 250,
          notes: [],
        },
      ],
    });
    const box = artBox('tee', front, placement, 0.5);
    if (!box) throw new Error('no box');
    const scaled = (value: number) => value * MOCKUP_SCALE;
    // The artwork's centre is the artwork; just outside its left edge, the navy fabric.
    expect(
      near(await pixelAt(mockup.data, scaled(box.x + box.width / 2), scaled(box.y + box.height / 2)), [255, 204, 0]),
    ).toBe(true);
    expect(
      near(await pixelAt(mockup.data, scaled(box.x - 4), scaled(box.y + box.height / 2)), [0x1f, 0x2a, 0x44]),
    ).toBe(true);
  });

  it('measures a PNG by its ink: transparent margins are trimmed before the size, the resolution and the picture', async () => {
    // 3,000 × 2,000 pixels of which the ink is 2,000 × 1,000: at 8 in wide it is 8 × 4 in at 250 dpi, not 8 × 5.33.
    const art = file(await marginPng(3000, 2000, { left: 600, top: 700, width: 2000, height: 1000 }, '#ffcc00'));
    const placement = { widthInches: 8, xInches: 2, yInches: 3 };
    const result = await renderMockups({ garment, color: navy, files: [art], locations: [at(placement)] });
    expect(result.errors).toEqual({});
    const [mockup] = result.mockups;
    if (!mockup) throw new Error('no mockup');
    expect(mockup.details.placements[0]).toMatchObject({
      widthInches: 8,
      heightInches: 4,
      dpi: 250,
      notes: ['Measured by its ink: the transparent margins of the file are left out.'],
    });
    // The ink fills the placed box to its corners: the margin is not drawn (nor counted).
    const box = artBox('tee', front, placement, 0.5);
    if (!box) throw new Error('no box');
    const scaled = (value: number) => value * MOCKUP_SCALE;
    expect(near(await pixelAt(mockup.data, scaled(box.x + 3), scaled(box.y + 3)), [255, 204, 0])).toBe(true);
    expect(
      near(await pixelAt(mockup.data, scaled(box.x + box.width - 3), scaled(box.y + box.height - 3)), [255, 204, 0]),
    ).toBe(true);
  });

  it('makes one picture per view: the front with its chest print, the back with its own', async () => {
    const art = file(await flatPng(400, 400, '#ffffff'));
    const result = await renderMockups({
      garment,
      color: navy,
      files: [art],
      locations: [
        at({ widthInches: 10 }),
        at({ widthInches: 3.5 }, 'left-chest', 2),
        at({ widthInches: 12 }, 'back', 3),
      ],
    });
    expect(result.mockups.map((mockup) => [mockup.view, mockup.details.placements.map((p) => p.placement)])).toEqual([
      ['front', ['front', 'left-chest']],
      ['back', ['back']],
    ]);
  });

  it('centres a width given without a position at the top of the area, narrowed to fit a tall artwork, and says so', async () => {
    // Twice as tall as wide: at 12 in it would be 24 in tall; the front area is 16 in tall.
    const art = file(await flatPng(1500, 3000, '#ffffff'));
    const result = await renderMockups({ garment, color: navy, files: [art], locations: [at({ widthInches: 12 })] });
    expect(result.mockups[0]?.details.placements[0]).toMatchObject({
      widthInches: 8,
      heightInches: 16,
      xInches: 2,
      yInches: 0,
      notes: ['Narrowed from 12 in to 8 in wide: at 12 in the artwork is taller than the print area (16 in).'],
    });
  });

  it('refuses a posted position outside the print area, and a width beyond it, beside the right field', async () => {
    const art = file(await flatPng(1000, 1000, '#ffffff'));
    const outside = await renderMockups({
      garment,
      color: navy,
      files: [art],
      locations: [at({ widthInches: 6, xInches: 4, yInches: 12 })],
    });
    expect(outside).toEqual({ mockups: [], errors: { loc1ArtX: 'The artwork must sit inside the print area.' } });
    const wide = await renderMockups({
      garment,
      color: navy,
      files: [art],
      locations: [at({ widthInches: 5, xInches: 0, yInches: 0 }, 'left-chest')],
    });
    expect(wide.errors).toEqual({
      loc1ArtWidth: 'At this location the artwork can be at most 4 in wide (the area is 4 × 4 in).',
    });
  });

  it('warns under 150 dpi at the printed size', async () => {
    const art = file(await flatPng(900, 900, '#ffffff'));
    const result = await renderMockups({ garment, color: navy, files: [art], locations: [at({ widthInches: 12 })] });
    expect(result.mockups[0]?.details.placements[0]).toMatchObject({
      dpi: 75,
      notes: ['75 dpi at this size: under 150 dpi the print may look soft or jagged.'],
    });
  });
});

describe('odd and hostile artwork', () => {
  const render = (art: StoredFile) =>
    renderMockups({ garment, color: navy, files: [art], locations: [at({ widthInches: 6 })] });

  it('refuses a decompression bomb by its declared size, before decoding it', async () => {
    const bomb = bombPng(30_000, 30_000);
    expect(bomb.length).toBeLessThan(1000);
    expect((await render(file(bomb, 'image/png', 'bomb.png'))).errors).toEqual({
      artwork: `bomb.png is too large to open: it has more than ${MAX_ARTWORK_PIXELS / 1_000_000} million pixels. Send a smaller copy (4,000 pixels across is plenty).`,
    });
  });

  it('refuses an empty or corrupt image with a message naming it', async () => {
    const damaged = 'could not be read as an image: it may be damaged or empty. Send it again.';
    expect((await render(file(Buffer.alloc(0), 'image/png', 'empty.png'))).errors).toEqual({
      artwork: `empty.png ${damaged}`,
    });
    const png = await flatPng(100, 100, '#ffffff');
    const corrupt = Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 0x41)]);
    expect((await render(file(corrupt, 'image/png', 'corrupt.png'))).errors).toEqual({
      artwork: `corrupt.png ${damaged}`,
    });
  });

  it('takes the first frame of an animated PNG, and says so', async () => {
    const result = await render(file(animatedPng(await flatPng(1000, 1000, '#ffffff'))));
    expect(result.mockups[0]?.details.placements[0]?.notes).toEqual([
      'Animated image: the mockup shows its first frame.',
    ]);
  });

  it('converts CMYK and 16-bit images, and says so', async () => {
    const cmyk = await render(file(await cmykJpeg(1000, 1000, '#ff0000'), 'image/jpeg', 'logo.jpg'));
    expect(cmyk.mockups[0]?.details.placements[0]?.notes).toEqual([
      'CMYK image: converted to RGB for the mockup (the print uses your file).',
    ]);
    const deep = await render(file(await sixteenBitPng(1000, 1000, '#00ff00')));
    expect(deep.mockups[0]?.details.placements[0]?.notes).toEqual([
      '16-bit image: converted to 8-bit for the mockup (the print uses your file).',
    ]);
  });

  it('rasterises an SVG with its script and outside references stripped, as vector (no dpi)', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="50" onload="alert(1)"><script>alert(2)</script><image xlink:href="file:///etc/passwd" width="100" height="50"/><rect width="100" height="50" fill="#ffcc00"/></svg>',
    );
    const result = await render(file(svg, 'image/svg+xml', 'logo.svg'));
    expect(result.errors).toEqual({});
    expect(result.mockups[0]?.details.placements[0]).toMatchObject({ widthInches: 6, heightInches: 3, notes: [] });
    expect(result.mockups[0]?.details.placements[0]).not.toHaveProperty('dpi');
  });

  it('leaves PDF artwork for the shop to place: no mockup, no error', async () => {
    expect(await render(file(minimalPdf(), 'application/pdf', 'logo.pdf'))).toEqual({ mockups: [], errors: {} });
  });
});

describe('a studio design on the garment', () => {
  const disc = (x: number, y: number) => ({
    kind: 'motif' as const,
    motifId: 'circle',
    inkId: 'white',
    widthInches: 4,
    x,
    y,
    rotation: 0,
  });

  it('draws each layer at true size in the print area, cut at the area’s edge as the press file’s page is', async () => {
    // A 4 in disc centred on the area's left edge: its left half would print off the area.
    const result = await renderMockups({
      garment,
      color: navy,
      files: [],
      locations: [],
      design: [{ row: 1, placement: 'front', layers: [disc(0, 4)] }],
    });
    const [mockup] = result.mockups;
    const box = artBox('tee', front as NonNullable<typeof front>, { widthInches: 4, xInches: 0, yInches: 2 }, 1);
    if (!mockup || !box) throw new Error('no mockup');
    expect(mockup.details.placements[0]).toMatchObject({ widthInches: 4, heightInches: 4, xInches: -2, yInches: 2 });
    const middle = (box.y + box.height / 2) * MOCKUP_SCALE;
    // 1 in inside the edge: white ink; 1 in outside: the garment.
    expect(near(await pixelAt(mockup.data, (box.x + box.width / 4) * MOCKUP_SCALE, middle), [255, 255, 255])).toBe(
      true,
    );
    expect(near(await pixelAt(mockup.data, (box.x - box.width / 4) * MOCKUP_SCALE, middle), [0x1f, 0x2a, 0x44])).toBe(
      true,
    );
  });

  it('names the characters its font cannot draw and the picture layers it leaves to the shop', async () => {
    const result = await renderMockups({
      garment,
      color: navy,
      files: [],
      locations: [],
      design: [
        {
          row: 0,
          placement: 'back',
          layers: [
            {
              kind: 'text',
              text: 'Go ☃',
              fontId: 'oswald',
              inkId: 'white',
              sizeInches: 1,
              letterSpacing: 0,
              outline: null,
              arc: null,
              x: 6,
              y: 3,
              rotation: 0,
            },
            { kind: 'upload', uploadId: 'upload-0001', widthInches: 3, x: 6, y: 8, rotation: 0 },
          ],
        },
      ],
    });
    expect(result.mockups.map((mockup) => mockup.view)).toEqual(['back']);
    expect(result.mockups[0]?.details.placements[0]?.notes).toEqual([
      'From the studio design, 2 layers.',
      'Layer 1: the font has no ☃, which prints as an empty box.',
      'A picture layer is not drawn here (its file was not sent with it): the shop places it by hand.',
    ]);
  });
});
