/**
 * The print size per garment size. The catalogue's print area is the largest print a placement takes on the
 * garment, and a shop sizes that largest print for an adult L–XL: a 12 in front is a little over half of a
 * large tee's 22 in chest. Printed at the same size on an adult S (an 18 in chest) it wraps towards the side
 * seams and reaches the waist, which is what customers dislike about one-size design labs. So a body print
 * keeps about the same share of the chest on every size:
 *
 * | sizes      | share of the catalogue's area | why                                                   |
 * |------------|-------------------------------|-------------------------------------------------------|
 * | XS         | 0.75                          | a 16–16.5 in chest: three quarters of an L's          |
 * | S          | 0.8                           | an 18 in chest against the L's 22 in                  |
 * | M          | 0.9                           | a 20 in chest                                         |
 * | L, XL      | 1                             | what the catalogue's area is sized for                |
 * | 2XL and up | 1                             | the screen's image area and the DTG platen stop there |
 *
 * Only the body prints (front and back) scale: a left-chest logo, a sleeve print and a cap front are sized
 * to the spot, not the body, and are the same on every size. Both sides scale by the same share, so the
 * design keeps its proportions.
 */
import {
  type CatalogueGarment,
  type GarmentSize,
  garmentSizes,
  type PrintLocation,
} from '#shared/garments/catalogue.ts';
import { placements } from '#shared/submissions/quote-fields.ts';

const bodyShare: Record<GarmentSize, number> = {
  XS: 0.75,
  S: 0.8,
  M: 0.9,
  L: 1,
  XL: 1,
  '2XL': 1,
  '3XL': 1,
  '4XL': 1,
  '5XL': 1,
};

const bodyPlacements: ReadonlySet<PrintLocation> = new Set(['front', 'back']);

export interface PrintSize {
  widthInches: number;
  heightInches: number;
}

/** A tenth of an inch, down: what the press measures to, and a print rounded down still fits. */
const downTenth = (value: number) => Math.floor(value * 10 + 1e-9) / 10;
const nearTenth = (value: number) => Math.round(value * 10) / 10;

/** The largest print a placement takes on one size of the garment, or undefined where it has no such area. */
export function printAreaForSize(
  garment: Pick<CatalogueGarment, 'printAreas'>,
  placement: PrintLocation,
  size: GarmentSize,
): PrintSize | undefined {
  const area = garment.printAreas.find((candidate) => candidate.placement === placement);
  if (!area) return undefined;
  const share = bodyPlacements.has(placement) ? bodyShare[size] : 1;
  return { widthInches: downTenth(area.widthInches * share), heightInches: downTenth(area.heightInches * share) };
}

/** The design at one location: where, and the box around its layers in inches. */
export interface DesignAtLocation {
  placement: PrintLocation;
  widthInches: number;
  heightInches: number;
}

interface SizeGroup {
  sizes: GarmentSize[];
  print: PrintSize;
}

/**
 * One print for every size ordered, or two: the smaller sizes at the design scaled down (proportionally) to
 * fit the smallest of them, the others at the size the largest ordered size takes. Never more than two,
 * since each print size is its own set of screens or its own setup at the press.
 */
export type SizePlan =
  | { kind: 'one'; group: SizeGroup; sentence: string }
  | { kind: 'two'; groups: [SizeGroup, SizeGroup]; sentence: string };

/** How much of the design fits an area: 1 when it fits whole, less when it must be scaled down. */
function fitShare(design: PrintSize, area: PrintSize): number {
  if (design.widthInches <= 0 || design.heightInches <= 0) return 1;
  return Math.min(1, area.widthInches / design.widthInches, area.heightInches / design.heightInches);
}

function scaledPrint(design: PrintSize, share: number): PrintSize {
  if (share >= 1) return { widthInches: nearTenth(design.widthInches), heightInches: nearTenth(design.heightInches) };
  return { widthInches: downTenth(design.widthInches * share), heightInches: downTenth(design.heightInches * share) };
}

const inches = (print: PrintSize) => `${print.widthInches} × ${print.heightInches} in`;
/**
 * "XS–M" when the group holds every size the garment has between them, else each named ("XS, M"), so a
 * range never claims a size that was not ordered.
 */
function sizeRange(sizes: readonly GarmentSize[], offered: readonly GarmentSize[]): string {
  const first = sizes[0];
  const last = sizes[sizes.length - 1];
  if (!first || !last || first === last) return first ?? '';
  const between = offered
    .filter((size) => garmentSizes.indexOf(size) >= garmentSizes.indexOf(first))
    .filter((size) => garmentSizes.indexOf(size) <= garmentSizes.indexOf(last));
  return sizes.length > 2 && between.length === sizes.length ? `${first}–${last}` : sizes.join(', ');
}

/**
 * The print sizes for the sizes ordered (any order, repeats and sizes the garment lacks ignored). Undefined
 * when the garment has no area at that placement or no size it comes in was ordered; a one-size garment
 * (a cap, with no sizes) is planned as one print.
 */
export function sizePlan(
  design: DesignAtLocation,
  garment: Pick<CatalogueGarment, 'printAreas' | 'sizes'>,
  sizesOrdered: readonly GarmentSize[],
): SizePlan | undefined {
  const where = (placements[design.placement] ?? design.placement).toLowerCase();
  const area = garment.printAreas.find((candidate) => candidate.placement === design.placement);
  if (!area) return undefined;
  if (garment.sizes.length === 0) {
    const print = scaledPrint(design, fitShare(design, area));
    return { kind: 'one', group: { sizes: [], print }, sentence: `Every piece gets the ${where} at ${inches(print)}.` };
  }
  const sizes = garmentSizes.filter((size) => garment.sizes.includes(size) && sizesOrdered.includes(size));
  const smallest = sizes[0];
  const largest = sizes[sizes.length - 1];
  if (!smallest || !largest) return undefined;
  const shareOn = (size: GarmentSize) => fitShare(design, printAreaForSize(garment, design.placement, size) ?? area);
  const largestShare = shareOn(largest);
  const small = sizes.filter((size) => shareOn(size) < largestShare);
  const large = sizes.filter((size) => !small.includes(size));
  const largePrint = scaledPrint(design, largestShare);
  if (small.length === 0) {
    const group = { sizes, print: largePrint };
    const who =
      sizes.length === 1 ? `Size ${smallest} gets` : `Every size ordered (${sizeRange(sizes, garment.sizes)}) gets`;
    return { kind: 'one', group, sentence: `${who} the ${where} at ${inches(largePrint)}.` };
  }
  const smallPrint = scaledPrint(design, shareOn(smallest));
  const groups: [SizeGroup, SizeGroup] = [
    { sizes: small, print: smallPrint },
    { sizes: large, print: largePrint },
  ];
  const sentence = `${small.length > 1 ? 'Sizes' : 'Size'} ${sizeRange(small, garment.sizes)} ${small.length > 1 ? 'get' : 'gets'} the ${where} at ${inches(smallPrint)}; ${sizeRange(large, garment.sizes)} at ${inches(largePrint)}.`;
  return { kind: 'two', groups, sentence };
}
