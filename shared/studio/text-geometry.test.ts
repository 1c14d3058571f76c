import { describe, expect, it } from 'vitest';
import { studioFont } from '#server/studio/studio-fonts.ts';
import { capHeightUnits, textGeometry } from './text-geometry.ts';

const straight = { letterSpacing: 0, arc: null };

describe('textGeometry', () => {
  const font = studioFont('open-sans');

  it('draws capitals as tall as the size asked, in inches', () => {
    const { bounds } = textGeometry(font, { ...straight, text: 'HELL', sizeInches: 2 });
    // The baseline is y = 0 and y grows downwards: an H rises 2 in above it (round letters overshoot a hair).
    expect(-bounds.minY).toBeCloseTo(2, 2);
    expect(bounds.maxY).toBeCloseTo(0, 2);
  });

  it('centres the line on its origin and widens it with letter spacing', () => {
    const tight = textGeometry(font, { ...straight, text: 'TEAM', sizeInches: 1 });
    const loose = textGeometry(font, { ...straight, text: 'TEAM', sizeInches: 1, letterSpacing: 0.5 });
    // Centred on the advance, so the side bearings may shift the ink a little.
    expect(Math.abs(tight.bounds.minX + tight.bounds.maxX)).toBeLessThan(0.3);
    // Three gaps of half an inch each between four letters.
    expect(loose.bounds.maxX - loose.bounds.minX - (tight.bounds.maxX - tight.bounds.minX)).toBeCloseTo(1.5, 1);
  });

  it('bends an arc up: the first letter leans left, the last right, the ends lower than the middle', () => {
    const { glyphs, bounds } = textGeometry(font, {
      ...straight,
      text: 'WILDCATS',
      sizeInches: 1,
      arc: { degrees: 120, direction: 'up' },
    });
    const first = glyphs[0];
    const last = glyphs.at(-1);
    expect(first?.rotation).toBeLessThan(-30);
    expect(last?.rotation).toBeGreaterThan(30);
    // Not exactly opposite: a W is wider than an S.
    expect(Math.abs((first?.rotation ?? 0) + (last?.rotation ?? 0))).toBeLessThan(10);
    expect(first?.y).toBeGreaterThan(0.5);
    expect(bounds.maxY).toBeGreaterThan(0.5);
  });

  it('bends an arc down the other way', () => {
    const { glyphs } = textGeometry(font, {
      ...straight,
      text: 'WILDCATS',
      sizeInches: 1,
      arc: { degrees: 90, direction: 'down' },
    });
    expect(glyphs[0]?.rotation).toBeGreaterThan(20);
    expect(glyphs.at(-1)?.rotation).toBeLessThan(-20);
    expect(glyphs[0]?.y).toBeLessThan(-0.2);
  });

  it('names the characters the font cannot draw, once each', () => {
    const { missing } = textGeometry(font, { ...straight, text: 'Go ☃ team ☃ 漢', sizeInches: 1 });
    expect(missing).toEqual(['☃', '漢']);
  });

  it('reads the cap height from the font', () => {
    expect(capHeightUnits(font)).toBeGreaterThan(font.unitsPerEm / 2);
  });
});
