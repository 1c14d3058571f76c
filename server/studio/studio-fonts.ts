/**
 * The studio's fonts, parsed on the server from the very WOFF files the browser loads: read from the
 * Fontsource packages in node_modules, so nothing has to be installed on the machine. Each file is parsed
 * the first time a design uses it (about 10 ms) and kept, so a render never parses twice.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import opentype, { type Font } from 'opentype.js';
import { fontById } from '#shared/studio/fonts.ts';

const parsed = new Map<string, Font>();

/** A Fontsource package's files/ folder: its "exports" map only CSS, so go from its resolved entry. */
function filesFolder(packageName: string): string {
  return path.join(path.dirname(fileURLToPath(import.meta.resolve(packageName))), 'files');
}

/** The parsed font; throws for an id the studio does not have (the design schema refuses those first). */
export function studioFont(fontId: string): Font {
  const cached = parsed.get(fontId);
  if (cached) return cached;
  const font = fontById(fontId);
  if (!font) throw new Error(`Unknown studio font "${fontId}"`);
  const bytes = readFileSync(path.join(filesFolder(font.packageName), font.fileName));
  const parsedFont = opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  parsed.set(fontId, parsedFont);
  return parsedFont;
}
