import { describe, expect, it } from 'vitest';
import { randomPng } from '#tests/support/random-png.ts';
import { fiveLayerDesign, frontArea } from '#tests/support/studio-design.ts';
import { type LocationArt, prepareArt, pressPdf, pressSvg } from './press-file.ts';
import { studioFont } from './studio-fonts.ts';

const art: LocationArt = { location: 'front', area: frontArea, layers: fiveLayerDesign.locations.front ?? [] };

describe('the press file', () => {
  const prepared = prepareArt(art, { fonts: studioFont });

  it('is an SVG at the print area’s true size, one group per layer, each in its ink', () => {
    const svg = pressSvg(prepared);
    expect(svg).toMatch(/^<svg [^>]*width="12in" height="16in" viewBox="0 0 12 16"/);
    const groups = svg.match(/<g id="layer-\d+"/g) ?? [];
    expect(groups).toHaveLength(5);
    // Gold text with a white outline, white motifs: the swatches of the shop's inks.
    expect(svg).toContain('fill="#ffb81c"');
    expect(svg).toContain('stroke="#ffffff"');
    // Text is drawn as outlines, never as text a machine without the font would substitute.
    expect(svg).not.toContain('<text');
  });

  it('puts each layer where the design says, about its middle', () => {
    const svg = pressSvg(prepared);
    expect(svg).toMatch(
      /<g id="layer-3" data-kind="motif" transform="translate\(2\.2 8\) rotate\(-15\) scale\([\d.]+\) translate\(-12 -12\)"/,
    );
  });

  it('names the characters a font cannot draw', () => {
    const withSnowman = prepareArt(
      { ...art, layers: [{ ...(art.layers[4] as (typeof art.layers)[number] & { kind: 'text' }), text: 'Go ☃' }] },
      { fonts: studioFont },
    );
    expect(withSnowman.missing).toEqual([{ layer: 0, chars: ['☃'] }]);
  });

  it('is a one-page vector PDF at 72 points per inch', async () => {
    const pdf = await pressPdf(prepared);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdf.toString('latin1');
    expect(text.match(/\/Type \/Page\b/g)).toHaveLength(1);
    expect(text).toContain('/MediaBox [0 0 864 1152]');
  });
});

describe('an upload in the press file', () => {
  const upload = { kind: 'upload' as const, uploadId: 'upload-0001', widthInches: 4, x: 6, y: 6, rotation: 0 };

  it('is placed at its width and proportions, from the picture the uploads store hands over', () => {
    const picture = { bytes: randomPng(8), mime: 'image/png' as const, aspect: 0.5 };
    const prepared = prepareArt({ ...art, layers: [upload] }, { fonts: studioFont, uploads: () => picture });
    const svg = pressSvg(prepared);
    expect(svg).toContain('<image href="data:image/png;base64,');
    expect(svg).toContain('x="-2" y="-1" width="4" height="2"');
    expect(prepared.missingUploads).toEqual([]);
  });

  it('is reported when the store has no such upload', () => {
    expect(prepareArt({ ...art, layers: [upload] }, { fonts: studioFont }).missingUploads).toEqual(['upload-0001']);
  });
});
