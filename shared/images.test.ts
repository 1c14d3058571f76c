import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import media from '#data/media.json' with { type: 'json' };
import { type ImageKind, imageHeight, imageKinds, imageSrcSet, imageUrl } from './images.ts';

const kinds = Object.keys(imageKinds) as ImageKind[];

describe('imageKinds', () => {
  it.each(kinds)('%s: widths ascend and include the intrinsic width', (kind) => {
    const { width, widths } = imageKinds[kind];
    expect(widths).toEqual([...new Set(widths)].sort((a, b) => a - b));
    expect(widths).toContain(width);
  });

  it.each([
    ['slide-landscape', 12 / 5],
    ['slide-portrait', 4 / 5],
    ['brand', 2],
  ] as const)('%s keeps the ratio the artwork is drawn at', (kind, ratio) => {
    expect(imageKinds[kind].width / imageKinds[kind].height).toBeCloseTo(ratio, 10);
  });
});

describe('imageHeight', () => {
  it('gives the intrinsic height for the intrinsic width', () => {
    for (const kind of kinds) expect(imageHeight(kind, imageKinds[kind].width)).toBe(imageKinds[kind].height);
  });

  it('rounds to the nearest pixel', () => {
    expect(imageHeight('slide-landscape', 1024)).toBe(427);
    expect(imageHeight('slide-portrait', 828)).toBe(1035);
    expect(imageHeight('brand', 320)).toBe(160);
  });
});

describe('urls', () => {
  it('name the file the build writes', () => {
    expect(imageUrl('brand-01', 320, 'webp')).toBe('/images/brand-01-320.webp');
  });

  it('list every width once, ascending, as a srcset', () => {
    expect(imageSrcSet('brand-02', 'brand', 'avif')).toBe(
      '/images/brand-02-160.avif 160w, /images/brand-02-320.avif 320w',
    );
    const entries = imageSrcSet('slide-dtg-landscape', 'slide-landscape', 'webp').split(', ');
    expect(entries).toEqual(
      imageKinds['slide-landscape'].widths.map((width) => `/images/slide-dtg-landscape-${width}.webp ${width}w`),
    );
  });
});

describe('SVG sources for data/media.json', () => {
  const sources: [string, ImageKind][] = [
    ...media.slides.flatMap((slide): [string, ImageKind][] => [
      [slide.imageLandscape, 'slide-landscape'],
      [slide.imagePortrait, 'slide-portrait'],
    ]),
    ...media.brands.map((brand): [string, ImageKind] => [brand.image, 'brand']),
  ];

  // A source drawn at another ratio would be squashed by the build, not cropped.
  it.each(sources)('%s is drawn at the ratio of %s, with a title and no text', (name, kind) => {
    const svg = readFileSync(new URL(`../assets/images/${name}.svg`, import.meta.url), 'utf8');
    const viewBox = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg);
    expect(viewBox).not.toBeNull();
    const [, width, height] = viewBox ?? [];
    expect(Number(width) / Number(height)).toBeCloseTo(imageKinds[kind].width / imageKinds[kind].height, 2);
    expect(svg).toMatch(/<title>[^<]+<\/title>/);
    // The build machines may lack fonts, and the page lays its own text over the slides.
    expect(svg).not.toMatch(/<text[\s>]/);
  });
});
