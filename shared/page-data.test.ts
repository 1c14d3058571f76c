import { describe, expect, it } from 'vitest';
import { fixtureSiteData } from '#tests/support/fixture-site-data.ts';
import { dataKeysFor, embeddedDataKeysFor, pageDataKeys, pickSiteData } from './page-data.ts';
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
    expect(withPrices.map((page) => page.id).sort()).toEqual(['embroidery', 'pricing', 'studio']);
    expect(dataKeysFor(['root', 'direct-to-garment'])).not.toContain('screen-printing');
    // The home page names the services and links to their prices; it shows none.
    expect(dataKeysFor(['root', 'home'])).toEqual(['config', 'media', 'services', 'our-work']);
  });

  it('embeds in the quote form and the service pages what their hydrated parts read: their islands read the rest as they wake', () => {
    expect(dataKeysFor(['root', 'pricing'])).toEqual(
      expect.arrayContaining(['services', 'order-terms', 'screen-printing', 'direct-to-garment', 'embroidery']),
    );
    expect(embeddedDataKeysFor(['root', 'pricing'])).toEqual(['config', 'media']);
    // A service page's parts that read its price file and the order terms are islands too; its header is not.
    expect(embeddedDataKeysFor(['root', 'screen-printing'])).toEqual(['config', 'media', 'services']);
    expect(dataKeysFor(['root', 'screen-printing'])).toEqual(
      expect.arrayContaining(['order-terms', 'screen-printing']),
    );
  });

  it('cuts the site data to the files asked for, in the files’ order, whatever the order asked', () => {
    const picked = pickSiteData(fixtureSiteData, ['faq', 'config']);
    expect(Object.keys(picked)).toEqual(['config', 'faq']);
    expect(picked.faq).toBe(fixtureSiteData.faq);
  });
});
