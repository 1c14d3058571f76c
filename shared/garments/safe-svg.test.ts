import { describe, expect, it } from 'vitest';
import { SVG_LIMITS, safeSvg, UnsafeSvgError } from './safe-svg.ts';

describe('safeSvg', () => {
  it('strips scripts, event handlers, foreign content, entities and references outside the file', () => {
    const hostile = `<?xml version="1.0"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" onload="steal()">
<script type="text/javascript">steal()</script><script href="https://evil.example/x.js"/>
<foreignObject><iframe src="https://evil.example"></iframe></foreignObject>
<style>@import url(https://evil.example/a.css);</style><style>rect { fill: url(https://evil.example/p.svg#p) }</style>
<image xlink:href="file:///etc/passwd"/><image href='https://evil.example/a.png'/>
<animate attributeName="href" to="https://evil.example/b.png"/>
<a href="https://evil.example/"><circle r="1"/></a>
<use xlink:href="#part"/><rect id="part" fill="url(#grad)" onclick="x()" style="fill: url('https://evil.example/q')"/>
<image href="data:image/png;base64,iVBORw0KGgo="/></svg>`;
    const safe = safeSvg(hostile);
    for (const gone of [
      '<script',
      'steal',
      'DOCTYPE',
      'foreignObject',
      'iframe',
      'evil.example',
      'passwd',
      'onclick',
      'onload',
      '@import',
      'animate',
      '<a',
    ])
      expect(safe).not.toContain(gone);
    // What stays: references inside the file, embedded raster images, and a link's drawing.
    expect(safe).toContain('xlink:href="#part"');
    expect(safe).toContain('fill="url(#grad)"');
    expect(safe).toContain('href="data:image/png;base64,iVBORw0KGgo="');
    expect(safe).toContain('<circle r="1"></circle>');
    expect(safe).toContain('style="fill: none"');
  });

  it('judges an XLink reference by its namespace, whatever the prefix is called', () => {
    const safe = safeSvg(
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:x="http://www.w3.org/1999/xlink">
        <image x:href="file:///etc/passwd"/><image x:href="https://evil.example/a.png"/><use x:href="#mark"/></svg>`,
    );
    expect(safe).not.toContain('passwd');
    expect(safe).not.toContain('evil.example');
    // Written back under the one prefix the cleaned file declares.
    expect(safe).toContain('<use xlink:href="#mark">');
    expect(safe).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" xmlns:xlink="http:\/\/www\.w3\.org\/1999\/xlink">/,
    );
  });

  it('keeps a drawing in another prefix of the SVG namespace, and drops other namespaces', () => {
    const safe = safeSvg(
      `<s:svg xmlns:s="http://www.w3.org/2000/svg" xmlns:i="http://ns.adobe.com/Extensibility/1.0/" s:viewBox="0 0 2 2" viewBox="0 0 2 2">
        <i:pgf>secret</i:pgf><s:rect width="2" height="2" i:knockout="Off"/></s:svg>`,
    );
    expect(safe).toContain('<rect width="2" height="2"></rect>');
    expect(safe).not.toContain('secret');
    expect(safe).not.toContain('knockout');
  });

  it('refuses what is not a well-formed SVG, and entities it would have to expand', () => {
    expect(() => safeSvg('<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>')).toThrow(UnsafeSvgError);
    expect(() => safeSvg('<html xmlns="http://www.w3.org/1999/xhtml"/>')).toThrow(/root element is not an SVG/);
    expect(() =>
      safeSvg(
        '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>',
      ),
    ).toThrow(UnsafeSvgError);
    const tooMany = `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(SVG_LIMITS.elements)}</svg>`;
    expect(() => safeSvg(tooMany)).toThrow(/more than 50,000 elements/);
    const tooDeep = `<svg xmlns="http://www.w3.org/2000/svg">${'<g>'.repeat(SVG_LIMITS.depth)}${'</g>'.repeat(SVG_LIMITS.depth)}</svg>`;
    expect(() => safeSvg(tooDeep)).toThrow(/nested more than 200 deep/);
  });

  it('reads a crafted file in time that grows with its length, not its square', () => {
    // The patterns this replaced took 8 s on 128 KB of this, and four times as long for twice the size.
    const crafted = (kilobytes: number) =>
      `<svg xmlns="http://www.w3.org/2000/svg"><!--${'<script '.repeat((kilobytes * 1024) / 8)}--><style>${'url('.repeat(kilobytes * 256)}</style><rect width="1" height="1"/></svg>`;
    const started = performance.now();
    const safe = safeSvg(crafted(2048));
    // 4 MB: a linear parse takes tens of milliseconds; a quadratic one would take hours.
    expect(performance.now() - started).toBeLessThan(2000);
    expect(safe).toContain('<rect width="1" height="1"></rect>');
  });
});
