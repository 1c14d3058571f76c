import type { DOMPurify } from 'dompurify';
import { htmlAllowList } from '#shared/html-allow-list.ts';

/** DOMPurify, or null where it fails its self-check; the allow-list walk below runs either way. */
let purifier: Promise<DOMPurify | null> | undefined;

const purifyConfig = {
  ALLOWED_TAGS: [...htmlAllowList.tags],
  ALLOWED_ATTR: [...new Set(Object.values(htmlAllowList.attributes).flat())],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

/**
 * Its maintainers support DOMPurify in browsers and jsdom only; in other DOMs (happy-dom among them)
 * it may report itself supported yet pass markup through unexamined. A DOMPurify that gets this
 * wrong is not used at all.
 */
function worksHere(purify: DOMPurify): boolean {
  return (
    purify.isSupported && purify.sanitize('<b>a</b><i>b</i><script>c</script>', purifyConfig) === '<b>a</b><i>b</i>'
  );
}

/**
 * DOMPurify is fetched on first use so it stays out of the entry bundle. It gets an instance of its
 * own: hooks are per instance, and this one must not change how any other DOMPurify user behaves.
 */
function loadPurifier(): Promise<DOMPurify | null> {
  if (purifier) return purifier;
  const loading = import('dompurify').then(({ default: factory }) => {
    const instance = factory(window);
    instance.addHook('uponSanitizeAttribute', (node, event) => {
      if (!isAllowedAttribute(node.localName, event.attrName, event.attrValue)) event.keepAttr = false;
    });
    return worksHere(instance) ? instance : null;
  });
  // A failed chunk load (say, after a deploy) must not be remembered: the next call tries again.
  loading.catch(() => {
    if (purifier === loading) purifier = undefined;
  });
  purifier = loading;
  return loading;
}

function isAllowedAttribute(tag: string, name: string, value: string): boolean {
  // DOMPurify's ALLOWED_ATTR holds for every tag; the allow-list is per tag.
  const allowed = htmlAllowList.attributes[tag] ?? [];
  if (!allowed.includes(name)) return false;
  return name !== 'href' || htmlAllowList.isAllowedHref(value);
}

const HTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';
/** Elements whose text is code, markup or media fallback rather than words meant for the reader. */
const dropWithContent = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'iframe',
  'object',
  'embed',
  'audio',
  'video',
  'xmp',
  'plaintext',
  'title',
  'textarea',
  'select',
  'head',
]);

/**
 * The allow-list applied by a plain recursive walk, after DOMPurify (or instead of it, where it failed
 * its self-check). It only ever removes, so behind a working DOMPurify it changes nothing; its job is
 * to make the allow-list hold even if DOMPurify, or the DOM it walks, lets something through.
 */
function enforceAllowList(parent: ParentNode): void {
  for (const node of [...parent.childNodes]) {
    if (node.nodeType === Node.TEXT_NODE) continue;
    if (!(node instanceof Element)) {
      node.remove();
      continue;
    }
    const tag = node.localName;
    if (node.namespaceURI !== HTML_NAMESPACE || dropWithContent.has(tag)) {
      node.remove();
      continue;
    }
    enforceAllowList(node);
    if (!htmlAllowList.tags.includes(tag)) {
      node.replaceWith(...node.childNodes);
      continue;
    }
    for (const { name, value } of [...node.attributes]) {
      if (!isAllowedAttribute(tag, name, value)) node.removeAttribute(name);
    }
  }
}

/** Sanitizes untrusted HTML with the shared allow-list (shared/html-allow-list.ts). Browser only. */
export async function sanitizeHtml(html: string): Promise<string> {
  // Without "<" there is no element or attribute to remove ("&" can only start a character reference),
  // so plain text needs no sanitizer: and no download, which matters for the "you are offline" toast.
  if (!html.includes('<')) return html;
  const purify = await loadPurifier();
  const purified = purify ? purify.sanitize(html, purifyConfig) : html;
  // A template's content is inert: nothing in it loads or runs while the second pass looks at it.
  const template = document.createElement('template');
  template.innerHTML = purified;
  enforceAllowList(template.content);
  return template.innerHTML;
}
