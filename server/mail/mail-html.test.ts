import { describe, expect, it } from 'vitest';
import { textToHtml } from './mail-html.ts';

describe("every mail's HTML part", () => {
  it('escapes the text, keeps its paragraphs and makes its web addresses links', () => {
    const html = textToHtml(
      'Hello <b>"you"</b>,\n\nYour page: https://shop.example/requests/Q-2026-000123/abc_-9.\n\nThanks',
    );
    expect(html).toContain('Hello &lt;b&gt;&quot;you&quot;&lt;/b&gt;,');
    expect(html).not.toContain('<b>');
    expect(html).toContain(
      '<a href="https://shop.example/requests/Q-2026-000123/abc_-9">https://shop.example/requests/Q-2026-000123/abc_-9</a>.',
    );
    expect(html.match(/<p /g)).toHaveLength(3);
  });

  it('never lets a typed address break out of its attribute', () => {
    const html = textToHtml('See https://evil.example/"onmouseover=alert(1)');
    expect(html).toContain('<a href="https://evil.example/">https://evil.example/</a>&quot;onmouseover=alert(1)');
  });
});
