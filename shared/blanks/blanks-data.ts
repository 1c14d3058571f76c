import { z } from '#shared/zod.ts';

/** The suppliers whose product files the shop imports; each file has its own column layout. */
export const supplierIds = ['ss-activewear', 'sanmar', 'alphabroder'] as const;
export type SupplierId = (typeof supplierIds)[number];

const text = z.string().trim().min(1, 'must not be empty');

const warehouseSchema = z.strictObject({
  /** The warehouse's column in the supplier's file. */
  code: text.max(20),
  name: text.max(60),
  /** Business days from ordering until the boxes are at the shop. */
  leadDays: z.int('must be a whole number of days').min(0, 'must not be negative').max(30, 'must be at most 30'),
});

/**
 * data/blanks.json: each supplier's warehouses with their lead days, and which supplier style each
 * catalogue garment is bought as. Checked at start, so a garment mapped to nobody or a warehouse listed
 * twice stops the server rather than answering stock from nonsense.
 */
export const blanksDataSchema = z
  .strictObject({
    suppliers: z.array(
      z.strictObject({
        id: z.enum(supplierIds),
        name: text.max(40),
        /** Where the shop's purchase orders are mailed (the account's order desk); without it they are not mailed. */
        orderEmail: z.email('must be an e-mail address').max(200).optional(),
        warehouses: z.array(warehouseSchema).min(1),
      }),
    ),
    styles: z.array(
      z.strictObject({
        garment: text.max(60),
        supplier: z.enum(supplierIds),
        style: text.max(30),
        /** A catalogue colour the supplier spells otherwise ("Navy" → "Classic Navy"). */
        colours: z.record(z.string(), text.max(60)).optional(),
        /**
         * The shop's markup on the import's piece price, in percent: where given, the catalogue's blank price
         * follows the import (imported-prices.ts); where not, the catalogue's own figures stand.
         */
        markupPercent: z.number().min(0, 'must not be negative').max(500, 'must be at most 500').optional(),
      }),
    ),
  })
  .superRefine((data, ctx) => {
    const ids = data.suppliers.map((supplier) => supplier.id);
    ids.forEach((id, index) => {
      if (ids.indexOf(id) !== index)
        ctx.addIssue({ code: 'custom', path: ['suppliers', index], message: `repeats ${id}` });
    });
    data.suppliers.forEach((supplier, index) => {
      const codes = supplier.warehouses.map((warehouse) => warehouse.code);
      codes.forEach((code, at) => {
        if (codes.indexOf(code) !== at)
          ctx.addIssue({ code: 'custom', path: ['suppliers', index, 'warehouses', at], message: `repeats ${code}` });
      });
    });
    const garments = data.styles.map((style) => style.garment);
    data.styles.forEach((style, index) => {
      if (garments.indexOf(style.garment) !== index)
        ctx.addIssue({ code: 'custom', path: ['styles', index], message: `maps ${style.garment} twice` });
      if (!ids.includes(style.supplier))
        ctx.addIssue({ code: 'custom', path: ['styles', index], message: `names ${style.supplier}, not listed` });
    });
  });

export type BlanksData = z.infer<typeof blanksDataSchema>;
export type BlankStyle = BlanksData['styles'][number];
