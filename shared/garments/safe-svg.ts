import { type SaxesAttributeNS, SaxesParser, type SaxesTagNS } from 'saxes';

/**
 * An SVG made safe to rasterise: rebuilt from an XML parse, keeping only drawing elements of the SVG
 * namespace and their attributes, with no script, event handler, animation, foreign content or DOCTYPE,
 * and no reference outside the file other than images embedded as data: URLs. The rasteriser (librsvg,
 * through sharp) runs no script, but it would follow a reference to a file on this machine; the
 * browser's placement tool shows the same text as an image.
 *
 * Why a parser and not patterns over the text: the parser reads each character once, so the time grows
 * with the file's length, where patterns that look ahead for a closing tag took time growing with its
 * square (a crafted 128 KB file held the server for seconds). And a parser knows namespaces: `x:href`
 * bound to the XLink namespace is the same attribute as `xlink:href`, whatever the prefix is called.
 */

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';

/** Bounds the work a file can ask of the rasteriser after it is cleaned. */
export const SVG_LIMITS = { elements: 50_000, depth: 200 } as const;

/** Why an SVG was not made safe: the file is refused, with this said to its sender. */
export class UnsafeSvgError extends Error {
  override name = 'UnsafeSvgError';
}

/** What is drawn. Anything else (script, foreignObject, animation, metadata, other namespaces) is dropped with its content. */
const DRAWING_ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'title',
  'desc',
  'switch',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'image',
  'linearGradient',
  'radialGradient',
  'stop',
  'pattern',
  'clipPath',
  'mask',
  'marker',
  'style',
  'filter',
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feConvolveMatrix',
  'feDiffuseLighting',
  'feDisplacementMap',
  'feDistantLight',
  'feDropShadow',
  'feFlood',
  'feFuncA',
  'feFuncB',
  'feFuncG',
  'feFuncR',
  'feGaussianBlur',
  'feImage',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
  'fePointLight',
  'feSpecularLighting',
  'feSpotLight',
  'feTile',
  'feTurbulence',
]);

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');

function isLocalReference(target: string): boolean {
  const value = target.trim();
  return value.startsWith('#') || /^data:image\/(png|jpeg|gif|webp);base64,/i.test(value);
}

/**
 * CSS (a style element or attribute) with every `url(…)` outside the file replaced by `none`, or
 * undefined when it imports another sheet. Each `url(` is read to the next `)` once: linear time.
 */
function safeCss(css: string): string | undefined {
  if (/@import/i.test(css)) return undefined;
  let out = '';
  let at = 0;
  const lower = css.toLowerCase();
  for (let found = lower.indexOf('url(', at); found !== -1; found = lower.indexOf('url(', at)) {
    const close = css.indexOf(')', found);
    if (close === -1) return out + css.slice(at, found);
    const target = css
      .slice(found + 4, close)
      .trim()
      .replace(/^(['"])(.*)\1$/s, '$2');
    out += css.slice(at, found) + (isLocalReference(target) ? css.slice(found, close + 1) : 'none');
    at = close + 1;
  }
  return out + css.slice(at);
}

/** The attribute as written out, or undefined when it goes. */
function safeAttribute(attribute: SaxesAttributeNS): string | undefined {
  const { uri, local, value } = attribute;
  // Namespace declarations are written afresh on the root; other namespaces' attributes draw nothing.
  if (attribute.prefix === 'xmlns' || attribute.name === 'xmlns') return undefined;
  if (uri === XLINK_NS)
    return local === 'href' && isLocalReference(value) ? `xlink:href="${escapeAttribute(value)}"` : undefined;
  if (uri !== '') return undefined;
  if (/^on/i.test(local)) return undefined;
  if (local === 'href' || local === 'src')
    return isLocalReference(value) ? `${local}="${escapeAttribute(value)}"` : undefined;
  const css = safeCss(value);
  return css === undefined ? undefined : `${local}="${escapeAttribute(css)}"`;
}

/**
 * The SVG rebuilt safe, or UnsafeSvgError when it is not well-formed XML, has no SVG root, or asks for
 * more than SVG_LIMITS. Its elements are written in the default SVG namespace, XLink's as `xlink:`.
 */
export function safeSvg(text: string): string {
  const parser = new SaxesParser({ xmlns: true, position: false });
  const out: string[] = [];
  /** Per open element: whether it was written (so its closing tag is), or how it is skipped. */
  const open: ('kept' | 'unwrapped' | 'dropped')[] = [];
  let dropping = 0;
  let inStyle = false;
  let elements = 0;
  let rootSeen = false;

  parser.on('error', (error) => {
    throw new UnsafeSvgError(error.message);
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    elements += 1;
    // Thrown out of the parse: nothing more of the file is read.
    if (elements > SVG_LIMITS.elements)
      throw new UnsafeSvgError(`it has more than ${SVG_LIMITS.elements.toLocaleString('en-US')} elements`);
    if (open.length >= SVG_LIMITS.depth)
      throw new UnsafeSvgError(`its elements are nested more than ${SVG_LIMITS.depth} deep`);
    if (!rootSeen) {
      rootSeen = true;
      if (tag.uri !== SVG_NS || tag.local !== 'svg') throw new UnsafeSvgError('its root element is not an SVG');
    }
    if (dropping > 0 || tag.uri !== SVG_NS || !(DRAWING_ELEMENTS.has(tag.local) || tag.local === 'a')) {
      dropping += 1;
      open.push('dropped');
      return;
    }
    // A link's children are drawn; the link itself goes (nothing in a mockup or a print is clicked).
    if (tag.local === 'a') {
      open.push('unwrapped');
      return;
    }
    const attributes = Object.values(tag.attributes)
      .map(safeAttribute)
      .filter((attribute) => attribute !== undefined);
    if (open.length === 0) attributes.unshift(`xmlns="${SVG_NS}"`, `xmlns:xlink="${XLINK_NS}"`);
    out.push(`<${tag.local}${attributes.map((attribute) => ` ${attribute}`).join('')}>`);
    open.push('kept');
    inStyle = tag.local === 'style';
  });
  parser.on('closetag', (tag: SaxesTagNS) => {
    const how = open.pop();
    if (how === 'dropped') dropping -= 1;
    if (how === 'kept') out.push(`</${tag.local}>`);
    inStyle = false;
  });
  const onText = (chunk: string) => {
    if (dropping > 0 || open.length === 0) return;
    if (!inStyle) {
      out.push(escapeText(chunk));
      return;
    }
    const css = safeCss(chunk);
    if (css !== undefined) out.push(escapeText(css));
  };
  parser.on('text', onText);
  parser.on('cdata', onText);

  try {
    parser.write(text).close();
  } catch (error) {
    if (error instanceof UnsafeSvgError) throw error;
    throw new UnsafeSvgError(error instanceof Error ? error.message : String(error));
  }
  if (!rootSeen) throw new UnsafeSvgError('it has no SVG element');
  return out.join('');
}
