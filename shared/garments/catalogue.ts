/**
 * The garment catalogue (data/garments.json): the blanks the shop stocks, each with its colours, sizes,
 * large-size upcharges, blank price and print areas. No zod here, so the quote form and the placement tool
 * can read a garment without loading the validator (catalogue-schema.ts checks the file at start).
 */
import type { ServiceId } from '#shared/service-ids.ts';

/** The garment pictures drawn for the mockups: one front and one back per type. */
export const garmentTypes = ['tee', 'long-sleeve', 'hoodie', 'polo', 'hat'] as const;
export type GarmentType = (typeof garmentTypes)[number];

/** Where artwork can be placed on a catalogue garment: the quote form's placement values. */
export const printLocations = ['front', 'back', 'left-chest', 'left-sleeve', 'cap-front'] as const;
export type PrintLocation = (typeof printLocations)[number];

/** The sizes a garment may be offered in: the quote form's size rows. */
export const garmentSizes = ['XS', 'S', 'M', 'L', 'XL', '2XL', '3XL', '4XL', '5XL'] as const;
export type GarmentSize = (typeof garmentSizes)[number];

/** A colour the garment comes in: its name as the mill sells it, and a swatch colour (#rrggbb). */
export interface GarmentColor {
  name: string;
  hex: string;
}

/** The largest print a location takes on this garment, in inches. */
export interface PrintAreaLimit {
  placement: PrintLocation;
  widthInches: number;
  heightInches: number;
}

/** One blank of the catalogue. */
export interface CatalogueGarment {
  id: string;
  brand: string;
  style: string;
  /** What it is, in the mill's words: "Heavy Cotton tee". */
  name: string;
  type: GarmentType;
  /** The services that decorate it: its price files list it. */
  services: ServiceId[];
  /** The blank's price per piece, in cents. */
  cents: number;
  /** The sizes offered; empty for a one-size garment (a cap), whose pieces may be counted in any row. */
  sizes: GarmentSize[];
  /** What each larger size adds per piece, in cents. */
  sizeUpcharges: { size: '2XL' | '3XL' | '4XL+'; cents: number }[];
  colors: GarmentColor[];
  printAreas: PrintAreaLimit[];
}

export interface GarmentCatalogue {
  garments: CatalogueGarment[];
}

/** How a garment is named on the form, the desk and in the mails: "Gildan 5000 Heavy Cotton tee". */
export function garmentTitle(garment: Pick<CatalogueGarment, 'brand' | 'style' | 'name'>): string {
  return `${garment.brand} ${garment.style} ${garment.name}`;
}

function channel(hex: string, at: number): number {
  const value = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

/** The WCAG relative luminance of a #rrggbb colour, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  return 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
}

/**
 * Below this luminance ink needs a white underbase to show true: navy, red and black do; sport grey,
 * gold and cream do not. One threshold, so the swatch decides and nobody ticks a box.
 */
const DARK_BELOW = 0.3;

/** Whether a garment colour is dark enough to need the white underbase (or DTG's dark-garment price). */
export function isDarkColor(hex: string): boolean {
  return relativeLuminance(hex) < DARK_BELOW;
}

/** The colour of this name on a garment, or undefined when the garment does not come in it. */
export function colorNamed(garment: { colors?: GarmentColor[] }, name: string | undefined): GarmentColor | undefined {
  const wanted = name?.trim().toLowerCase() ?? '';
  return garment.colors?.find((color) => color.name.toLowerCase() === wanted);
}
