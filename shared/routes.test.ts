import { describe, expect, it } from 'vitest';
import { pageDescriptions } from './page-descriptions.ts';
import {
  findPageByPath,
  getPage,
  indexablePaths,
  menus,
  pageModulePath,
  pages,
  pageTitle,
  quoteLink,
} from './routes.ts';

describe('route table', () => {
  it('holds every route the spec lists once, and the trust pages (our work, FAQ, artwork guidelines)', () => {
    expect(pages.map((page) => page.path)).toEqual([
      '/',
      '/pricing',
      '/pricing/printing',
      '/pricing/dtg',
      '/pricing/embroidery',
      '/pricing/sent',
      '/pricing/studio',
      '/our-work',
      '/about-us',
      '/faq',
      '/artwork-guidelines',
      '/contact-us',
      '/terms-of-service',
      '/privacy-policy',
      '/cookie-policy',
      '*',
    ]);
    expect(new Set(pages.map((page) => page.id)).size).toBe(pages.length);
  });

  it('leaves the catch-all, the confirmation page and the studio (opened from the form) out of the indexable paths', () => {
    expect(indexablePaths()).not.toContain('*');
    expect(indexablePaths()).not.toContain('/pricing/sent');
    expect(indexablePaths()).not.toContain('/pricing/studio');
    expect(indexablePaths()).toHaveLength(pages.length - 3);
  });

  it('titles pages "{page} - {site name}" and ends the home title with the tagline', () => {
    expect(pageTitle('about-us', 'Seenwear')).toBe('About us - Seenwear');
    expect(pageTitle('not-found', 'Seenwear')).toBe('404 Page not found - Seenwear');
    expect(pageTitle('home', 'Seenwear')).toMatch(/Seen by Everyone\.$/);
  });

  it('gives every page a description short enough for a search result', () => {
    for (const page of pages) expect(pageDescriptions[page.id].length, page.id).toBeGreaterThan(40);
    for (const page of pages) expect(pageDescriptions[page.id].length, page.id).toBeLessThanOrEqual(170);
  });

  it('refuses an unknown page id', () => {
    expect(() => getPage('nope' as never)).toThrow(/Unknown page id/);
  });
});

describe('menus', () => {
  it('lists the header and footer menus from the table, with their short labels, in order', () => {
    expect(quoteLink).toEqual({ label: 'Get a quote', to: '/pricing' });
    expect(menus.pricing).toEqual([
      { label: 'Screen printing', to: '/pricing/printing' },
      { label: 'Direct to garment', to: '/pricing/dtg' },
      { label: 'Embroidery', to: '/pricing/embroidery' },
    ]);
    expect(menus.company).toEqual([
      { label: 'Our work', to: '/our-work' },
      { label: 'About us', to: '/about-us' },
      { label: 'Contact us', to: '/contact-us' },
    ]);
    expect(menus.help).toEqual([
      { label: 'FAQ', to: '/faq' },
      { label: 'Artwork guidelines', to: '/artwork-guidelines' },
    ]);
    expect(menus.legal).toEqual([
      { label: 'Terms of service', to: '/terms-of-service' },
      { label: 'Privacy policy', to: '/privacy-policy' },
      { label: 'Cookie policy', to: '/cookie-policy' },
    ]);
  });
});

describe('pageModulePath', () => {
  it('names the page module a lazy route loads and Vite keys its chunk by', () => {
    expect(pageModulePath('contact-us')).toBe('client/pages/contact-us.tsx');
  });
});

describe('findPageByPath', () => {
  it('finds a page by its path, ignoring a query or a hash', () => {
    expect(findPageByPath('/pricing')?.name).toBe('Get a quote');
    expect(findPageByPath('/pricing?service=dtg#form')?.id).toBe('pricing');
    expect(findPageByPath('/nowhere')).toBeUndefined();
  });
});
