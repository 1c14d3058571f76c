import { describe, expect, it } from 'vitest';
import { LOGO_PATH, mailHtml } from './mail-layout.ts';

const brand = { name: 'Seenwear', url: 'https://shop.example' };
const link = 'https://shop.example/requests/Q-2026-000123/abc';

/** Every link of a mail's HTML: its address and what it says (tags stripped). */
function linksOf(html: string): { href: string; text: string }[] {
  return [...html.matchAll(/<a href="([^"]*)"[^>]*>(.*?)<\/a>/g)].map(([, href = '', inner = '']) => ({
    href,
    text: inner.replace(/<[^>]*>/g, ''),
  }));
}

describe('the layout of every mail', () => {
  it("heads the mail with the shop's logo, by its whole address on the site, and its name", () => {
    const html = mailHtml({ subject: 'Hello', text: 'Hi' }, brand);
    expect(html).toContain(`<img src="https://shop.example${LOGO_PATH}" width="40" height="40" alt="Seenwear logo"`);
    expect(LOGO_PATH).toMatch(/\.png$/);
    expect(html).toContain('>Seenwear</span>');
    expect(html).toContain('<title>Hello</title>');
  });

  it("shows the page's link as a button, the summary at the top and the picture after the first paragraph", () => {
    const html = mailHtml(
      {
        subject: 'Your proof',
        text: `Your proof is ready.\n\nSee it large:\n${link}`,
        look: {
          button: { href: link, label: 'Open your proof' },
          summary: [
            { label: 'Reference', value: 'Q-2026-000123' },
            { label: 'Total', value: '$372.00' },
          ],
          image: { src: `${link}/proofs/1/preview`, alt: 'Your proof, version 1' },
        },
      },
      brand,
    );
    expect(linksOf(html)).toContainEqual({ href: link, text: 'Open your proof' });
    // The bare address is not shown: the button stands for it.
    expect(linksOf(html).map((item) => item.text)).not.toContain(link);
    expect(html).toContain(
      'Reference</th><td valign="top" style="padding:6px 12px;font-weight:bold">Q-2026-000123</td>',
    );
    expect(html).toContain('>$372.00</td>');
    expect(html).toContain(`<img src="${link}/proofs/1/preview" width="280" alt="Your proof, version 1"`);
    const at = (part: string) => html.indexOf(part);
    expect(at('Q-2026-000123')).toBeLessThan(at('Your proof is ready.'));
    expect(at('Your proof is ready.')).toBeLessThan(at('/proofs/1/preview'));
    expect(at('/proofs/1/preview')).toBeLessThan(at('See it large:'));
  });

  it('escapes every value it is given: the shop name, the subject, the summary, the picture and the button', () => {
    const script = '<script>alert(1)</script>';
    const html = mailHtml(
      {
        subject: script,
        text: `${script}\n\n${link}`,
        look: {
          button: { href: link, label: script },
          summary: [{ label: script, value: script }],
          image: { src: `${link}/"><script>`, alt: `"${script}` },
        },
      },
      { ...brand, name: `Shop ${script}` },
    );
    expect(html).not.toContain('<script');
    expect(html).toContain('Shop &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('alt="&quot;&lt;script&gt;');
  });
});
