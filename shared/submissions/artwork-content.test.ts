import { describe, expect, it } from 'vitest';
import { artworkKindError, artworkKindOf } from './artwork-content.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('artworkKindOf, the rule both the browser and the server apply', () => {
  it('knows each accepted kind by its first bytes, whatever the name says', () => {
    expect(artworkKindOf(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(artworkKindOf(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(artworkKindOf(bytes('%PDF-1.7\n'))).toBe('application/pdf');
    expect(artworkKindOf(bytes('%!PS-Adobe-3.0 EPSF-3.0\n'))).toBe('application/postscript');
    expect(artworkKindOf(Uint8Array.from([0xc5, 0xd0, 0xd3, 0xc6, 0]))).toBe('application/postscript');
  });

  it('knows an SVG by its root element after a declaration, comments and a doctype', () => {
    const svg =
      '\uFEFF<?xml version="1.0"?>\n<!-- logo -->\n<!DOCTYPE svg [<!ENTITY a "b">]>\n<svg xmlns="http://www.w3.org/2000/svg"/>';
    expect(artworkKindOf(bytes(svg))).toBe('image/svg+xml');
  });

  it('refuses a GIF, a program, HTML holding an SVG, plain text and bytes that are not UTF-8', () => {
    expect(artworkKindOf(bytes('GIF89a'))).toBeUndefined();
    expect(artworkKindOf(bytes('MZ\x90\x00'))).toBeUndefined();
    expect(artworkKindOf(bytes('<html><body><svg></svg></body></html>'))).toBeUndefined();
    expect(artworkKindOf(bytes('just words'))).toBeUndefined();
    expect(artworkKindOf(Uint8Array.from([0x3c, 0x73, 0x76, 0x67, 0x20, 0xff, 0xfe]))).toBeUndefined();
    expect(artworkKindOf(new Uint8Array())).toBeUndefined();
  });

  it('says which file, cleaned of folders, and what it should be', () => {
    expect(artworkKindError('C:\\Users\\dana\\notes.txt')).toBe(
      'notes.txt is not a PNG, JPEG, SVG, PDF, AI or EPS file (judged by its content, not its name).',
    );
  });
});
