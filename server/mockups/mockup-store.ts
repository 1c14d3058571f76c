import type { Transaction } from 'kysely';
import type { StorageDatabase } from '#server/storage/schema.ts';
/** Mockups: the garment pictures with the customer's artwork placed on them, kept with the request. */

/** One artwork placed on a mockup, as the picture shows it. */
export interface MockupPlacement {
  /** The quote form's location row (1-based): where the desk's adjustment posts it back. */
  row: number;
  /** The quote form's placement: front, back, left-chest… */
  placement: string;
  /** Which of the request's files (0-based); absent for the studio's design, which is drawn, not a file. */
  file?: number;
  /**
   * Drawn from the studio design: its layers are moved in the studio, so the desk's placement form, which
   * moves a file's artwork, leaves it out.
   */
  fromDesign?: true;
  widthInches: number;
  heightInches: number;
  xInches: number;
  yInches: number;
  /** The resolution the artwork prints at that size; absent for vector artwork (SVG). */
  dpi?: number;
  /** What was done to the file on the way, in words the shop and the customer read ("first frame only"). */
  notes: string[];
}

/** What a mockup shows, stored beside its picture. */
export interface MockupDetails {
  garmentId: string;
  garmentName: string;
  color: string;
  hex: string;
  placements: MockupPlacement[];
}

/** A rendered mockup ready to store: one per view of the garment that carries artwork. */
export interface NewMockup {
  view: 'front' | 'back';
  details: MockupDetails;
  mediaType: string;
  data: Buffer;
}

export interface StoredMockup extends NewMockup {
  createdAt: Date;
}

/** Reading and replacing a request's mockups. */
export interface MockupStore {
  /** The request's mockups, front first; [] for none or no such request. */
  mockupsOf(reference: string): Promise<StoredMockup[]>;
  /** Replaces the request's mockups with these (the desk's adjusted placement); false for no such request. */
  replaceMockups(reference: string, mockups: NewMockup[]): Promise<boolean>;
}

/** What the mockups do inside another feature's transaction: a saved request's mockups are written with it. */
export interface MockupSaveStep {
  insert(
    trx: Transaction<StorageDatabase>,
    submissionId: number,
    mockups: readonly NewMockup[],
    at: Date,
  ): Promise<void>;
}
