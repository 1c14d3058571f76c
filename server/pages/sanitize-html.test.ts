import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html.ts';

describe('sanitizeHtml (server)', () => {
  it('keeps the allowed inline markup and same-site links', () => {
    const html = 'Free delivery. <strong>Bring your own</strong> <em>shirts</em><br /><a href="/pricing">see</a>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it.each([
    ['<script>alert(1)</script>Hi', 'Hi'],
    ['<img src=x onerror=alert(1)>Hi', 'Hi'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="//evil.example/">x</a>', '<a>x</a>'],
    ['<a href="https://evil.example/">x</a>', '<a>x</a>'],
    ['<b style="color:red" onclick="x()">bold</b>', '<b>bold</b>'],
    ['<svg onload=alert(1)><circle/></svg>ok', 'ok'],
    ['<div class="x"><p>para</p></div>', 'para'],
  ])('%s becomes %s', (input, output) => {
    expect(sanitizeHtml(input)).toBe(output);
  });

  it('keeps mailto: and tel: links', () => {
    expect(sanitizeHtml('<a href="mailto:hi@shop.example">mail</a>')).toBe('<a href="mailto:hi@shop.example">mail</a>');
    expect(sanitizeHtml('<a href="tel:+15550100123">call</a>')).toBe('<a href="tel:+15550100123">call</a>');
  });
});
