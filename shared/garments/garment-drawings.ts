/**
 * The flat garment pictures of the mockups, drawn by the team: one front and one back per garment type, on
 * the 600 × 700 canvas of placement-geometry.ts. Each is a body filled with the garment's colour and seams
 * drawn over it in translucent black, so one drawing serves every colour. The browser draws them as inline
 * SVG and the server hands garmentSvg()'s text to sharp: the same paths.
 */
import type { GarmentType } from './catalogue.ts';
import { PICTURE_HEIGHT, PICTURE_WIDTH, type PictureView } from './placement-geometry.ts';

interface Drawing {
  /** Filled with the garment colour. */
  body: string;
  /** Seams, collar and hems: stroked over the body. */
  seams: string;
}

const teeBody = 'M250 88Q300 140 350 88L440 112 528 238 482 280 435 228V640H165V228L118 280 72 238 160 112Z';
const teeBackBody = 'M250 88Q300 104 350 88L440 112 528 238 482 280 435 228V640H165V228L118 280 72 238 160 112Z';
const longBody = 'M250 88Q300 140 350 88L440 112 548 560 502 578 435 262V640H165V262L98 578 52 560 160 112Z';
const longBackBody = 'M250 88Q300 104 350 88L440 112 548 560 502 578 435 262V640H165V262L98 578 52 560 160 112Z';
const hoodieBody = 'M235 96Q300 40 365 96L445 120 552 570 506 590 438 270V645H162V270L94 590 48 570 155 120Z';

const drawings: Record<GarmentType, Record<PictureView, Drawing>> = {
  tee: {
    front: {
      body: teeBody,
      seams:
        'M250 88Q300 140 350 88M256 92Q300 128 344 92M165 228 160 112M435 228 440 112M165 628H435M96 258 140 230M504 258 460 230',
    },
    back: {
      body: teeBackBody,
      seams: 'M250 88Q300 104 350 88M165 228 160 112M435 228 440 112M165 628H435M96 258 140 230M504 258 460 230',
    },
  },
  'long-sleeve': {
    front: {
      body: longBody,
      seams:
        'M250 88Q300 140 350 88M256 92Q300 128 344 92M165 262 160 112M435 262 440 112M165 628H435M60 540 106 558M540 540 494 558',
    },
    back: {
      body: longBackBody,
      seams: 'M250 88Q300 104 350 88M165 262 160 112M435 262 440 112M165 628H435M60 540 106 558M540 540 494 558',
    },
  },
  hoodie: {
    front: {
      body: hoodieBody,
      seams:
        'M235 96Q300 40 365 96M235 96Q300 190 365 96M280 150V215M320 150V215M200 470H400L420 560H180ZM162 620H438M56 548 102 568M544 548 498 568',
    },
    back: {
      body: hoodieBody,
      seams: 'M235 96Q300 40 365 96M235 96Q300 150 365 96M162 620H438M56 548 102 568M544 548 498 568',
    },
  },
  polo: {
    front: {
      body: teeBody,
      seams:
        'M250 88 230 124 290 150 300 132 310 150 370 124 350 88M300 132V230M292 160H308M292 200H308M165 228 160 112M435 228 440 112M165 628H435M96 258 140 230M504 258 460 230',
    },
    back: {
      body: teeBackBody,
      seams:
        'M250 88Q300 110 350 88M250 88Q300 96 350 88M165 228 160 112M435 228 440 112M165 628H435M96 258 140 230M504 258 460 230',
    },
  },
  hat: {
    front: {
      body: 'M130 420Q130 180 300 170Q470 180 470 420ZM112 420H488Q520 470 300 500Q80 470 112 420Z',
      seams: 'M300 170V420M215 190Q190 300 195 420M385 190Q410 300 405 420M112 420H488M300 160V175',
    },
    back: {
      body: 'M130 420Q130 180 300 170Q470 180 470 420ZM250 420V380H350V420Z',
      seams: 'M300 170V380M215 190Q190 300 195 420M385 190Q410 300 405 420M250 380H350',
    },
  },
};

/** The body and seam paths of one picture, for the browser's inline SVG. */
export function garmentDrawing(type: GarmentType, view: PictureView): Drawing {
  return drawings[type][view];
}

/** Strokes light enough to read on black and dark enough on white. */
export const SEAM_STROKE = { stroke: '#000000', opacity: 0.35, width: 3 } as const;
export const OUTLINE_STROKE = { stroke: '#44403c', opacity: 0.8, width: 3 } as const;

/** The picture as SVG text in the garment's colour (#rrggbb, checked by the catalogue schema). */
export function garmentSvg(type: GarmentType, view: PictureView, hex: string, inner = ''): string {
  const { body, seams } = drawings[type][view];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PICTURE_WIDTH}" height="${PICTURE_HEIGHT}" viewBox="0 0 ${PICTURE_WIDTH} ${PICTURE_HEIGHT}"><rect width="100%" height="100%" fill="#f5f5f4"/><path d="${body}" fill="${hex}" stroke="${OUTLINE_STROKE.stroke}" stroke-opacity="${OUTLINE_STROKE.opacity}" stroke-width="${OUTLINE_STROKE.width}" stroke-linejoin="round"/><path d="${seams}" fill="none" stroke="${SEAM_STROKE.stroke}" stroke-opacity="${SEAM_STROKE.opacity}" stroke-width="${SEAM_STROKE.width}" stroke-dasharray="6 4"/>${inner}</svg>`;
}
