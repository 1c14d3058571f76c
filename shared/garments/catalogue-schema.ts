import { serviceIds } from '#shared/service-ids.ts';
import { z } from '#shared/zod.ts';
import {
  type CatalogueGarment,
  type GarmentCatalogue,
  garmentSizes,
  garmentTypes,
  printLocations,
} from './catalogue.ts';

/**
 * data/garments.json's schema. Beyond the shapes it refuses what would mislead a customer: a repeated
 * id or colour, a swatch that is not a colour, a print area larger than any garment takes, a garment
 * no service decorates.
 */

const MAX_CENTS = 1_000_000;
const cents = z.int('must be a whole number of cents').min(0, 'must not be negative').max(MAX_CENTS);
const id = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lower-case letters and digits, joined by hyphens');
const text = z.string().trim().min(1, 'must not be empty');
/** A full back print is about 12 × 16 in; nothing the shop prints is larger than this. */
const MAX_PRINT_INCHES = 20;
const inches = z.number().positive('must be more than 0').max(MAX_PRINT_INCHES, `must be at most ${MAX_PRINT_INCHES}`);

const colorSchema = z.strictObject({
  name: text.max(40),
  hex: z.string().regex(/^#[0-9a-f]{6}$/, 'must be a lower-case color such as #1f2a44'),
});

const garmentSchema = z
  .strictObject({
    id: id.refine((value) => value !== 'own' && value !== 'other', 'must not be "own" or "other": those are reserved'),
    brand: text.max(40),
    style: text.max(20),
    name: text.max(60),
    type: z.enum(garmentTypes),
    services: z.array(z.enum(serviceIds)).min(1, 'must name at least one service that decorates it'),
    cents,
    sizes: z.array(z.enum(garmentSizes)),
    sizeUpcharges: z
      .array(z.strictObject({ size: z.enum(['2XL', '3XL', '4XL+']), cents }))
      .length(3, 'must list 2XL, 3XL and 4XL+ (0 where it costs no more)'),
    colors: z.array(colorSchema).min(1, 'must list at least one color'),
    printAreas: z
      .array(z.strictObject({ placement: z.enum(printLocations), widthInches: inches, heightInches: inches }))
      .min(1, 'must list at least one print area'),
  })
  .superRefine((garment, ctx) => {
    const repeated = (values: string[], path: string, what: string) => {
      values.forEach((value, index) => {
        if (values.indexOf(value) !== index)
          ctx.addIssue({ code: 'custom', path: [path, index], message: `repeats the ${what} "${value}"` });
      });
    };
    repeated(
      garment.colors.map((color) => color.name.toLowerCase()),
      'colors',
      'color',
    );
    repeated(
      garment.printAreas.map((area) => area.placement),
      'printAreas',
      'placement',
    );
    repeated(
      garment.sizeUpcharges.map((upcharge) => upcharge.size),
      'sizeUpcharges',
      'size',
    );
    repeated(garment.sizes, 'sizes', 'size');
    const hat = garment.type === 'hat';
    garment.printAreas.forEach((area, index) => {
      if (hat !== (area.placement === 'cap-front'))
        ctx.addIssue({
          code: 'custom',
          path: ['printAreas', index, 'placement'],
          message: hat ? 'a cap is decorated on its front only (cap-front)' : 'cap-front is for caps only',
        });
    });
  });

export const garmentCatalogueSchema = z
  .strictObject({ garments: z.array(garmentSchema).min(1, 'must list at least one garment') })
  .superRefine((catalogue, ctx) => {
    const ids = catalogue.garments.map((garment) => garment.id);
    ids.forEach((value, index) => {
      if (ids.indexOf(value) !== index)
        ctx.addIssue({ code: 'custom', path: ['garments', index, 'id'], message: `repeats the id "${value}"` });
    });
  });

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
[true, true] satisfies [
  Same<z.output<typeof garmentCatalogueSchema>, GarmentCatalogue>,
  Same<z.output<typeof garmentSchema>, CatalogueGarment>,
];
