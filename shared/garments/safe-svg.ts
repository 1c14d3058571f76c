/**
 * An SVG made safe to rasterise (issue 27): no scripts or event handlers, nothing foreign embedded, no
 * DOCTYPE (entities can pull in files or expand without end) and no reference outside the file itself,
 * only to its own elements (#id) and to images embedded as data: URLs. The rasteriser (librsvg, through
 * sharp) runs no script, but it would follow a reference to a file on this machine; the browser's
 * placement tool shows the same text as an image.
 */
export function safeSvg(text: string): string {
  return (
    text
      .replace(/<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>/gi, '')
      .replace(/<!ENTITY[\s\S]*?>/gi, '')
      .replace(/<\?xml-stylesheet[\s\S]*?\?>/gi, '')
      .replace(/<(script|foreignObject|iframe|object|embed)\b[\s\S]*?<\/\1\s*>/gi, '')
      .replace(/<(script|foreignObject|iframe|object|embed)\b[^>]*\/>/gi, '')
      // Event handlers: onload="…", onclick='…'.
      .replace(/\s+on[a-z]+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, '')
      // href and xlink:href that leave the file (only "#id" and embedded raster data stay).
      .replace(/\s+(?:xlink:)?href\s*=\s*("([^"]*)"|'([^']*)')/gi, (whole, _quoted, double, single) =>
        isLocalReference(double ?? single ?? '') ? whole : '',
      )
      // CSS: url(…) outside the file, and @import.
      .replace(/url\(\s*(['"]?)([^'")]*)\1\s*\)/gi, (whole, _quote, target: string) =>
        isLocalReference(target) ? whole : 'none',
      )
      .replace(/@import[^;]*;?/gi, '')
  );
}

function isLocalReference(target: string): boolean {
  const value = target.trim();
  return value.startsWith('#') || /^data:image\/(png|jpeg|gif|webp);base64,/i.test(value);
}
