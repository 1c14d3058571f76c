import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html.ts';

describe('escapeHtml', () => {
  it('makes text safe to put in a toast', () => {
    expect(escapeHtml(`<img src=x onerror="alert('1')"> & more`)).toBe(
      '&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt; &amp; more',
    );
  });
});
