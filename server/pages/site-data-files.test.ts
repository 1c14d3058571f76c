import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { holidaysRunningOut, loadSiteDataFiles } from './site-data-files.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'data-'));
  await cp('data', dir, { recursive: true });
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('loadSiteDataFiles', () => {
  it('loads the twelve files with identical gzip and brotli forms and distinct strong tags', async () => {
    const siteData = await loadSiteDataFiles(dir);
    expect([...siteData.files.keys()]).toHaveLength(12);
    const config = siteData.files.get('config');
    if (!config) throw new Error('config missing');
    expect(JSON.parse(config.identity.body.toString())).toEqual(siteData.data.config);
    expect(gunzipSync(config.gzip.body)).toEqual(config.identity.body);
    expect(brotliDecompressSync(config.br.body)).toEqual(config.identity.body);
    const tags = [config.identity.etag, config.gzip.etag, config.br.etag];
    expect(new Set(tags).size).toBe(3);
    for (const tag of tags) expect(tag).toMatch(/^"[\w-]+"$/);
  });

  it("serves each price file with the catalogue's garments its service decorates, colours and all", async () => {
    const siteData = await loadSiteDataFiles(dir);
    const served = (key: 'screen-printing' | 'embroidery') =>
      JSON.parse(siteData.files.get(key)?.identity.body.toString() ?? '{}') as {
        garments: { id: string; name: string; colors?: { name: string }[] }[];
      };
    const screen = served('screen-printing');
    const catalogue = JSON.parse(await readFile(path.join(dir, 'garments.json'), 'utf8')) as {
      garments: { id: string; services: string[] }[];
    };
    expect(screen.garments.map((garment) => garment.id)).toEqual(
      catalogue.garments.filter((garment) => garment.services.includes('screen-printing')).map((garment) => garment.id),
    );
    expect(screen.garments[0]).toMatchObject({ id: 'gildan-5000', name: 'Gildan 5000 Heavy Cotton tee' });
    expect(screen.garments[0]?.colors?.map((color) => color.name)).toContain('Navy');
    const embroidered = served('embroidery').garments.map((garment) => garment.id);
    expect(embroidered).toContain('richardson-112');
    expect(embroidered).not.toContain('gildan-5000');
    expect(siteData.data['screen-printing'].garments).toEqual(screen.garments);
  });

  it('changes its version when a file changes', async () => {
    const before = (await loadSiteDataFiles(dir)).version;
    const file = path.join(dir, 'config.json');
    const config = JSON.parse(await readFile(file, 'utf8')) as { appName: string };
    config.appName = 'Another Name';
    await writeFile(file, JSON.stringify(config));
    expect((await loadSiteDataFiles(dir)).version).not.toBe(before);
  });

  it('stops with the file and the field for an invalid value', async () => {
    const file = path.join(dir, 'media.json');
    const media = JSON.parse(await readFile(file, 'utf8')) as { slides: { href: string }[] };
    media.slides[1] = { ...media.slides[1], href: 'https://elsewhere.example' } as { href: string };
    await writeFile(file, JSON.stringify(media));
    await expect(loadSiteDataFiles(dir)).rejects.toThrow(/media\.json: slides\.1\.href: must be a path on this site/);
  });

  it('stops on sales-tax rules with a gap or an overlap, or that leave the shop’s own ZIP code untaxed', async () => {
    const file = path.join(dir, 'sales-tax.json');
    const original = await readFile(file, 'utf8');
    const rules = () =>
      JSON.parse(original) as {
        jurisdictions: { rates: Record<string, { fromCents: number; belowCents?: number }[]> }[];
        places: { zipPrefixes: string[] }[];
      };
    const gap = rules();
    gap.jurisdictions[0]?.rates.hats?.splice(0, 1, { fromCents: 500, percent: '6.25' } as never);
    await writeFile(file, JSON.stringify(gap));
    await expect(loadSiteDataFiles(dir)).rejects.toThrow(
      /sales-tax\.json: jurisdictions\.0\.rates\.hats\.0\.fromCents: leaves a gap: no rate for prices from 0 to 499 cents/,
    );
    const overlap = rules();
    overlap.jurisdictions[1]?.rates.setup?.push({ fromCents: 0, percent: '1' } as never);
    await writeFile(file, JSON.stringify(overlap));
    await expect(loadSiteDataFiles(dir)).rejects.toThrow(
      /jurisdictions\.1\.rates\.setup\.1: overlaps the band before it/,
    );
    const untaxed = rules();
    untaxed.places[0]?.zipPrefixes.splice(untaxed.places[0].zipPrefixes.indexOf('627'), 1);
    await writeFile(file, JSON.stringify(untaxed));
    await expect(loadSiteDataFiles(dir)).rejects.toThrow(/sales-tax\.json: places: the shop's own ZIP code 62701/);
  });

  it('stops with the file name for broken JSON or a missing file', async () => {
    await writeFile(path.join(dir, 'services.json'), '{ "services": [');
    await expect(loadSiteDataFiles(dir)).rejects.toThrow(/services\.json: is not JSON/);
    await rm(path.join(dir, 'services.json'));
    await expect(loadSiteDataFiles(dir)).rejects.toThrow(/services\.json: cannot be read \(ENOENT\)/);
  });
});

describe('promo HTML', () => {
  it('is cleaned with the allow-list when loaded, with a warning for the operator', async () => {
    const file = path.join(dir, 'config.json');
    const config = JSON.parse(await readFile(file, 'utf8')) as { promo: { text: string } };
    config.promo.text = 'Sale <strong>now</strong><img src=x onerror=alert(1)><a href="javascript:alert(1)">go</a>';
    await writeFile(file, JSON.stringify(config));
    const siteData = await loadSiteDataFiles(dir);
    expect(siteData.data.config.promo?.text).toBe('Sale <strong>now</strong><a>go</a>');
    expect(siteData.files.get('config')?.identity.body.toString()).not.toContain('onerror');
    expect(siteData.warnings).toEqual([expect.stringContaining('promo.text had HTML outside the allow-list')]);
  });

  it('leaves clean promo HTML as it is, without a warning', async () => {
    const siteData = await loadSiteDataFiles(dir);
    expect(siteData.warnings).toEqual([]);
    expect(siteData.data.config.promo?.text).toContain('<strong>');
  });
});

describe('the holiday list', () => {
  const terms = (dates: string[]) =>
    ({ holidays: dates.map((date) => ({ date, name: 'Holiday' })) }) as unknown as Parameters<
      typeof holidaysRunningOut
    >[0];

  it('is said at start when it ends within a year, and not otherwise', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const warnings: string[] = [];
    holidaysRunningOut(terms(['2027-01-01', '2027-05-31']), 'data/order-terms.json', warnings, now);
    expect(warnings).toEqual([
      "data/order-terms.json: the holidays listed end on 2027-05-31; add the next year's, or dates after that count holidays as working days.",
    ]);
    const fine: string[] = [];
    holidaysRunningOut(terms(['2027-01-01', '2028-12-25']), 'data/order-terms.json', fine, now);
    expect(fine).toEqual([]);
  });
});
