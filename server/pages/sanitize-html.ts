import sanitize from 'sanitize-html';
import { htmlAllowList } from '#shared/html-allow-list.ts';

/**
 * HTML from data files, cleaned on the server with the shared allow-list before anything renders or
 * serves it. Disallowed tags keep their text (script and style lose theirs); a link whose target is
 * not allowed keeps its text and loses the href.
 */
export function sanitizeHtml(html: string): string {
  return sanitize(html, {
    allowedTags: [...htmlAllowList.tags],
    allowedAttributes: Object.fromEntries(
      Object.entries(htmlAllowList.attributes).map(([tag, attributes]) => [tag, [...attributes]]),
    ),
    allowedSchemes: ['mailto', 'tel'],
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs) => {
        const { href } = attribs;
        const kept: sanitize.Attributes = href !== undefined && htmlAllowList.isAllowedHref(href) ? { href } : {};
        return { tagName, attribs: kept };
      },
    },
  });
}
