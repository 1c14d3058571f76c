import { escapeHtml } from '#shared/escape-html.ts';
import type { MailLook } from './mail-draft.ts';

/** Web addresses in a mail's text: up to the first space or bracket; a sentence's closing stop stays outside. */
const urlPattern = /https?:\/\/[^\s<>"'()]+[^\s<>"'().,;:!?]/g;

/** The shop's colour (public/logo.svg), and white text on it: a contrast of 5.9 to 1. */
const BRAND_COLOR = '#b4410f';

/** Whether a web address is the shop's own (PUBLIC_URL's origin), the only kind a mail makes a link. */
function isShopAddress(url: string, origin: string): boolean {
  return url === origin || url.startsWith(`${origin}/`) || url.startsWith(`${origin}?`);
}

/**
 * Text of a paragraph as HTML: every character escaped, and each of the shop's own web addresses made
 * a link to itself. Any other address stays text: the mails' links are the shop's pages, and an
 * address someone typed (a group's title, a name) must not become a link in a mail from the shop.
 */
function linkedHtml(text: string, origin: string): string {
  let html = '';
  let at = 0;
  for (const match of text.matchAll(urlPattern)) {
    if (!isShopAddress(match[0], origin)) continue;
    const url = escapeHtml(match[0]);
    html += `${escapeHtml(text.slice(at, match.index))}<a href="${url}">${url}</a>`;
    at = match.index + match[0].length;
  }
  return html + escapeHtml(text.slice(at));
}

function paragraphHtml(text: string, origin: string): string {
  return `<p style="margin:0 0 16px;white-space:pre-wrap;overflow-wrap:break-word">${linkedHtml(text, origin)}</p>`;
}

/**
 * A link as a button. Mail clients drop stylesheets and many ignore padding on a link, so the colour
 * is on a table cell (bgcolor for the oldest) and the link fills it, with inline styles only.
 */
function buttonHtml({ href, label }: NonNullable<MailLook['button']>): string {
  return (
    '<table role="presentation" border="0" cellpadding="0" cellspacing="0" style="margin:0 0 16px">' +
    `<tr><td bgcolor="${BRAND_COLOR}" style="background:${BRAND_COLOR};border-radius:6px">` +
    `<a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 24px;border-radius:6px;` +
    `color:#ffffff;font-weight:bold;text-decoration:none">${escapeHtml(label)}</a>` +
    '</td></tr></table>'
  );
}

/**
 * A mail's text as HTML blocks, one per paragraph, made here alone so no mail carries HTML a person
 * wrote (or a customer typed): the text escaped, paragraphs and lines kept, the shop's own web
 * addresses on `origin` (the customer's request page, the desk) clickable, and the line that is the
 * button's address alone shown as that button instead.
 */
export function textBlocks(text: string, origin: string, button?: MailLook['button']): string[] {
  return text.split(/\n{2,}/).flatMap((block) => {
    if (!button) return [paragraphHtml(block, origin)];
    const blocks: string[] = [];
    let lines: string[] = [];
    const flush = () => {
      if (lines.length > 0) blocks.push(paragraphHtml(lines.join('\n'), origin));
      lines = [];
    };
    for (const line of block.split('\n')) {
      if (line.trim() === button.href) {
        flush();
        blocks.push(buttonHtml(button));
      } else lines.push(line);
    }
    flush();
    return blocks;
  });
}
