// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html.ts';

/** Parses the result the way the page will, to look for anything that could run a script. */
function parse(html: string): HTMLTemplateElement {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template;
}

function eventHandlerAttributes(template: HTMLTemplateElement): string[] {
  return [...template.content.querySelectorAll('*')].flatMap((element) =>
    [...element.attributes].map((attribute) => attribute.name).filter((name) => name.startsWith('on')),
  );
}

describe('sanitizeHtml', () => {
  it('keeps the allowed inline markup and same-site, mailto: and tel: links', async () => {
    const html =
      '<strong>Saved</strong> <b>now</b>, <em>see</em> <i>the</i><br><a href="/pricing">pricing</a>, ' +
      '<a href="mailto:hello@shop.example">mail</a> or <a href="tel:+15550100123">call</a>';
    expect(await sanitizeHtml(html)).toBe(html);
  });

  it.each([
    ['<img src=x onerror="alert(1)">Hi', 'Hi'],
    ['<script>alert(1)</script>Hi', 'Hi'],
    ['<svg onload="alert(1)"><circle r="1"/></svg>Hi', 'Hi'],
    ['<iframe src="javascript:alert(1)"></iframe>Hi', 'Hi'],
    ['<style>body{display:none}</style>Hi', 'Hi'],
    ['<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', ''],
  ])('removes the dangerous element in %j', async (html, text) => {
    const template = parse(await sanitizeHtml(html));
    expect(template.content.querySelector('img, script, svg, iframe, style, math')).toBeNull();
    expect(eventHandlerAttributes(template)).toEqual([]);
    expect(template.content.textContent).toBe(text);
  });

  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'java&#x09;script:alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    '//evil.example/',
    'https://evil.example/',
  ])('keeps the link text but drops href=%j', async (href) => {
    const template = parse(await sanitizeHtml(`<a href="${href}">Click</a>`));
    const link = template.content.querySelector('a');
    expect(link?.textContent).toBe('Click');
    expect(link?.hasAttribute('href')).toBe(false);
  });

  it('drops style, class, event handlers, target and stray attributes', async () => {
    const html =
      '<a href="/ok" target="_blank" class="x" style="color:red" onclick="alert(1)" data-x="1" aria-label="y">ok</a>' +
      '<strong href="/ok" style="position:fixed" onmouseover="alert(1)">bold</strong>';
    expect(await sanitizeHtml(html)).toBe('<a href="/ok">ok</a><strong>bold</strong>');
  });

  it('unwraps tags outside the allow-list but keeps their text', async () => {
    expect(await sanitizeHtml('<p>Order <span>#42</span> <u>ready</u></p>')).toBe('Order #42 ready');
  });
});

describe('plain text', () => {
  it('comes back as it is, without loading the sanitizer', async () => {
    expect(await sanitizeHtml('You are offline. Prices & quotes still work.')).toBe(
      'You are offline. Prices & quotes still work.',
    );
  });
});
