import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProductionPlanner } from '#server/production/production-planner.ts';
import type { BlanksData } from '#shared/blanks/blanks-data.ts';
import { addBusinessDays } from '#shared/pricing/business-days.ts';
import type { Capacity } from '#shared/production/production-load.ts';
import type { FormValues } from '#shared/submissions/form-values.ts';
import { fixtureSiteData } from '#tests/support/fixture-site-data.ts';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';
import { blanksLeadOf } from './blanks-lead.ts';
import { importSupplierFile } from './import-blanks.ts';
import { createStockReader } from './stock-reader.ts';

// Monday 30 November 2026, 09:00 in Chicago.
const now = () => new Date('2026-11-30T15:00:00Z');
const capacity: Capacity = {
  perDay: { 'screen-printing': 1000, 'direct-to-garment': 1000, embroidery: 1000 },
  closedDates: [],
};
const sample = fileURLToPath(new URL('../../tests/fixtures/blanks/ss-activewear.csv', import.meta.url));

/** S&S Activewear's warehouses as the sample has them: Lockport in a day, Olathe in two, Reno in four. */
const blanksData: BlanksData = {
  suppliers: [
    {
      id: 'ss-activewear',
      name: 'S&S Activewear',
      warehouses: [
        { code: 'IL', name: 'Lockport, IL', leadDays: 1 },
        { code: 'KS', name: 'Olathe, KS', leadDays: 2 },
        { code: 'NV', name: 'Reno, NV', leadDays: 4 },
      ],
    },
  ],
  styles: [{ garment: 'test-tee', supplier: 'ss-activewear', style: '5000' }],
};

const order = (sizes: Record<string, string>, colour = 'Navy'): FormValues => ({
  service: 'direct-to-garment',
  garment: 'test-tee',
  garmentColor: colour,
  ...sizes,
  loc1: 'front',
  loc1Area: 'medium',
  delivery: 'pickup',
});

describe.each(backends)('dates that include the blanks, on %s', (backend) => {
  let storage: Awaited<ReturnType<typeof openTestStorage>>;
  beforeAll(async () => {
    storage = await openTestStorage(backend);
    await importSupplierFile(storage.blanks, {
      supplier: 'ss-activewear',
      path: sample,
      fileName: 'ss.csv',
      takenAt: new Date('2026-11-30T12:00:00Z'),
      actor: 'operator',
    });
  });
  afterAll(() => storage.close());

  const planners = () => {
    const base = { production: storage.production, site: () => fixtureSiteData, now, defaults: capacity };
    const readStock = createStockReader({
      blanks: storage.blanks,
      data: () => blanksData,
      garments: () => fixtureSiteData.garments.garments,
    });
    return {
      without: createProductionPlanner(base),
      withBlanks: createProductionPlanner({ ...base, blanksLead: blanksLeadOf(readStock) }),
    };
  };

  it('promises an order needing blanks later by the slowest warehouse its sizes need', async () => {
    const { without, withBlanks } = planners();
    // 30 M come from Lockport (a day); 5 XL need Olathe too (4 + 6 there): two business days.
    const values = order({ qtyM: '30', qtyXL: '5' });
    const before = (await without.bookingFor(values))([]);
    const after = (await withBlanks.bookingFor(values))([]);
    expect(before?.promised?.date).toBeDefined();
    expect(after?.promised?.date).toBe(
      addBusinessDays(before?.promised?.date as string, 2, fixtureSiteData['order-terms']),
    );
    expect(after?.pressDate).toBe(after?.promised?.date);
    // From Lockport alone: one day later.
    const quick = (await withBlanks.bookingFor(order({ qtyM: '30' })))([]);
    expect(quick?.promised?.date).toBe(
      addBusinessDays(before?.promised?.date as string, 1, fixtureSiteData['order-terms']),
    );
  });

  it('offers no date the supplier’s stock cannot meet: the shop sets it on the desk', async () => {
    const { withBlanks } = planners();
    expect((await withBlanks.bookingFor(order({ qtyM: '30', qtyXL: '18' })))([])).toBeUndefined();
    // Another colour with the sizes in stock is booked as usual.
    expect((await withBlanks.bookingFor(order({ qtyM: '30', qtyXL: '18' }, 'Sport Grey')))([])?.promised).toBeDefined();
  });
});
