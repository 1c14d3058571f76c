import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';
import { importSupplierFile } from './import-blanks.ts';
import { ImportRefusal, MAX_IMPORT_BYTES } from './read-supplier-file.ts';

const fixture = (name: string) => fileURLToPath(new URL(`../../tests/fixtures/blanks/${name}`, import.meta.url));
const takenAt = new Date('2026-11-28T06:00:00Z');
const actor = 'staff:maria@seenwear.example';

/** A made-up file in a temporary folder. */
async function fileWith(name: string, text: string): Promise<string> {
  const path = join(tmpdir(), `blanks-${process.pid}-${name}`);
  await writeFile(path, text);
  return path;
}

const ssHeader =
  'SkuID_Master,Sku,Gtin,BrandName,StyleName,ColorName,ColorCode,SizeName,SizeOrder,CaseQty,PiecePrice,DozenPrice,CasePrice,CustomerPrice,IL,KS,TX,GA,PA,NV,Qty';
const ssRow = (sku: string, price: string, il: string) =>
  `1,${sku},0,Gildan,5000,Navy,40,XL,e,72,3.62,3.32,3.12,${price},${il},0,0,0,0,0,0`;

describe.each(backends)('importing supplier files, on %s', (backend) => {
  let storage: Awaited<ReturnType<typeof openTestStorage>>;
  beforeAll(async () => {
    storage = await openTestStorage(backend);
  });
  afterAll(() => storage.close());

  const importing = (supplier: 'ss-activewear' | 'sanmar' | 'alphabroder', path: string) =>
    importSupplierFile(storage.blanks, { supplier, path, fileName: 'file.csv', takenAt, actor });

  it('imports the S&S Activewear and SanMar samples, each in its own layout, with stock per warehouse', async () => {
    const ss = await importing('ss-activewear', fixture('ss-activewear.csv'));
    const sanmar = await importing('sanmar', fixture('sanmar.csv'));
    expect(ss.rows).toBe(30);
    expect(sanmar.rows).toBe(25);
    const navy = await storage.blanks.styleStock('ss-activewear', '5000');
    expect(navy?.takenAt.toISOString()).toBe(takenAt.toISOString());
    const xl = navy?.rows.find((row) => row.colour === 'Navy' && row.size === 'XL');
    expect(xl).toMatchObject({ cents: 302, total: 10, warehouses: { IL: 4, KS: 6, TX: 0 } });
    const polo = await storage.blanks.styleStock('sanmar', 'K500');
    expect(polo?.rows.find((row) => row.colour === 'Red' && row.size === '2XL')).toMatchObject({
      cents: 1498,
      total: 120,
    });
    expect((await storage.blanks.currentImports()).map((row) => row.supplier)).toEqual(['sanmar', 'ss-activewear']);
  });

  it('imports alphabroder’s layout too', async () => {
    const done = await importing('alphabroder', fixture('alphabroder.csv'));
    expect(done.rows).toBe(10);
    const tee = await storage.blanks.styleStock('alphabroder', '3600');
    expect(tee?.rows.find((row) => row.colour === 'Midnight Navy' && row.size === '2XL')?.cents).toBe(559);
  });

  it('replaces the last import of the same supplier whole', async () => {
    const path = await fileWith('replace.csv', `${ssHeader}\n${ssRow('NEW1', '3.10', '7')}\n`);
    await importing('ss-activewear', path);
    const stock = await storage.blanks.styleStock('ss-activewear', '5000');
    expect(stock?.rows.map((row) => row.sku)).toEqual(['NEW1']);
    // The other suppliers' imports stay.
    expect((await storage.blanks.styleStock('sanmar', 'K500'))?.rows).toHaveLength(15);
  });

  it.each([
    [
      'a negative stock',
      `${ssRow('A1', '3.02', '5')}\n${ssRow('A2', '3.02', '-4')}`,
      'Line 3 (SKU A2): the stock in IL is negative (-4).',
    ],
    ['a price of zero', ssRow('A1', '0.00', '5'), 'Line 2 (SKU A1): CustomerPrice is zero; a blank has a price.'],
    [
      'a duplicate SKU',
      `${ssRow('A1', '3.02', '5')}\n${ssRow('A1', '3.02', '6')}`,
      'Line 3: SKU A1 is already on line 2.',
    ],
  ])('refuses %s, naming the line, and keeps the import in force', async (_what, rows, message) => {
    const before = await storage.blanks.styleStock('ss-activewear', '5000');
    const path = await fileWith('bad.csv', `${ssHeader}\n${rows}\n`);
    const refusal = await importing('ss-activewear', path).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ImportRefusal);
    expect((refusal as ImportRefusal).problems).toContain(message);
    expect(await storage.blanks.styleStock('ss-activewear', '5000')).toEqual(before);
  });

  it('refuses another supplier’s layout, saying whose it looks like', async () => {
    const refusal = (await importing('ss-activewear', fixture('sanmar.csv')).catch(
      (error: unknown) => error,
    )) as ImportRefusal;
    expect(refusal.problems[0]).toMatch(
      /^Line 1: this is not the S&S Activewear product file layout; the columns Sku, .* are missing\. It looks like SanMar EPDD file/,
    );
  });

  it('refuses a file past the limit before reading it', async () => {
    const path = await fileWith('large.csv', `${ssHeader}\n`);
    const { truncate } = await import('node:fs/promises');
    await truncate(path, MAX_IMPORT_BYTES + 1);
    const refusal = (await importing('ss-activewear', path).catch((error: unknown) => error)) as ImportRefusal;
    expect(refusal.problems[0]).toMatch(
      /^The file is 32\.0 MB, more than 32\.0 MB|^The file is .* the most an import takes/,
    );
  });
});
