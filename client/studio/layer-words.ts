/**
 * What a layer is called where a screen reader reads it and in the announcements: its content, its arc,
 * its ink by name (never only a swatch) and its size, "Text 'EAGLES', arc 120°, Athletic gold, 10.5 in wide".
 */
import type { DesignLayer } from '#shared/studio/design-schema.ts';
import { inkById } from '#shared/studio/inks.ts';
import { memberTextLabels } from '#shared/studio/member-text-kinds.ts';
import { motifById } from '#shared/studio/motifs.ts';

export const inchesWord = (inches: number) => `${Math.round(inches * 100) / 100} in`;

function inkName(inkId: string): string {
  return inkById(inkId)?.name ?? inkId;
}

/** The short name of a layer: "text 'EAGLES'", "motif Basketball". */
export function layerShortName(layer: DesignLayer): string {
  // Member text is named for what it stands for: its sample ("PLAYER") is not what prints.
  if (layer.kind === 'text') return layer.stands ? `text: ${memberTextLabels[layer.stands]}` : `text '${layer.text}'`;
  if (layer.kind === 'motif') return `motif ${motifById(layer.motifId)?.name ?? layer.motifId}`;
  return `picture '${layer.name ?? 'your picture'}'`;
}

const capital = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/** The full name of a layer in the list; `widthInches` is what it measures as drawn. */
export function layerLabel(layer: DesignLayer, widthInches: number | null): string {
  const parts = [capital(layerShortName(layer))];
  if (layer.kind === 'text' && layer.arc) parts.push(`arc ${layer.arc.direction} ${layer.arc.degrees}°`);
  if (layer.kind !== 'upload') parts.push(inkName(layer.inkId));
  if (layer.kind === 'text' && layer.outline) parts.push(`${inkName(layer.outline.inkId)} outline`);
  if (layer.kind === 'upload' && layer.colours)
    parts.push(`${layer.colours} ${layer.colours === 1 ? 'colour' : 'colours'}`);
  if (widthInches !== null) parts.push(`${inchesWord(widthInches)} wide`);
  if (layer.rotation !== 0) parts.push(`turned ${layer.rotation}°`);
  return parts.join(', ');
}

/** "0.1 in left", "1 in up": what a move by dx, dy says. */
export function moveWords(dx: number, dy: number): string {
  const parts: string[] = [];
  if (dx !== 0) parts.push(`${inchesWord(Math.abs(dx))} ${dx < 0 ? 'left' : 'right'}`);
  if (dy !== 0) parts.push(`${inchesWord(Math.abs(dy))} ${dy < 0 ? 'up' : 'down'}`);
  return parts.join(' and ');
}
