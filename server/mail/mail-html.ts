import { escapeHtml } from '#shared/escape-html.ts';

/** Web addresses in a mail's text: up to the first space or bracket; a sentence's closing stop stays outside. */
const urlPattern = /https?:\/\/[^\s<>"'()]+[^\s<>"'().,;:!?]/g;

/** One paragraph's text as HTML: every character escaped, and each web address made a link to itself. */
function paragraphHtml(text: string): string {
  let html = '';
  let at = 0;
  for (const match of text.matchAll(urlPattern)) {
    const url = escapeHtml(match[0]);
    html += `${escapeHtml(text.slice(at, match.index))}<a href="${url}">${url}</a>`;
    at = match.index + match[0].length;
  }
  return html + escapeHtml(text.slice(at));
}

/**
 * The HTML part of every mail, made from its text in this one place, so no mail carries HTML a
 * person wrote (or a customer typed): the text escaped, paragraphs kept, its web addresses (the
 * customer's request page, the desk) clickable.
 */
export function textToHtml(text: string): string {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((block) => `<p style="margin:0 0 1em;white-space:pre-wrap">${paragraphHtml(block)}</p>`)
    .join('');
  return `<!DOCTYPE html><html><head><meta charset="utf-8"></head><body style="font-family:sans-serif">${paragraphs}</body></html>`;
}
