import { describe, expect, it } from 'vitest';
import { studioFonts } from '#shared/studio/fonts.ts';
import { textGeometry } from '#shared/studio/text-geometry.ts';
import { studioFont } from './studio-fonts.ts';

describe('studioFont', () => {
  it('parses every studio font from its package and draws the alphabet and digits with it', () => {
    for (const { id } of studioFonts) {
      const font = studioFont(id);
      const drawn = textGeometry(font, {
        text: 'ABCXYZ abcxyz 0123456789 &!',
        sizeInches: 1,
        letterSpacing: 0,
        arc: null,
      });
      expect(drawn.missing, id).toEqual([]);
      expect(drawn.pathData.length, id).toBeGreaterThan(100);
    }
  });

  it('parses a font once', () => {
    expect(studioFont('oswald')).toBe(studioFont('oswald'));
  });

  it('refuses a font the studio does not have', () => {
    expect(() => studioFont('comic-sans')).toThrow('Unknown studio font "comic-sans"');
  });
});
