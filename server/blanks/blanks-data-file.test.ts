import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { supplierIds } from '#shared/blanks/blanks-data.ts';
import { readBlanksData } from './blanks-data-file.ts';

describe('data/blanks.json', () => {
  it('maps every catalogue garment to a supplier whose warehouses have lead days', () => {
    const data = readBlanksData();
    const catalogue = JSON.parse(readFileSync(new URL('../../data/garments.json', import.meta.url), 'utf8')) as {
      garments: { id: string }[];
    };
    expect(data.styles.map((style) => style.garment).sort()).toEqual(catalogue.garments.map((g) => g.id).sort());
    expect(data.suppliers.map((supplier) => supplier.id).sort()).toEqual([...supplierIds].sort());
  });
});
