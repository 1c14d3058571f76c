import { readFileSync } from 'node:fs';
import { type BlanksData, blanksDataSchema } from '#shared/blanks/blanks-data.ts';
import { supplierLayouts } from './supplier-layouts.ts';

const dataFile = new URL('../../data/blanks.json', import.meta.url);

/**
 * data/blanks.json, checked at start: a broken file, or a warehouse the supplier's file has no column for,
 * stops the server rather than answering stock or dates from nonsense.
 */
export function readBlanksData(file: URL = dataFile): BlanksData {
  const parsed = blanksDataSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    const problem = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`data/blanks.json is not valid: ${problem}`);
  }
  for (const supplier of parsed.data.suppliers) {
    const columns = supplierLayouts[supplier.id].warehouses;
    const unknown = supplier.warehouses.filter((warehouse) => !columns.includes(warehouse.code));
    if (unknown.length > 0)
      throw new Error(
        `data/blanks.json is not valid: ${supplier.id} lists ${unknown.map((w) => w.code).join(', ')}, which its file has no column for`,
      );
  }
  return parsed.data;
}
