import { describe, expect, it } from 'vitest';
import { safeSvg } from './safe-svg.ts';

describe('safeSvg', () => {
  it('strips scripts, event handlers, foreign content, entities and references outside the file', () => {
    const hostile = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" onload="steal()">
<script type="text/javascript">steal()</script><script href="https://evil.example/x.js"/>
<foreignObject><iframe src="https://evil.example"></iframe></foreignObject>
<style>@import url(https://evil.example/a.css); rect { fill: url(https://evil.example/p.svg#p) }</style>
<image xlink:href="file:///etc/passwd"/><image href='https://evil.example/a.png'/>
<use xlink:href="#part"/><rect id="part" fill="url(#grad)" onclick="x()"/>
<image href="data:image/png;base64,iVBORw0KGgo="/></svg>`;
    const safe = safeSvg(hostile);
    for (const gone of [
      '<script',
      'steal',
      'DOCTYPE',
      'ENTITY',
      'foreignObject',
      'iframe',
      'evil.example',
      'passwd',
      'onclick',
      'onload',
      '@import',
    ])
      expect(safe).not.toContain(gone);
    // What stays: references inside the file, and embedded raster images.
    expect(safe).toContain('xlink:href="#part"');
    expect(safe).toContain('fill="url(#grad)"');
    expect(safe).toContain('href="data:image/png;base64,iVBORw0KGgo="');
  });
});
