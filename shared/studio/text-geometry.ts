/**
 * A line of text turned into outlines, in inches, the same way in the browser (the studio's preview) and on
 * the server (the press file and the films), so what the customer saw is what is made. The caller parses
 * the font (each side loads the bytes its own way) and passes it in.
 *
 * Size is the cap height: the height of a capital letter, which is what a customer measures with a ruler
 * on a printed shirt and what embroidery's smallest letter is stated in. Letter spacing is a share of that
 * size, so a design scaled up keeps its look. The outline's origin is the middle of the line's advance on
 * the baseline; y grows downwards, as in SVG.
 */
import type { Font, Glyph, PathCommand } from 'opentype.js';

interface Arc {
  degrees: number;
  direction: 'up' | 'down';
}

export interface TextGeometryInput {
  text: string;
  sizeInches: number;
  /** Extra space after each letter, as a share of the size (0.1 = a tenth of the cap height). */
  letterSpacing: number;
  arc: Arc | null;
}

interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

interface PlacedGlyph {
  char: string;
  /** Where the glyph's middle sits on the baseline, and its turn in degrees (clockwise). */
  x: number;
  y: number;
  rotation: number;
}

export interface TextGeometry {
  /** SVG path data in inches. */
  pathData: string;
  bounds: Bounds;
  glyphs: PlacedGlyph[];
  /** Characters the font has no glyph for, each named once ("ñ", "€"). */
  missing: string[];
}

/** Hundred-thousandths of an inch: far below what a screen or a needle resolves, and short path data. */
const round = (value: number) => Math.round(value * 1e5) / 1e5;

/** The font's cap height in its units: from its OS/2 table, or measured on "H" when the table lacks it. */
export function capHeightUnits(font: Font): number {
  const fromTable = (font.tables.os2 as { sCapHeight?: number } | undefined)?.sCapHeight;
  if (fromTable && fromTable > 0) return fromTable;
  const measured = font.charToGlyph('H').getBoundingBox().y2;
  return measured > 0 ? measured : font.unitsPerEm * 0.7;
}

interface Laid {
  glyph: Glyph;
  char: string;
  /** Where along the line the glyph's middle falls, in inches from the line's start. */
  middle: number;
  advance: number;
}

/** The glyphs laid along a straight line: advance, kerning and spacing, in inches. */
function layOut(font: Font, chars: string[], scale: number, spacing: number): { laid: Laid[]; length: number } {
  const laid: Laid[] = [];
  let pen = 0;
  let previous: Glyph | undefined;
  for (const char of chars) {
    const glyph = font.charToGlyph(char);
    if (previous) pen += font.getKerningValue(previous, glyph) * scale;
    const advance = (glyph.advanceWidth ?? 0) * scale;
    laid.push({ glyph, char, middle: pen + advance / 2, advance });
    pen += advance + spacing;
    previous = glyph;
  }
  // The spacing after the last letter is no part of the line.
  return { laid, length: Math.max(0, pen - (chars.length > 0 ? spacing : 0)) };
}

/** Where each glyph goes: along the line, or along a circle whose arc the line spans. */
function place(laid: Laid[], length: number, arc: Arc | null): PlacedGlyph[] {
  const degrees = arc?.degrees ?? 0;
  if (!arc || degrees <= 0 || length <= 0)
    return laid.map(({ char, middle }) => ({ char, x: middle - length / 2, y: 0, rotation: 0 }));
  const sweep = (degrees * Math.PI) / 180;
  const radius = length / sweep;
  return laid.map(({ char, middle }) => {
    const angle = (middle - length / 2) / radius;
    // Up: the circle's centre is below the line, glyphs stand on its top. Down: the centre is above, glyphs
    // hang inside its bottom, still reading left to right.
    if (arc.direction === 'up')
      return {
        char,
        x: radius * Math.sin(angle),
        y: radius - radius * Math.cos(angle),
        rotation: (angle * 180) / Math.PI,
      };
    return {
      char,
      x: radius * Math.sin(angle),
      y: radius * Math.cos(angle) - radius,
      rotation: (-angle * 180) / Math.PI,
    };
  });
}

function grow(bounds: Bounds, x: number, y: number) {
  if (x < bounds.minX) bounds.minX = x;
  if (x > bounds.maxX) bounds.maxX = x;
  if (y < bounds.minY) bounds.minY = y;
  if (y > bounds.maxY) bounds.maxY = y;
}

/** One glyph's outline moved to its place: font units (y up) to inches (y down), turned, then shifted. */
function glyphPath(commands: PathCommand[], scale: number, halfAdvance: number, at: PlacedGlyph, bounds: Bounds) {
  const turn = (at.rotation * Math.PI) / 180;
  const cos = Math.cos(turn);
  const sin = Math.sin(turn);
  const point = (gx: number, gy: number): [number, number] => {
    const u = gx * scale - halfAdvance;
    const v = -gy * scale;
    const x = at.x + u * cos - v * sin;
    const y = at.y + u * sin + v * cos;
    grow(bounds, x, y);
    return [round(x), round(y)];
  };
  const parts: string[] = [];
  for (const command of commands) {
    if (command.type === 'Z') parts.push('Z');
    else if (command.type === 'M' || command.type === 'L')
      parts.push(command.type + point(command.x, command.y).join(' '));
    else if (command.type === 'Q')
      parts.push(`Q${point(command.x1, command.y1).join(' ')} ${point(command.x, command.y).join(' ')}`);
    else
      parts.push(
        `C${point(command.x1, command.y1).join(' ')} ${point(command.x2, command.y2).join(' ')} ${point(command.x, command.y).join(' ')}`,
      );
  }
  return parts.join('');
}

/**
 * The text's outlines. The bounds include the curves' control points, which lie a hair outside a curve at
 * most: enough to centre and fit a layer, never smaller than the ink.
 */
function layOutText(font: Font, input: TextGeometryInput): TextGeometry {
  const chars = [...input.text];
  const scale = input.sizeInches / capHeightUnits(font);
  const { laid, length } = layOut(font, chars, scale, input.letterSpacing * input.sizeInches);
  const placed = place(laid, length, input.arc);
  const bounds: Bounds = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  const missing = new Set<string>();
  const paths = laid.map((item, index) => {
    if (item.glyph.index === 0 && !/\s/.test(item.char)) missing.add(item.char);
    const at = placed[index] as PlacedGlyph;
    return glyphPath(item.glyph.path.commands, scale, item.advance / 2, at, bounds);
  });
  if (bounds.minX > bounds.maxX) Object.assign(bounds, { minX: 0, minY: 0, maxX: 0, maxY: 0 });
  return { pathData: paths.join(''), bounds, glyphs: placed, missing: [...missing] };
}

/**
 * Outlines already laid out, per face, by what shapes them (a move or a turn does not). One studio change
 * measured and drew every text's outlines several times over (the fit, the size plan, the price, the preview
 * and its name), which on a phone-class CPU held a key press or a drag past a frame many times; a design has
 * few texts, so a few hundred shapes is room enough, and the oldest go first.
 */
const laidOut = new WeakMap<Font, Map<string, TextGeometry>>();
const KEPT_PER_FACE = 200;

export function textGeometry(font: Font, input: TextGeometryInput): TextGeometry {
  const key = JSON.stringify([input.text, input.sizeInches, input.letterSpacing, input.arc]);
  let kept = laidOut.get(font);
  if (!kept) {
    kept = new Map();
    laidOut.set(font, kept);
  }
  const known = kept.get(key);
  if (known) return known;
  const geometry = layOutText(font, input);
  if (kept.size >= KEPT_PER_FACE) kept.delete(kept.keys().next().value as string);
  kept.set(key, geometry);
  return geometry;
}
