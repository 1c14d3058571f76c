/**
 * A logo's stitch count, estimated from its width: people know how big their logo is, not how many
 * stitches it takes. One function for the calculator, the quote form, the server's check of a request
 * and the engine, so a width means the same stitch count everywhere. The rule's figures are the shop's
 * (data/embroidery.json, `stitchEstimate`).
 */

/** How the shop turns a width into stitches: a logo about `heightPerWidth` as tall as it is wide, so many stitches per square inch. */
export interface StitchEstimateRule {
  stitchesPerSquareInch: number;
  /** A typical logo's height over its width (0.5: half as tall as wide). */
  heightPerWidth: number;
  /** A left-chest logo's usual width: the example the fields give, and the calculator's first value. */
  typicalWidthInches: number;
}

/** Narrower than this is no logo we can stitch legibly; it is also what stops a width of 0. */
export const MIN_LOGO_WIDTH_INCHES = 0.5;
/** Estimates are rounded to this many stitches: they are estimates, and a round figure says so. */
const STITCH_STEP = 100;

/** The estimated stitch count of a logo this many inches wide (at least one step of STITCH_STEP). */
export function stitchesForWidth(rule: StitchEstimateRule, widthInches: number): number {
  const area = widthInches * widthInches * rule.heightPerWidth;
  return Math.max(STITCH_STEP, Math.round((area * rule.stitchesPerSquareInch) / STITCH_STEP) * STITCH_STEP);
}

/** "3.5" or "4" (inches, as typed; a trailing "in" or '"' is allowed) -> the number, else NaN (reported, never guessed). */
export function parseInches(text: string | null | undefined): number {
  const match = /^(\d{1,3}(?:\.\d{0,2})?|\.\d{1,2})\s*(?:in|inch|inches|")?$/i.exec(text?.trim() ?? '');
  return match?.[1] ? Number(match[1]) : Number.NaN;
}

/** 3.5 -> "3.5 in", 4 -> "4 in": at most two decimals, none that are zero. */
export function formatInches(widthInches: number): string {
  return `${Number(widthInches.toFixed(2))} in`;
}

const wholeNumbers = new Intl.NumberFormat('en-US');

/** "about 6,100 stitches": what a width implies, as the fields and the estimate's lines say it. */
export function stitchWords(rule: StitchEstimateRule, widthInches: number): string {
  return `about ${wholeNumbers.format(stitchesForWidth(rule, widthInches))} stitches`;
}
