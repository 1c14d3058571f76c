/**
 * A design layer as things to paint: paths in the layer's own units, each filled or stroked with one ink,
 * and the transform that puts them in the print area (inches from its top-left corner). The press file,
 * the films and the studio's preview all draw from this, so a layer sits in the same place in each.
 */
import type { Font } from 'opentype.js';
import type { DesignLayer, MotifLayer, TextLayer } from './design-schema.ts';
import { MOTIF_GRID, MOTIF_STROKE_UNITS } from './motif-shape.ts';
import { motifShapes } from './motif-shapes.ts';
import { textGeometry } from './text-geometry.ts';

interface Paint {
  pathData: readonly string[];
  inkId: string;
  /** Fill the paths, or stroke them this wide (in the layer's units) with round ends and joins. */
  strokeWidth: number | null;
  /** Also fill when stroking: an outline covers the letter's inside too, under the letter's own ink. */
  fillToo: boolean;
}

export interface Placement {
  /** Where the layer's origin point goes, in inches from the print area's top-left. */
  x: number;
  y: number;
  rotation: number;
  /** Inches per layer unit. */
  scale: number;
  /** The layer point that goes to (x, y): the middle of what it draws. */
  originX: number;
  originY: number;
}

export interface DrawnLayer {
  kind: 'text' | 'motif';
  paints: Paint[];
  placement: Placement;
  /** The thinnest part it prints, in inches: a rough stroke weight, for the mesh hint. */
  finestInches: number;
  /** Characters its font cannot draw. */
  missing: string[];
}

export type FontLookup = (fontId: string) => Font;

/** A typical stem is about a sixth of the cap height in these faces. */
const STEM_SHARE = 0.15;
/** A filled icon's thinnest part, as a share of its width, on Tabler's grid. */
const FILLED_DETAIL_SHARE = 1 / MOTIF_GRID;

function drawText(layer: TextLayer, fonts: FontLookup): DrawnLayer {
  const geometry = textGeometry(fonts(layer.fontId), layer);
  const { bounds } = geometry;
  const paints: Paint[] = [];
  if (layer.outline)
    // Twice as wide as asked, half of it hidden under the letter: the outline shows at its width outside.
    paints.push({
      pathData: [geometry.pathData],
      inkId: layer.outline.inkId,
      strokeWidth: layer.outline.widthInches * 2,
      fillToo: true,
    });
  paints.push({ pathData: [geometry.pathData], inkId: layer.inkId, strokeWidth: null, fillToo: false });
  const stem = layer.sizeInches * STEM_SHARE;
  return {
    kind: 'text',
    paints,
    placement: {
      x: layer.x,
      y: layer.y,
      rotation: layer.rotation,
      scale: 1,
      originX: (bounds.minX + bounds.maxX) / 2,
      originY: (bounds.minY + bounds.maxY) / 2,
    },
    finestInches: layer.outline ? Math.min(stem, layer.outline.widthInches) : stem,
    missing: geometry.missing,
  };
}

function drawMotif(layer: MotifLayer): DrawnLayer {
  const shape = motifShapes[layer.motifId];
  if (!shape) throw new Error(`No drawing for the motif "${layer.motifId}"`);
  const scale = layer.widthInches / MOTIF_GRID;
  return {
    kind: 'motif',
    paints: [
      {
        pathData: shape.paths,
        inkId: layer.inkId,
        strokeWidth: shape.stroke ? MOTIF_STROKE_UNITS : null,
        fillToo: false,
      },
    ],
    placement: {
      x: layer.x,
      y: layer.y,
      rotation: layer.rotation,
      scale,
      originX: MOTIF_GRID / 2,
      originY: MOTIF_GRID / 2,
    },
    finestInches: shape.stroke ? MOTIF_STROKE_UNITS * scale : layer.widthInches * FILLED_DETAIL_SHARE,
    missing: [],
  };
}

/** The layer drawn, or null for an upload: its pixels are placed by the press file, not painted in ink. */
export function drawLayer(layer: DesignLayer, fonts: FontLookup): DrawnLayer | null {
  if (layer.kind === 'text') return drawText(layer, fonts);
  if (layer.kind === 'motif') return drawMotif(layer);
  return null;
}

/** The SVG transform of a placement. */
export function svgTransform(placement: Placement): string {
  const { x, y, rotation, scale, originX, originY } = placement;
  return `translate(${x} ${y}) rotate(${rotation}) scale(${scale}) translate(${-originX} ${-originY})`;
}
