import { describe, expect, it } from 'vitest';
import { textBlocks } from './mail-html.ts';

const origin = 'https://shop.example';

describe("every mail's HTML part", () => {
  it('escapes the text, keeps its paragraphs and makes its web addresses links', () => {
    const html = textBlocks(
      'Hello <b>"you"</b>,\n\nYour page: https://shop.example/requests/Q-2026-000123/abc_-9.\n\nThanks',
      origin,
    ).join('');
    expect(html).toContain('Hello &lt;b&gt;&quot;you&quot;&lt;/b&gt;,');
    expect(html).not.toContain('<b>');
    expect(html).toContain(
      '<a href="https://shop.example/requests/Q-2026-000123/abc_-9">https://shop.example/requests/Q-2026-000123/abc_-9</a>.',
    );
    expect(html.match(/<p /g)).toHaveLength(3);
  });

  it('never lets a typed address break out of its attribute', () => {
    const html = textBlocks('See https://shop.example/"onmouseover=alert(1)', origin).join('');
    expect(html).toContain('<a href="https://shop.example/">https://shop.example/</a>&quot;onmouseover=alert(1)');
  });

  it('makes only the shop’s own addresses links, any other address staying text', () => {
    const html = textBlocks(
      'Mine: https://shop.example/groups/1/x. Not: https://evil.example/login, https://shop.example.evil.example/',
      origin,
    ).join('');
    expect(html).toContain('<a href="https://shop.example/groups/1/x">');
    expect(html.match(/<a /g)).toHaveLength(1);
    expect(html).toContain('Not: https://evil.example/login, https://shop.example.evil.example/');
  });

  it("shows the line that is the button's address alone as the button, the lines around it as text", () => {
    const link = 'https://shop.example/requests/Q-2026-000123/abc';
    const blocks = textBlocks(`Open your page:\n${link}\nKeep it to yourself.\n\nSee ${link} too.`, origin, {
      href: link,
      label: 'Open <your> page',
    });
    expect(blocks).toHaveLength(4);
    expect(blocks[0]).toBe(
      '<p style="margin:0 0 16px;white-space:pre-wrap;overflow-wrap:break-word">Open your page:</p>',
    );
    expect(blocks[1]).toMatch(/^<table role="presentation"/);
    expect(blocks[1]).toContain(`<a href="${link}" style="`);
    expect(blocks[1]).toContain('>Open &lt;your&gt; page</a>');
    expect(blocks[2]).toContain('Keep it to yourself.');
    // Within a sentence the address stays a link.
    expect(blocks[3]).toContain(`See <a href="${link}">${link}</a> too.`);
  });
});
