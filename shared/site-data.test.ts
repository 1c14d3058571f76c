import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dataKeys, isDataKey } from './data-keys.ts';
import { configSchema, describeIssues, siteDataSchemas } from './site-data.ts';

const readData = (key: string): unknown => JSON.parse(readFileSync(`data/${key}.json`, 'utf8'));

describe('data files', () => {
  it.each(dataKeys)('data/%s.json matches its schema', (key) => {
    const result = siteDataSchemas[key].safeParse(readData(key));
    expect(result.success ? [] : describeIssues(result.error)).toEqual([]);
  });

  it('names the field and the problem for a bad value', () => {
    const config = readData('config') as { contact: { email: string } };
    config.contact.email = 'not-an-email';
    const result = configSchema.safeParse(config);
    expect(result.success).toBe(false);
    if (!result.success) expect(describeIssues(result.error)).toEqual(['contact.email: Invalid email address']);
  });

  it('refuses a promo route that leaves the site', () => {
    const config = readData('config') as { promo: { route: string } };
    config.promo.route = '//evil.example/';
    const result = configSchema.safeParse(config);
    expect(result.success).toBe(false);
  });

  it('knows the six keys and no others', () => {
    expect(dataKeys).toEqual(['config', 'services', 'media', 'direct-to-garment', 'screen-printing', 'embroidery']);
    expect(isDataKey('config')).toBe(true);
    expect(isDataKey('__proto__')).toBe(false);
    expect(isDataKey('package')).toBe(false);
  });
});
