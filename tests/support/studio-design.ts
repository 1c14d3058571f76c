/**
 * A five-layer front print as a customer would build it, for the studio's tests and its benchmark: a team
 * name on an arc with an outline, a player number, two motifs, and a straight line of text.
 */
import type { PrintAreaLimit } from '#shared/garments/catalogue.ts';
import type { MotifLayer, StudioDesign, TextLayer } from '#shared/studio/design-schema.ts';

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

/** A line of gold Graduate letters near the top of a 12 in wide area, with whatever a test changes. */
export const textLayer = (over: Partial<TextLayer> = {}): TextLayer => ({
  kind: 'text',
  text: 'EAGLES',
  fontId: 'graduate',
  inkId: 'athletic-gold',
  sizeInches: 2,
  letterSpacing: 0.05,
  outline: null,
  arc: null,
  x: 6,
  y: 3,
  rotation: 0,
  ...over,
});

/** A gold disc in the middle of a 12 × 16 in area. */
export const goldDisc: MotifLayer = {
  kind: 'motif',
  motifId: 'circle',
  inkId: 'athletic-gold',
  widthInches: 4,
  x: 6,
  y: 8,
  rotation: 0,
};

/** A design on the shop's navy tee, screen printed. */
export const navyTeeDesign = (locations: StudioDesign['locations']): StudioDesign => ({
  garmentId: 'gildan-5000',
  colorName: 'Navy',
  method: 'screen-printing',
  locations,
});

/** A team back: the player's name on an arc and their number, filled in for each member of a group. */
export const memberBack = (arcDegrees: number, numberInches: number): TextLayer[] => [
  textLayer({ text: 'PLAYER', stands: 'member-name', arc: { degrees: arcDegrees, direction: 'up' } }),
  textLayer({ text: '00', stands: 'member-number', sizeInches: numberInches, y: 8 }),
];

/** The quote form's fields for 30 navy tees printed on the front, to send a design with. */
export const navyTeeQuote = (frontColours: number): Record<string, string> => ({
  name: 'Dana Whitfield',
  email: 'dana@example.com',
  phone: '(555) 010-0188',
  service: 'screen-printing',
  garment: 'gildan-5000',
  garmentColor: 'Navy',
  qtyM: '30',
  loc1: 'front',
  loc1Colors: String(frontColours),
  delivery: 'pickup',
});
