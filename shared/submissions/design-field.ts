/**
 * The studio's design as the quote form carries it: a hidden field holding the design's JSON, empty when
 * the customer made none. Checked here, in the browser and on the server alike, against the catalogue and
 * against what the rest of the form names, so a design made for one shirt cannot ride on a request for
 * another. Its refusals are one sentence each, shown beside the field like any other field's.
 */
import { type CatalogueGarment, colorNamed, isDarkColor } from '#shared/garments/catalogue.ts';
import {
  designSchema,
  designSchemaFor,
  MAX_DESIGN_JSON_BYTES,
  type StudioDesign,
} from '#shared/studio/design-schema.ts';
import { countInks } from '#shared/studio/ink-count.ts';
import type { z } from '#shared/zod.ts';
import { DESIGN_FIELD } from './design-field-name.ts';
import type { FormValues } from './form-values.ts';
import { placements } from './quote-fields.ts';

export type DesignCheck = { ok: true; design: StudioDesign | undefined } | { ok: false; message: string };

/** "front, layer 2, fontId" from a zod path: where in the design the problem is, in words a person can follow. */
function whereIn(path: readonly PropertyKey[]): string {
  const parts = path[0] === 'locations' ? path.slice(1) : path;
  return parts.map((part) => (typeof part === 'number' ? `layer ${part + 1}` : String(part))).join(', ');
}

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The design could not be checked. Open the studio and save it again.';
  const where = whereIn(issue.path);
  return `The design cannot be used${where ? ` (${where})` : ''}: ${issue.message}`;
}

/** The size a string takes as UTF-8, without Node's Buffer (this runs in the browser too). */
function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).length;
}

/**
 * The design the form carries, parsed and checked, or the sentence that refuses it. The form's own
 * garment, colour and service must be the design's: the design is priced and printed as the form says.
 */
export function checkDesignField(values: FormValues, garments: readonly CatalogueGarment[]): DesignCheck {
  const text = values[DESIGN_FIELD] ?? '';
  if (text.trim() === '') return { ok: true, design: undefined };
  // Measured as sent: padding counts, so no post is larger than the cap says.
  if (utf8Bytes(text) > MAX_DESIGN_JSON_BYTES)
    return {
      ok: false,
      message: `The design is larger than the ${MAX_DESIGN_JSON_BYTES / 1024} KB a design may take. Remove some layers.`,
    };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, message: 'The design could not be read. Open the studio and save it again.' };
  }
  const result = designSchemaFor(garments).safeParse(parsed);
  if (!result.success) return { ok: false, message: firstIssue(result.error) };
  const design = result.data;
  if (design.garmentId !== values.garment?.trim() || design.colorName !== values.garmentColor?.trim())
    return {
      ok: false,
      message: 'The design was made for another garment or colour than the one chosen. Open the studio again.',
    };
  if (design.method !== values.service)
    return {
      ok: false,
      message: 'The design was made for another service than the one chosen. Open the studio again.',
    };
  return { ok: true, design };
}

/** Whether the design's garment colour is dark: a screen print on it needs a white underbase. */
export function designOnDark(design: StudioDesign, garments: readonly CatalogueGarment[]): boolean {
  const garment = garments.find((candidate) => candidate.id === design.garmentId);
  const color = garment ? colorNamed(garment, design.colorName) : undefined;
  return color ? isDarkColor(color.hex) : false;
}

/** Each location's ink sentence, as the request's details show it: "Front: 3 inks + underbase = 4 screens". */
export function designInkLines(design: StudioDesign, garments: readonly CatalogueGarment[]): string[] {
  return countInks(design, designOnDark(design, garments)).map(
    (counted) => `${placements[counted.location]}: ${counted.sentence}`,
  );
}

/**
 * The design kept with a request's form, for the desk's files and the customer's page. Read with the
 * catalogue-free schema: it was checked against the catalogue when it came, and a colour or print area
 * the catalogue dropped since must not hide what the customer sent. Undefined when there is none.
 */
export function storedDesign(values: Readonly<FormValues> | undefined): StudioDesign | undefined {
  const text = values?.[DESIGN_FIELD];
  if (!text) return undefined;
  try {
    const result = designSchema.safeParse(JSON.parse(text));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}
