import type { PrintArea } from '#shared/pricing/types.ts';

/**
 * Which direct-to-garment print size a placed artwork is priced at, so the price follows the print the
 * customer placed: the smallest of the price file's print areas that holds the print, width and height in
 * inches (the height follows from the artwork's proportions, placement-geometry.ts). One rule for the quote
 * form in the browser, the server that checks the post, and the desk. A print is never turned to fit: the
 * areas are as the shop prints them, upright.
 */

/** A print posted in hundredths of an inch may sit this much over a size and still be in it. */
const SLACK_INCHES = 0.01;

/** The print's size in inches; a height of 0 when it is not known (a file only the shop opens). */
export interface PrintSize {
  widthInches: number;
  heightInches: number;
}

/** Whether the area holds a print of this size. */
export function holdsPrint(area: PrintArea, print: PrintSize): boolean {
  return print.widthInches <= area.widthInches + SLACK_INCHES && print.heightInches <= area.heightInches + SLACK_INCHES;
}

/** The smallest print area that holds the print (the list is ascending by size), or undefined if none does. */
export function printAreaFor(areas: readonly PrintArea[], print: PrintSize): PrintArea | undefined {
  return areas.find((area) => holdsPrint(area, print));
}

/** "Large", from "Large (up to 14 x 14 in)": the word a short note needs. */
export function areaWord(area: PrintArea): string {
  return area.name.replace(/\s*\(.*\)\s*$/, '');
}

/** "10.5 × 8 in", or "10.5 in wide" when the height is not known. */
export function printSizeWords(print: PrintSize): string {
  return print.heightInches > 0 ? `${print.widthInches} × ${print.heightInches} in` : `${print.widthInches} in wide`;
}

/**
 * Why the chosen print size cannot be priced for this print, or null: the size must hold it (a larger
 * one may be chosen, never a smaller). An unknown id is left to the form's own check.
 */
export function printAreaProblem(areas: readonly PrintArea[], chosenId: string, print: PrintSize): string | null {
  const chosen = areas.find((area) => area.id === chosenId);
  if (!chosen || holdsPrint(chosen, print)) return null;
  const needed = printAreaFor(areas, print);
  const size = printSizeWords(print);
  // "An 8 in", "an 11 in", "an 18 in": the article goes by how the number is said.
  const a = /^(8|1[18](?!\d))/.test(size) ? 'An' : 'A';
  return needed
    ? `${a} ${size} print needs ${needed.name} or larger: choose that size, or make the artwork smaller.`
    : `${a} ${size} print is larger than any print size we price: make the artwork smaller, or ask us in the comments.`;
}
