import { describe, expect, it } from 'vitest';
import {
  ARTWORK_MAX_FILE_BYTES,
  ARTWORK_MAX_FILES,
  ARTWORK_MAX_TOTAL_BYTES,
  type ArtworkFileInfo,
  artworkListError,
  cleanFileName,
} from './artwork.ts';

const MB = 1024 * 1024;
const file = (name: string, size: number): ArtworkFileInfo => ({ name, size });

describe('artwork list', () => {
  it('accepts no file, and the most files of the most size', () => {
    expect(artworkListError([])).toBeUndefined();
    const five = Array.from({ length: ARTWORK_MAX_FILES }, (_, i) => file(`logo${i}.png`, ARTWORK_MAX_TOTAL_BYTES / 5));
    expect(artworkListError(five)).toBeUndefined();
    expect(artworkListError([file('big.pdf', ARTWORK_MAX_FILE_BYTES)])).toBeUndefined();
  });

  it('refuses a sixth file', () => {
    const six = Array.from({ length: 6 }, (_, i) => file(`logo${i}.png`, 1000));
    expect(artworkListError(six)).toBe('Attach at most 5 files; you chose 6.');
  });

  it('names the file that is too big, with its size and the limit', () => {
    expect(artworkListError([file('small.png', 1000), file('poster.pdf', 11 * MB)])).toBe(
      'poster.pdf is 11 MB; each file may be at most 10 MB.',
    );
    expect(artworkListError([file('just-over.png', ARTWORK_MAX_FILE_BYTES + 1)])).toMatch(/^just-over\.png is /);
  });

  it('refuses files that are each small enough but too big together', () => {
    const files = [file('a.pdf', 10 * MB), file('b.pdf', 10 * MB), file('c.pdf', 6 * MB)];
    expect(artworkListError(files)).toBe('These files come to 26 MB; together they may be at most 25 MB.');
  });

  it('names an empty file', () => {
    expect(artworkListError([file('logo.png', 2000), file('blank.svg', 0)])).toBe(
      'blank.svg is empty. Choose the file again.',
    );
  });
});

describe('artwork file names with hidden characters', () => {
  it.each(['logo\u202Egnp.exe', 'logo\r\n.png', 'lo\u0000go.png', 'lo\u200Bgo.png'])(
    'refuses %j with a clear message that does not repeat the name',
    (name) => {
      const message = artworkListError([file('fine.png', 10), file(name, 10)]);
      expect(message).toBe(
        'A file name holds hidden control or direction characters. Rename the file and choose it again.',
      );
    },
  );
});

describe('artwork file name', () => {
  it('keeps a plain name as it is', () => {
    expect(cleanFileName('Team Logo (final) v2.png')).toBe('Team Logo (final) v2.png');
  });

  it.each([
    ['C:\\Users\\ann\\Desktop\\logo.png', 'logo.png'],
    ['../../etc/passwd', 'passwd'],
    ['/var/www/logo.svg', 'logo.svg'],
    ['folder/', 'artwork'],
  ])('drops the folders of %s', (name, cleaned) => {
    expect(cleanFileName(name)).toBe(cleaned);
  });

  it('drops control characters and characters no file name may hold', () => {
    expect(cleanFileName('lo\u0000go\r\n\u001b[31m.png')).toBe('logo[31m.png');
    expect(cleanFileName('<script>"a|b?*:c".png')).toBe('scriptabc.png');
  });

  it.each([
    ['.htaccess', 'htaccess'],
    ['...logo.png', 'logo.png'],
    ['.', 'artwork'],
    ['..', 'artwork'],
    ['', 'artwork'],
    ['   ', 'artwork'],
  ])('never starts with a dot or ends up empty: %j', (name, cleaned) => {
    expect(cleanFileName(name)).toBe(cleaned);
  });

  it('caps a long name at 120 characters and keeps its extension', () => {
    const cleaned = cleanFileName(`${'a'.repeat(300)}.pdf`);
    expect(cleaned).toHaveLength(120);
    expect(cleaned.endsWith('a.pdf')).toBe(true);
  });

  it('never cuts a character in half when it caps the name', () => {
    // 130 emoji (two UTF-16 units each) and 5 more units: the 120th character from the end falls inside one.
    const cleaned = cleanFileName(`${'😀'.repeat(130)}a.png`);
    expect(cleaned.isWellFormed()).toBe(true);
    expect(cleaned).toBe(`${'😀'.repeat(115)}a.png`);
  });

  it('does not bring a leading dot back when it caps the name', () => {
    expect(cleanFileName(`logo${'.'.repeat(200)}png`)).toBe('png');
    expect(cleanFileName(`logo${'.'.repeat(200)}`)).toBe('artwork');
  });
});
