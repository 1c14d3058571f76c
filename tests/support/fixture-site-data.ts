import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type DataKey, dataKeys } from '#shared/data-keys.ts';
import { type SiteData, siteDataSchemas } from '#shared/site-data.ts';

/**
 * The six data files of the tests: the shop's content, with made-up round prices (a first screen-printed
 * location from $10.00 down to $5.00, a $15.00 screen, $3.00 tees). Tests that expect a price work it
 * out by hand from these files and write it down, so they neither follow nor break on the shop's prices
 * in data/, and never ask the pricing engine under test what to expect.
 */
export const fixtureDataDir = 'tests/fixtures/site-data';

function readFixture<K extends DataKey>(key: K): SiteData[K] {
  const json: unknown = JSON.parse(readFileSync(join(fixtureDataDir, `${key}.json`), 'utf8'));
  return siteDataSchemas[key].parse(json) as SiteData[K];
}

/** The fixture files, each checked by its schema as the server checks the real ones at start. */
export const fixtureSiteData = Object.fromEntries(
  dataKeys.map((key) => [key, readFixture(key)]),
) as unknown as SiteData;
