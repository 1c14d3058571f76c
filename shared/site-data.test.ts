import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dataKeys, isDataKey, startupDataKeys } from './data-keys.ts';
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

  it('knows the six start-up keys, the three content files, the order terms, the garment catalogue, the tax rules, and no others', () => {
    expect(startupDataKeys).toEqual([
      'config',
      'services',
      'media',
      'direct-to-garment',
      'screen-printing',
      'embroidery',
    ]);
    expect(dataKeys).toEqual([
      ...startupDataKeys,
      'our-work',
      'faq',
      'artwork-guidelines',
      'order-terms',
      'garments',
      'sales-tax',
    ]);
    expect(isDataKey('config')).toBe(true);
    expect(isDataKey('__proto__')).toBe(false);
    expect(isDataKey('package')).toBe(false);
  });
});

describe('content files', () => {
  it('refuse a job list under twelve and a repeated anchor', () => {
    const work = readData('our-work') as { jobs: unknown[] };
    expect(siteDataSchemas['our-work'].safeParse({ ...work, jobs: work.jobs.slice(0, 11) }).success).toBe(false);
    const faq = readData('faq') as { groups: { id: string; questions: { id: string }[] }[] };
    const [first] = faq.groups;
    if (!first?.questions[0]) throw new Error('empty faq');
    const clash = { ...faq, groups: [{ ...first, questions: [{ ...first.questions[0], id: first.id }] }] };
    expect(siteDataSchemas.faq.safeParse(clash).success).toBe(false);
  });

  it('refuse opening hours that are not 24-hour times', () => {
    const config = readData('config') as { openingHours: { opens: string }[] };
    const bad = { ...config, openingHours: [{ days: ['Monday'], opens: '9am', closes: '17:00' }] };
    const result = configSchema.safeParse(bad);
    expect(result.success ? [] : describeIssues(result.error)).toEqual([
      'openingHours.0.opens: must be a 24-hour time such as 09:00',
    ]);
  });
});
