/**
 * A five-layer front print as a customer would build it, for the studio's tests and its benchmark: a team
 * name on an arc with an outline, a player number, two motifs, and a straight line of text.
 */
import type { PrintAreaLimit } from '#shared/garments/catalogue.ts';
import type { StudioDesign } from '#shared/studio/design-schema.ts';

export const frontArea: PrintAreaLimit = { placement: 'front', widthInches: 12, heightInches: 16 };

export const fiveLayerDesign: StudioDesign = {
  garmentId: 'gildan-5000',
  colorName: 'Navy',
  method: 'screen-printing',
  locations: {
    front: [
      {
        kind: 'text',
        text: 'WILDCATS',
        fontId: 'graduate',
        inkId: 'athletic-gold',
        sizeInches: 1.4,
        letterSpacing: 0.05,
        outline: { inkId: 'white', widthInches: 0.08 },
        arc: { degrees: 70, direction: 'up' },
        x: 6,
        y: 2.5,
        rotation: 0,
      },
      {
        kind: 'text',
        text: '23',
        fontId: 'alfa-slab-one',
        inkId: 'athletic-gold',
        sizeInches: 5,
        letterSpacing: 0,
        outline: null,
        arc: null,
        x: 6,
        y: 8,
        rotation: 0,
      },
      { kind: 'motif', motifId: 'paw', inkId: 'white', widthInches: 2.5, x: 2.2, y: 8, rotation: -15 },
      { kind: 'motif', motifId: 'basketball', inkId: 'white', widthInches: 2.5, x: 9.8, y: 8, rotation: 15 },
      {
        kind: 'text',
        text: 'Lincoln High Basketball',
        fontId: 'oswald',
        inkId: 'white',
        sizeInches: 0.6,
        letterSpacing: 0.1,
        outline: null,
        arc: null,
        x: 6,
        y: 12,
        rotation: 0,
      },
    ],
  },
};
