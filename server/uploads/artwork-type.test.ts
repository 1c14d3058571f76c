import { describe, expect, it } from 'vitest';
import { artworkFileName, artworkTypeOf } from './artwork-type.ts';

const text = (value: string) => Buffer.from(value, 'utf8');

describe('artworkTypeOf for SVG, which has no magic number', () => {
  it('knows an SVG by its root element, after a prolog and comments', async () => {
    const svg = '<?xml version="1.0"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>';
    expect(await artworkTypeOf(text(svg))).toBe('image/svg+xml');
  });

  it('knows an SVG with the XML declaration that drawing programs write first', async () => {
    const svg =
      '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<svg xmlns="http://www.w3.org/2000/svg"></svg>';
    expect(await artworkTypeOf(text(svg))).toBe('image/svg+xml');
  });

  it('refuses other XML, HTML holding an SVG, plain text, and bytes that are not UTF-8', async () => {
    expect(await artworkTypeOf(text('<?xml version="1.0"?><note>hello</note>'))).toBeUndefined();
    expect(await artworkTypeOf(text('<html><body><svg></svg></body></html>'))).toBeUndefined();
    expect(await artworkTypeOf(text('just words'))).toBeUndefined();
    expect(await artworkTypeOf(Buffer.from([0x3c, 0x73, 0x76, 0x67, 0xff, 0xfe]))).toBeUndefined();
  });

  it('judges a 10 MB root tag of attributes at once instead of freezing the server', async () => {
    // Full validation of this takes minutes (quadratic in the attributes); every visitor would wait.
    const bomb = text(`<svg ${'a="b" '.repeat(1_700_000)}>`);
    const started = performance.now();
    await artworkTypeOf(bomb);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('artworkFileName', () => {
  it('keeps a name whose extension matches the content, in any case', () => {
    expect(artworkFileName('Team Logo.PNG', 'image/png')).toBe('Team Logo.PNG');
    expect(artworkFileName('photo.jpeg', 'image/jpeg')).toBe('photo.jpeg');
    expect(artworkFileName('mascot.ai', 'application/pdf')).toBe('mascot.ai');
    expect(artworkFileName('old-mascot.ai', 'application/postscript')).toBe('old-mascot.ai');
  });

  it('gives the extension of the content to a name that claims another or none', () => {
    expect(artworkFileName('quote.html', 'image/png')).toBe('quote.png');
    expect(artworkFileName('invoice.pdf.exe', 'application/pdf')).toBe('invoice.pdf.pdf');
    expect(artworkFileName('logo', 'image/svg+xml')).toBe('logo.svg');
    expect(artworkFileName('v1.2 final', 'image/jpeg')).toBe('v1.2 final.jpg');
  });
});
