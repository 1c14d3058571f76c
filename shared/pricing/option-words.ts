import { formatMoney } from '#shared/money.ts';
import type { ServiceId } from '#shared/service-ids.ts';
import type { Cents } from './types.ts';

/**
 * The words the calculators and the quote form share for the choices that change a price, so the two
 * never describe one choice two ways (embroidery is stitched, not printed).
 */

/** What the shop does to a garment in this service: "print" or "embroidery". */
export function decorationWord(service: ServiceId): string {
  return service === 'embroidery' ? 'embroidery' : 'print';
}

/** Where the decoration goes: "Print locations" or "Embroidery locations". */
export function locationsHeading(service: ServiceId): string {
  return service === 'embroidery' ? 'Embroidery locations' : 'Print locations';
}

/** The choice of bringing one's own garments, as a short option label. */
export function ownGarmentLabel(service: ServiceId): string {
  return `My own garments (${decorationWord(service)} only)`;
}

/** What bringing one's own garments means for the price. */
export function ownGarmentHint(service: ServiceId): string {
  return `Bring your own and pay only for the ${decorationWord(service)}, with no extra fees.`;
}

/**
 * The embroidery checkbox, the same in the calculator and the quote form: ticked, the design is on file
 * and the digitizing fee goes; unticked (a first order), it is charged.
 */
export function repeatDesignLabel(digitizingFee: Cents): string {
  return `We have embroidered this design for you before (no ${formatMoney(digitizingFee)} digitizing fee)`;
}
