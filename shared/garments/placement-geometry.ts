/**
 * Where artwork sits on a garment picture, in inches and in the picture's pixels. One module for the
 * placement tool in the browser and the mockup the server renders, so what the customer placed is what the
 * shop receives. A placement is the artwork's width and the offset of its top-left corner from the print
 * area's top-left, in inches; its height follows from the artwork's proportions.
 */
import type { GarmentType, PrintAreaLimit, PrintLocation } from './catalogue.ts';

/** Every garment picture is drawn on this canvas (shared/garments/garment-drawings.ts). */
export const PICTURE_WIDTH = 600;
export const PICTURE_HEIGHT = 700;

export type PictureView = 'front' | 'back';

/** Where a location's print area hangs on the picture: its view, the x of its centre, and its top edge. */
interface Anchor {
  view: PictureView;
  centerX: number;
  top: number;
}

interface PictureFrame {
  /** Picture pixels per inch of fabric: a tee's body, 270 px, is about 20 in across. */
  pixelsPerInch: number;
  anchors: Partial<Record<PrintLocation, Anchor>>;
}

/** Wearer's left is the viewer's right on the front picture. */
const shirt: PictureFrame = {
  pixelsPerInch: 13.5,
  anchors: {
    front: { view: 'front', centerX: 300, top: 150 },
    back: { view: 'back', centerX: 300, top: 130 },
    'left-chest': { view: 'front', centerX: 365, top: 150 },
    'left-sleeve': { view: 'front', centerX: 478, top: 190 },
  },
};

const pictureFrames: Record<GarmentType, PictureFrame> = {
  tee: shirt,
  'long-sleeve': {
    ...shirt,
    anchors: { ...shirt.anchors, 'left-sleeve': { view: 'front', centerX: 478, top: 190 } },
  },
  hoodie: {
    pixelsPerInch: 13.5,
    anchors: {
      front: { view: 'front', centerX: 300, top: 200 },
      back: { view: 'back', centerX: 300, top: 190 },
      'left-chest': { view: 'front', centerX: 365, top: 200 },
      'left-sleeve': { view: 'front', centerX: 478, top: 200 },
    },
  },
  polo: {
    ...shirt,
    anchors: { ...shirt.anchors, 'left-chest': { view: 'front', centerX: 372, top: 165 } },
  },
  hat: { pixelsPerInch: 40, anchors: { 'cap-front': { view: 'front', centerX: 300, top: 255 } } },
};

/** A rectangle on the picture, in its pixels. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where the artwork goes at one location, in inches. */
export interface Placement {
  widthInches: number;
  /** From the print area's left edge to the artwork's. */
  xInches: number;
  /** From the print area's top edge to the artwork's. */
  yInches: number;
}

/** Narrower than this is no print we can make legible (also what stops a width of 0). */
export const MIN_PRINT_INCHES = 0.5;
/** The lowest resolution that prints cleanly at size (industry figure); below it the customer is warned. */
export const MIN_PRINT_DPI = 150;
/** Rounding slack for a placement posted in hundredths of an inch. */
const SLACK_INCHES = 0.01;

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The view a location is drawn on, or undefined when this garment's picture has no place for it. */
export function viewOf(type: GarmentType, location: PrintLocation): PictureView | undefined {
  return pictureFrames[type].anchors[location]?.view;
}

/** The print area's rectangle on the picture. */
export function areaBox(type: GarmentType, limit: PrintAreaLimit): Box | undefined {
  const frame = pictureFrames[type];
  const anchor = frame.anchors[limit.placement];
  if (!anchor) return undefined;
  const width = limit.widthInches * frame.pixelsPerInch;
  return { x: anchor.centerX - width / 2, y: anchor.top, width, height: limit.heightInches * frame.pixelsPerInch };
}

/** The widest the artwork may be in this area, given its proportions (height over width). */
export function maxWidthInches(limit: PrintAreaLimit, aspect: number): number {
  return round2(Math.min(limit.widthInches, limit.heightInches / aspect));
}

/**
 * The widest the artwork may be to fit in a box (a print size it is priced at), given its proportions:
 * rounded down to the hundredth, so the print it makes never outgrows the box.
 */
export function widthToFit(box: { widthInches: number; heightInches: number }, aspect: number): number {
  return Math.floor(Math.min(box.widthInches, box.heightInches / aspect) * 100 + 1e-9) / 100;
}

/** The placement moved across to the middle of the print area, at the same height. */
export function centredAcross(placement: Placement, limit: PrintAreaLimit): Placement {
  return { ...placement, xInches: round2((limit.widthInches - placement.widthInches) / 2) };
}

/** The artwork's height in inches at this width. */
export function heightInches(widthInches: number, aspect: number): number {
  return round2(widthInches * aspect);
}

/** A first placement: as wide as asked (or the area allows), centred across the area, at its top. */
export function defaultPlacement(limit: PrintAreaLimit, aspect: number, widthInches?: number): Placement {
  const max = maxWidthInches(limit, aspect);
  const width = round2(Math.min(max, Math.max(MIN_PRINT_INCHES, widthInches ?? max)));
  return { widthInches: width, xInches: round2((limit.widthInches - width) / 2), yInches: 0 };
}

/** What clamping changed, for the form to say so. */
export type ClampNote = 'width' | 'position';

/** The placement brought inside the area: no wider than fits, no part outside. */
export function clampPlacement(
  placement: Placement,
  limit: PrintAreaLimit,
  aspect: number,
): { placement: Placement; notes: ClampNote[] } {
  const notes: ClampNote[] = [];
  const max = maxWidthInches(limit, aspect);
  let width = round2(placement.widthInches);
  if (!(width <= max)) {
    width = max;
    notes.push('width');
  } else if (!(width >= MIN_PRINT_INCHES)) {
    width = Math.min(MIN_PRINT_INCHES, max);
    notes.push('width');
  }
  const clampTo = (value: number, most: number) => Math.min(Math.max(Number.isFinite(value) ? value : 0, 0), most);
  const x = round2(clampTo(placement.xInches, limit.widthInches - width));
  const y = round2(clampTo(placement.yInches, Math.max(0, limit.heightInches - heightInches(width, aspect))));
  if (Math.abs(x - placement.xInches) > SLACK_INCHES || Math.abs(y - placement.yInches) > SLACK_INCHES)
    notes.push('position');
  return { placement: { widthInches: width, xInches: x, yInches: y }, notes };
}

/**
 * Why a posted placement cannot be used as it is, or null. The server refuses such a post (422) rather
 * than move the customer's artwork somewhere they did not see it; the browser clamps before sending.
 */
export function placementProblem(placement: Placement, limit: PrintAreaLimit, aspect: number): string | null {
  const max = maxWidthInches(limit, aspect);
  const { widthInches: width, xInches: x, yInches: y } = placement;
  if (!(width >= MIN_PRINT_INCHES)) return `The artwork must be at least ${MIN_PRINT_INCHES} in wide.`;
  if (width > max + SLACK_INCHES)
    return `At this location the artwork can be at most ${max} in wide (the area is ${limit.widthInches} × ${limit.heightInches} in).`;
  const height = width * aspect;
  if (!(x >= -SLACK_INCHES && y >= -SLACK_INCHES) || x + width > limit.widthInches + SLACK_INCHES)
    return 'The artwork must sit inside the print area.';
  if (y + height > limit.heightInches + SLACK_INCHES) return 'The artwork must sit inside the print area.';
  return null;
}

/** The artwork's rectangle on the picture. */
export function artBox(
  type: GarmentType,
  limit: PrintAreaLimit,
  placement: Placement,
  aspect: number,
): Box | undefined {
  const area = areaBox(type, limit);
  if (!area) return undefined;
  const ppi = pictureFrames[type].pixelsPerInch;
  const width = placement.widthInches * ppi;
  return { x: area.x + placement.xInches * ppi, y: area.y + placement.yInches * ppi, width, height: width * aspect };
}

/** Picture pixels per inch of this garment type: how the tool turns a drag into inches. */
export function pixelsPerInch(type: GarmentType): number {
  return pictureFrames[type].pixelsPerInch;
}

/** The resolution a raster artwork prints at when this wide: its pixels across over the inches. */
export function effectiveDpi(artworkPixelsWide: number, widthInches: number): number {
  return Math.floor(artworkPixelsWide / widthInches);
}
