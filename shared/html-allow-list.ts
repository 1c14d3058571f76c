/**
 * The one allow-list for HTML that comes from data files or messages. DOMPurify applies it in the
 * browser and sanitize-html on the server, so both must read it from here and loosen nothing.
 * Frozen because a consumer that mutated it would loosen every other consumer too.
 */

/**
 * A same-site path: one '/', then only characters a URL carries unescaped. Backslashes, whitespace and
 * control characters are refused because browsers drop or rewrite them ("/\evil" and "/\t/evil" both
 * become "//evil", another host).
 */
const sameSitePath = /^\/(?![/\\])[A-Za-z0-9\-._~!$&'()*+,;=:@/?#%]*$/;
const mailtoLink = /^mailto:[A-Za-z0-9\-._~!$&'()*+,;=:@/?#%]+$/i;
const telLink = /^tel:\+?[0-9][0-9\-.()]*$/i;

/**
 * Judged on the value exactly as written: anything a browser would have to clean up first (leading
 * spaces, mixed-case schemes hidden behind them) is refused rather than normalised.
 */
export function isAllowedHref(href: string): boolean {
  return sameSitePath.test(href) || mailtoLink.test(href) || telLink.test(href);
}

/** What both sanitizers read: the tags kept, the attributes kept per tag, and the check every href must pass. */
export interface HtmlAllowList {
  readonly tags: readonly string[];
  /** Per tag; a tag missing here keeps no attribute at all. */
  readonly attributes: Readonly<Record<string, readonly string[]>>;
  /** Every kept href must also pass this; a link that fails keeps its text and loses the href. */
  readonly isAllowedHref: (href: string) => boolean;
}

/** Bold, italic, line breaks and links, nothing else; frozen at every level. */
export const htmlAllowList: HtmlAllowList = Object.freeze({
  tags: Object.freeze(['strong', 'b', 'em', 'i', 'br', 'a']),
  attributes: Object.freeze({ a: Object.freeze(['href']) }),
  isAllowedHref,
});
