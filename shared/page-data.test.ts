import { describe, expect, it } from 'vitest';
import { fixtureSiteData } from '#tests/support/fixture-site-data.ts';
import { dataKeysFor, pageDataKeys, pickSiteData } from './page-data.ts';
import { pages } from './routes.ts';

describe('data per page', () => {
  it('gives every page the layout’s files, and the garment catalogue to none (the price files carry its garments)', () => {
    for (const page of pages) {
      const keys = dataKeysFor(['root', page.id]);
      expect(keys).toEqual(expect.arrayContaining(['config', 'media']));
      expect(keys).not.toContain('garments');
    }
  });

  it('gives the prices only to the pages that show them, and each calculator only its own', () => {
    const withPrices = pages.filter((page) => pageDataKeys[page.id].some((key) => key === 'embroidery'));
    expect(withPrices.map((page) => page.id).sort()).toEqual(['embroidery', 'home', 'pricing']);
    expect(dataKeysFor(['root', 'direct-to-garment'])).not.toContain('screen-printing');
  });

  it('cuts the site data to the files asked for, in the files’ order, whatever the order asked', () => {
    const picked = pickSiteData(fixtureSiteData, ['faq', 'config']);
    expect(Object.keys(picked)).toEqual(['config', 'faq']);
    expect(picked.faq).toBe(fixtureSiteData.faq);
  });
});
