/**
 * A studio design as the browser saves it and the server renders it: the garment, the decorating method,
 * and per print location an ordered list of layers (first drawn first). The bounds are here so that a
 * crafted design is refused while it is parsed, before any outline is drawn: a few dozen layers at most,
 * short texts, finite sizes no larger than the largest print area, and only fonts, motifs and inks the
 * shop has. `designSchemaFor` adds what depends on the catalogue: the garment, its colour and its areas.
 *
 * Units: inches. A layer's x and y are the centre of what it draws, from the print area's top-left corner;
 * rotation is in degrees, clockwise. A text's size is its cap height (see text-geometry.ts).
 */
import type { CatalogueGarment } from '#shared/garments/catalogue.ts';
import { printLocations } from '#shared/garments/catalogue.ts';
import { serviceIds } from '#shared/service-ids.ts';
import { z } from '#shared/zod.ts';
import { fontById } from './fonts.ts';
import { inkById } from './inks.ts';
import { memberTextKinds } from './member-text-kinds.ts';
import { motifById } from './motifs.ts';

export const MAX_LAYERS_PER_LOCATION = 30;
export const MAX_TEXT_LENGTH = 40;
/** Larger than any print area in the catalogue (a full back is about 12 × 16 in). */
export const MAX_DESIGN_INCHES = 20;
/**
 * The body-size cap for the route that takes a design, so a 10 MB post is refused unread: every location
 * full of the longest layers a customer can make fits (design-schema.test.ts proves it).
 */
export const MAX_DESIGN_JSON_BYTES = 128 * 1024;
/**
 * The most colours a customer may confirm for a picture: past a dozen a screen print is no longer the
 * sensible way to print it, and the studio offers direct to garment instead.
 */
export const MAX_UPLOAD_COLOURS = 12;

const id = z.string().max(60, 'is too long for an id');
const inches = z
  .number('must be a number of inches')
  .positive('must be more than 0')
  .max(MAX_DESIGN_INCHES, `must be at most ${MAX_DESIGN_INCHES} in`);
const position = z.number('must be a number of inches').min(0, 'must not be negative').max(MAX_DESIGN_INCHES);
const rotation = z.number('must be a number of degrees').min(-360).max(360);

const placed = { x: position, y: position, rotation };

const textLayer = z.strictObject({
  kind: z.literal('text'),
  text: z
    .string()
    .min(1, 'must not be empty')
    .max(MAX_TEXT_LENGTH, `must be at most ${MAX_TEXT_LENGTH} characters`)
    .regex(/^[^\p{Cc}]*$/u, 'must be one line without control characters'),
  fontId: id,
  inkId: id,
  sizeInches: inches,
  letterSpacing: z.number().min(-0.2, 'must be at least -0.2').max(1, 'must be at most 1'),
  outline: z
    .strictObject({ inkId: id, widthInches: z.number().positive().max(0.5, 'must be at most 0.5 in') })
    .nullable(),
  arc: z.strictObject({ degrees: z.number().min(0).max(360), direction: z.enum(['up', 'down']) }).nullable(),
  /**
   * A group order's text that each member fills in (their back name or number): `text` is then the sample
   * the studio shows, such as "PLAYER" (shared/studio/member-text.ts). Absent for fixed text.
   */
  stands: z.enum(memberTextKinds).optional(),
  ...placed,
});

const motifLayer = z.strictObject({ kind: z.literal('motif'), motifId: id, inkId: id, widthInches: inches, ...placed });

const uploadLayer = z.strictObject({
  kind: z.literal('upload'),
  /** The SHA-256 of the picture's bytes in hex: the file sent beside the design with that content. */
  uploadId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'is not an upload id'),
  /** The picture's name as the customer chose it, for the layer list and the shop's notes. */
  name: z
    .string()
    .max(60, 'must be at most 60 characters')
    .regex(/^[^\p{Cc}]*$/u, 'must be one line without control characters')
    .optional(),
  widthInches: inches,
  /** The picture's height at that width; without it the layer is measured as a square. */
  heightInches: inches.optional(),
  /** The colours the customer confirmed the picture has: what its screens and price count. */
  colours: z.int('must be a whole number').min(1).max(MAX_UPLOAD_COLOURS).optional(),
  ...placed,
});

const layerSchema = z.discriminatedUnion('kind', [textLayer, motifLayer, uploadLayer]);

/** Every id a layer names must be one the shop has; the message names the bad one. */
function checkIds(layer: z.infer<typeof layerSchema>, ctx: z.RefinementCtx, path: (string | number)[]) {
  const unknown = (field: string, what: string, value: string) =>
    ctx.addIssue({ code: 'custom', path: [...path, field], message: `There is no ${what} "${value}".` });
  if (layer.kind !== 'upload' && !inkById(layer.inkId)) unknown('inkId', 'ink', layer.inkId);
  if (layer.kind === 'text') {
    if (!fontById(layer.fontId)) unknown('fontId', 'font', layer.fontId);
    if (layer.outline && !inkById(layer.outline.inkId)) unknown('outline', 'ink', layer.outline.inkId);
  }
  if (layer.kind === 'motif' && !motifById(layer.motifId)) unknown('motifId', 'motif', layer.motifId);
}

/** A needle cannot sew every face, nor any face below a certain height. */
function checkStitchable(layer: z.infer<typeof layerSchema>, ctx: z.RefinementCtx, path: (string | number)[]) {
  if (layer.kind !== 'text') return;
  const font = fontById(layer.fontId);
  if (!font) return;
  if (!font.embroidery)
    ctx.addIssue({ code: 'custom', path: [...path, 'fontId'], message: `${font.name} cannot be embroidered.` });
  else if (layer.sizeInches < font.minEmbroideryInches)
    ctx.addIssue({
      code: 'custom',
      path: [...path, 'sizeInches'],
      message: `${font.name} letters must be at least ${font.minEmbroideryInches} in tall to embroider.`,
    });
}

export const designSchema = z
  .strictObject({
    garmentId: id,
    /** The colour's name as the catalogue lists it: the catalogue keys a garment's colours by name. */
    colorName: z.string().max(40),
    method: z.enum(serviceIds),
    locations: z.partialRecord(
      z.enum(printLocations),
      z.array(layerSchema).max(MAX_LAYERS_PER_LOCATION, `must have at most ${MAX_LAYERS_PER_LOCATION} layers`),
    ),
  })
  .superRefine((design, ctx) => {
    for (const [location, layers] of Object.entries(design.locations))
      layers?.forEach((layer, index) => {
        checkIds(layer, ctx, ['locations', location, index]);
        if (design.method === 'embroidery') checkStitchable(layer, ctx, ['locations', location, index]);
      });
  });

export type StudioDesign = z.infer<typeof designSchema>;
export type DesignLayer = z.infer<typeof layerSchema>;
export type TextLayer = z.infer<typeof textLayer>;
export type MotifLayer = z.infer<typeof motifLayer>;
export type UploadLayer = z.infer<typeof uploadLayer>;
export type StudioLocation = (typeof printLocations)[number];

/**
 * Whether a layer is larger than the area could ever hold: a text's letters taller than the area, a motif
 * (square) or an upload wider. Where it sits is left to the studio's clamping; this only refuses the absurd.
 */
function tooLarge(layer: DesignLayer, area: { widthInches: number; heightInches: number }): boolean {
  if (layer.kind === 'text') return layer.sizeInches > area.heightInches;
  if (layer.kind === 'motif') return layer.widthInches > Math.min(area.widthInches, area.heightInches);
  return layer.widthInches > area.widthInches || (layer.heightInches ?? 0) > area.heightInches;
}

/** What the catalogue decides: the garment and colour exist, the method decorates it, the layers fit. */
function checkAgainstGarment(design: StudioDesign, garment: CatalogueGarment, ctx: z.RefinementCtx) {
  if (!garment.colors.some((color) => color.name === design.colorName))
    ctx.addIssue({
      code: 'custom',
      path: ['colorName'],
      message: `This garment does not come in "${design.colorName}".`,
    });
  if (!garment.services.includes(design.method))
    ctx.addIssue({ code: 'custom', path: ['method'], message: `This garment is not decorated by ${design.method}.` });
  for (const [location, layers] of Object.entries(design.locations)) {
    const area = garment.printAreas.find((candidate) => candidate.placement === location);
    if (!area) {
      ctx.addIssue({
        code: 'custom',
        path: ['locations', location],
        message: `This garment has no ${location} print area.`,
      });
      continue;
    }
    layers?.forEach((layer, index) => {
      const path = ['locations', location, index];
      if (tooLarge(layer, area))
        ctx.addIssue({
          code: 'custom',
          path,
          message: `Larger than the ${area.widthInches} × ${area.heightInches} in print area.`,
        });
      if (layer.x > area.widthInches || layer.y > area.heightInches)
        ctx.addIssue({ code: 'custom', path, message: 'Its centre must be inside the print area.' });
    });
  }
}

/** The design schema with the catalogue's checks, for the server (and the studio, which has the garment). */
export function designSchemaFor(garments: readonly CatalogueGarment[]) {
  return designSchema.superRefine((design, ctx) => {
    const garment = garments.find((candidate) => candidate.id === design.garmentId);
    if (!garment)
      ctx.addIssue({ code: 'custom', path: ['garmentId'], message: `There is no garment "${design.garmentId}".` });
    else checkAgainstGarment(design, garment, ctx);
  });
}
