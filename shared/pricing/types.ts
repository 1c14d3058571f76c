/**
 * The contract of the pricing engine: what the price files hold, what a visitor chooses, and what an estimate
 * says. All money is integer cents. The files in data/ are validated against zod schemas that produce exactly
 * these types (shared/pricing/price-schemas.ts).
 */

import type { SalesTax } from '#shared/books/sales-tax.ts';
import type { GarmentColor, GarmentSize, GarmentType, PrintAreaLimit } from '#shared/garments/catalogue.ts';
import type { ServiceId } from '#shared/service-ids.ts';
import type { DeliveryChoice } from './delivery.ts';
import type { Schedule } from './schedule.ts';
import type { StitchEstimateRule } from './stitch-estimate.ts';

/** Money in whole US cents, never fractions of one (formatMoney throws on a fractional amount). */
export type Cents = number;

/** A size that costs more than the base price of a garment. */
export interface SizeUpcharge {
  size: '2XL' | '3XL' | '4XL+';
  cents: Cents;
}

/** A blank garment the shop stocks; its id travels in calculator links and quote forms. */
export interface Garment {
  id: string;
  name: string;
  /** The blank garment's price per piece. */
  cents: Cents;
  /**
   * What a garment of the catalogue (data/garments.json) adds when the server merges it into the price
   * files (shared/garments/priced-garments.ts): its own large-size upcharges (else the file's), its
   * colours (the colour then decides the dark-garment price), sizes, picture and print areas.
   */
  sizeUpcharges?: SizeUpcharge[];
  /** Brand and style ("Gildan 5000"): short enough for a select on a phone, under its kind. */
  shortName?: string;
  /** What it is, as the selects group it: "Tees", "Hoodies", "Caps". */
  kind?: string;
  colors?: GarmentColor[];
  sizes?: GarmentSize[];
  type?: GarmentType;
  printAreas?: PrintAreaLimit[];
}

/** Prices by quantity break: `breaks[i]` is the first quantity that gets `row[i]`. Ascending. */
interface TieredPrices {
  breaks: number[];
}

/** data/screen-printing.json: priced by ink colours per location, plus a screen fee. */
export interface ScreenPrintingPrices extends TieredPrices {
  service: 'screen-printing';
  currency: 'USD';
  minimumQuantity: number;
  maxColors: number;
  maxLocations: number;
  /** [breakIndex][colors - 1]: per piece for the first print location. */
  firstLocation: Cents[][];
  /** [breakIndex][colors - 1]: per piece for each further location. */
  additionalLocation: Cents[][];
  /** One screen per colour per location, charged once; waived from this quantity up. */
  screenFee: { cents: Cents; waivedFromQuantity: number };
  /** A dark garment needs a white underbase: it prints as one more colour. */
  darkGarmentExtraColors: number;
  sizeUpcharges: SizeUpcharge[];
  garments: Garment[];
}

/** A direct-to-garment print size, in inches; the price tables have a column for each. */
export interface PrintArea {
  id: string;
  name: string;
  widthInches: number;
  heightInches: number;
}

/** data/direct-to-garment.json: priced by print area per location, with a dearer table for dark garments. */
export interface DirectToGarmentPrices extends TieredPrices {
  service: 'direct-to-garment';
  currency: 'USD';
  minimumQuantity: number;
  maxLocations: number;
  /** Ascending by size. */
  printAreas: PrintArea[];
  /** [breakIndex][areaIndex], per piece per location. */
  light: Cents[][];
  dark: Cents[][];
  /** Charged once when the artwork is not print-ready. */
  artSetupFee: Cents;
  sizeUpcharges: SizeUpcharge[];
  garments: Garment[];
}

/** A design of up to maxStitches stitches, and more than the band before it, is priced in this band's column. */
interface StitchBand {
  id: string;
  name: string;
  maxStitches: number;
}

/** data/embroidery.json: priced by stitch band per location, plus a digitizing fee for new designs. */
export interface EmbroideryPrices extends TieredPrices {
  service: 'embroidery';
  currency: 'USD';
  minimumQuantity: number;
  maxLocations: number;
  /** Ascending by maxStitches. */
  stitchBands: StitchBand[];
  /** [breakIndex][bandIndex], per piece per location. */
  prices: Cents[][];
  /** Charged once per design (location) that we have not digitized before. */
  digitizingFee: Cents;
  threadColorsIncluded: number;
  /** How a logo's width becomes an estimated stitch count (stitch-estimate.ts). */
  stitchEstimate: StitchEstimateRule;
  sizeUpcharges: SizeUpcharge[];
  garments: Garment[];
}

/** Any of the three price files; `service` tells which. */
export type PriceFile = ScreenPrintingPrices | DirectToGarmentPrices | EmbroideryPrices;

/** 'own' means the visitor brings the garments: only the print is charged, with no extra fees. */
type GarmentChoice = string | 'own';

/** What every order says about its garment: which one, its colour and how many of the larger sizes. */
interface GarmentChoices {
  garment: GarmentChoice;
  /**
   * The colour's name, for a catalogue garment: it decides `darkGarment` where the service prices it
   * (query.ts and the quote form derive it), and travels in links as color=.
   */
  color?: string;
  sizes: SizeCounts;
}

/** How many pieces are in each upcharged size; the rest are standard sizes. */
export type SizeCounts = Partial<Record<SizeUpcharge['size'], number>>;

/**
 * What every order adds to its service's options: when it is needed, how it reaches the customer, and
 * whether its set-up is on file. The engine prices these only with the order terms (estimate()'s
 * third argument); each is optional, and absent means no date, pickup, a first order.
 */
interface OrderChoices {
  /** "YYYY-MM-DD" as typed ("" for no date); checked by the engine. */
  inHands?: string;
  delivery?: DeliveryChoice;
  /**
   * A reorder of artwork we already hold: screens, digitizing and art set-up are on file and not
   * charged again (the server checks the reference before it says so).
   */
  setupOnFile?: boolean;
}

/** A screen-printing order to price, as the calculator or the quote form describes it. */
export interface ScreenPrintingOptions extends OrderChoices, GarmentChoices {
  service: 'screen-printing';
  quantity: number;
  /** Ink colours per print location, first location first (1 to maxLocations entries). */
  colors: number[];
  darkGarment: boolean;
}

/** A direct-to-garment order to price, as the calculator or the quote form describes it. */
export interface DirectToGarmentOptions extends OrderChoices, GarmentChoices {
  service: 'direct-to-garment';
  quantity: number;
  /** Print area id per location (1 to maxLocations entries). */
  areas: string[];
  darkGarment: boolean;
  /** True when we must prepare the artwork (not print-ready): adds the art set-up fee. */
  artSetup: boolean;
}

/** An embroidery order to price: stitches per location instead of colours, and no dark-garment option. */
export interface EmbroideryOptions extends OrderChoices, GarmentChoices {
  service: 'embroidery';
  quantity: number;
  /** Stitch count per location (1 to maxLocations entries), when the visitor gave stitch counts. */
  stitches: number[];
  /**
   * The logo's width in inches per location, when the visitor gave sizes instead (the calculator and the
   * quote form ask for these): the engine then estimates each location's stitches from its width with
   * the price file's rule, reports problems on "widths.N", and does not read `stitches`.
   */
  widths?: number[];
  /** True unless we have embroidered this design for the customer before: adds the digitizing fee per location. */
  newDesign: boolean;
}

/** An order to price; its `service` must match the price file it is priced with, or estimate() throws. */
export type EstimateOptions = ScreenPrintingOptions | DirectToGarmentOptions | EmbroideryOptions;

/** One line of an estimate: totalCents is exactly quantity times unitCents. */
export interface LineItem {
  /** Stable kind, for tests and styling. */
  kind: 'garments' | 'print' | 'setup' | 'size-upcharge' | 'rush' | 'delivery';
  /** What a person reads: "Front print, 3 colors", "Screens: 3 colors x 1 location". */
  label: string;
  quantity: number;
  unitCents: Cents;
  totalCents: Cents;
}

/** The quantity break an order falls in, for showing its range of quantities. */
export interface Tier {
  /** The break this quantity falls in, and the last quantity of it (null: no upper end). */
  fromQuantity: number;
  toQuantity: number | null;
}

/** The same order at the next quantity break; the estimate has null instead at the last break. */
export interface NextTier {
  fromQuantity: number;
  /** Per piece at that break, everything else unchanged. */
  perPieceCents: Cents;
  /** The total at that break. */
  totalCents: Cents;
  /** True when ordering up to the next break would cost less in total than this order. */
  cheaperInTotal: boolean;
  /** A plain sentence for the visitor, such as "Order 24 pieces instead and pay $3.10 less in total." */
  note: string;
}

/** A priced order: its lines, the total and per-piece price, its break and what the next break would cost. */
export interface Estimate {
  service: ServiceId;
  lines: LineItem[];
  /** All-in: the total divided by the quantity, rounded to the nearest cent (half a cent up). */
  perPieceCents: Cents;
  /** Whether perPieceCents times the quantity is the total exactly; when not, show it as an average. */
  perPieceExact: boolean;
  /** The sum of the lines, exactly: garments, printing, set-up, rush and delivery. */
  totalCents: Cents;
  tier: Tier;
  nextTier: NextTier | null;
  /** The same order at every quantity break (and at its own quantity), for the whole ladder. */
  ladder: LadderRow[];
  /** The turnaround and its dates; null when priced without the order terms. */
  schedule: Schedule | null;
  /** The sales-tax sentence from the order terms, said beside the total; null without them. */
  salesTax: string | null;
  /** The tax the shop's rules count on these lines where the order is handed over; null without the rules. */
  tax: SalesTax | null;
}

/** One row of the ladder: this order at another quantity, everything else unchanged. */
export interface LadderRow {
  quantity: number;
  totalCents: Cents;
  perPieceCents: Cents;
  perPieceExact: boolean;
  /** The visitor's own quantity. */
  current: boolean;
}

/** A problem with the options a person can act on, by field name ("quantity", "colors.1", "areas.0"). */
export interface FieldError {
  field: string;
  message: string;
}

/** What estimate() returns: the estimate, or every problem with the options at once. */
export type EstimateResult = { ok: true; estimate: Estimate } | { ok: false; errors: FieldError[] };
