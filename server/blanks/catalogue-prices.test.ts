import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSiteDataFiles } from '#server/pages/site-data-files.ts';
import type { BlanksData } from '#shared/blanks/blanks-data.ts';
import { fixtureDataDir } from '#tests/support/fixture-site-data.ts';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';
import { importedCataloguePrices } from './catalogue-prices.ts';
import { importSupplierFile } from './import-blanks.ts';

const sample = fileURLToPath(new URL('../../tests/fixtures/blanks/ss-activewear.csv', import.meta.url));
const data = (markupPercent?: number): BlanksData => ({
  suppliers: [{ id: 'ss-activewear', name: 'S&S Activewear', warehouses: [{ code: 'IL', name: 'IL', leadDays: 1 }] }],
  styles: [
    {
      garment: 'test-tee',
      supplier: 'ss-activewear',
      style: '5000',
      ...(markupPercent === undefined ? {} : { markupPercent }),
    },
  ],
});

describe.each(backends)('the catalogue priced from the import, on %s', (backend) => {
  let storage: Awaited<ReturnType<typeof openTestStorage>>;
  beforeAll(async () => {
    storage = await openTestStorage(backend);
  });
  afterAll(() => storage.close());

  it('prices a garment from the import with the shop’s markup where the data says so, else as written', async () => {
    // Nothing imported yet: the catalogue's own figures.
    expect((await importedCataloguePrices(storage.blanks, data(15))).size).toBe(0);
    await importSupplierFile(storage.blanks, {
      supplier: 'ss-activewear',
      path: sample,
      fileName: 'ss.csv',
      takenAt: new Date('2026-11-28T06:00:00Z'),
      actor: 'staff:maria@seenwear.example',
    });
    expect((await importedCataloguePrices(storage.blanks, data())).size).toBe(0);
    const prices = await importedCataloguePrices(storage.blanks, data(15));
    // The sample's $3.02 for S to XL, 2XL $4.67: $3.50 and a $1.90 upcharge with 15%.
    expect(prices.get('test-tee')).toMatchObject({ cents: 350, sizeUpcharges: [{ size: '2XL', cents: 190 }] });

    const plain = await loadSiteDataFiles(fixtureDataDir);
    const followed = await loadSiteDataFiles(fixtureDataDir, prices);
    const tee = (site: typeof plain) => site.data.garments.garments.find((garment) => garment.id === 'test-tee');
    expect(tee(plain)?.cents).toBe(400);
    expect(tee(followed)?.cents).toBe(350);
    // The data files served to the calculators carry it too, under a new version.
    expect(followed.version).not.toBe(plain.version);
    expect(followed.files.get('garments')?.identity.body.toString()).toContain('"cents":350');
  });
});
