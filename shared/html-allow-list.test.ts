import { describe, expect, it } from 'vitest';
import { htmlAllowList, isAllowedHref } from './html-allow-list.ts';

describe('isAllowedHref', () => {
  it.each([
    '/',
    '/contact-us',
    '/pricing?service=embroidery#quote',
    '/a%20b',
    'mailto:hello@shop.example',
    'mailto:hello@shop.example?subject=Quote%20request',
    'tel:+15550100123',
    'TEL:555-010-0123',
  ])('keeps %j', (href) => {
    expect(isAllowedHref(href)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' JavaScript:alert(1)',
    '\tjavascript:alert(1)',
    'java\nscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.example/',
    '/\\evil.example/',
    '/\t/evil.example/',
    ' /contact-us',
    'https://evil.example/',
    'http://shop.example/',
    'contact-us',
    '#top',
    '',
    'mailto:',
    'mailto:a@b.example"onmouseover="x',
    'tel:',
    'tel:+1555;javascript:alert(1)',
  ])('refuses %j', (href) => {
    expect(isAllowedHref(href)).toBe(false);
  });
});

describe('htmlAllowList', () => {
  it('allows only the inline tags and an href on links', () => {
    expect([...htmlAllowList.tags].sort()).toEqual(['a', 'b', 'br', 'em', 'i', 'strong']);
    expect(htmlAllowList.attributes).toEqual({ a: ['href'] });
  });

  it('cannot be loosened by a consumer at run time', () => {
    expect(() => (htmlAllowList.tags as string[]).push('script')).toThrow(TypeError);
    expect(htmlAllowList.tags).not.toContain('script');
  });
});
