import { escapeHtml } from '#shared/escape-html.ts';
import type { MailLook } from './mail-draft.ts';
import { textBlocks } from './mail-html.ts';

/**
 * The logo as a PNG on the site (made from public/logo.svg by scripts/build-images.ts): many mail
 * clients show no SVG, and a mail can only point at a picture by its whole address.
 */
export const LOGO_PATH = '/icons/icon-192.png';

/** The shop a mail comes from, as its header and footer show it. */
export interface MailBrand {
  name: string;
  /** PUBLIC_URL: the site, and the origin of the logo's address. */
  url: string;
}

const TEXT = '#1c1917';
const MUTED = '#57534e';
const LINE = '#e7e5e4';
const PAGE = '#f5f5f4';
const FONTS = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
/** Wide enough for the quote's lines, narrow enough to read; the card shrinks to a phone's width. */
const WIDTH = 600;

function headerHtml({ name, url }: MailBrand): string {
  return (
    `<tr><td style="padding:20px 24px;border-bottom:1px solid ${LINE}">` +
    `<a href="${escapeHtml(url)}/" style="color:${TEXT};text-decoration:none">` +
    `<img src="${escapeHtml(url + LOGO_PATH)}" width="40" height="40" alt="${escapeHtml(`${name} logo`)}" ` +
    'style="display:inline-block;border:0;border-radius:8px;vertical-align:middle">' +
    `<span style="display:inline-block;margin-left:12px;font-size:20px;font-weight:bold;vertical-align:middle">${escapeHtml(name)}</span>` +
    '</a></td></tr>'
  );
}

function summaryHtml(rows: NonNullable<MailLook['summary']>): string {
  if (rows.length === 0) return '';
  const cells = rows
    .map(
      ({ label, value }) =>
        `<tr><th scope="row" align="left" valign="top" style="padding:6px 12px;font-weight:normal;color:${MUTED};white-space:nowrap">${escapeHtml(label)}</th>` +
        `<td valign="top" style="padding:6px 12px;font-weight:bold">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  return (
    `<table width="100%" border="0" cellpadding="0" cellspacing="0" bgcolor="${PAGE}" ` +
    `style="margin:0 0 20px;padding:6px 0;background:${PAGE};border-radius:6px;border-collapse:separate">${cells}</table>`
  );
}

/** The picture links where the button does, so a tap on a proof opens it large. */
function imageHtml({ src, alt }: NonNullable<MailLook['image']>, href: string | undefined): string {
  const img =
    `<img src="${escapeHtml(src)}" width="280" alt="${escapeHtml(alt)}" ` +
    `style="display:block;width:280px;max-width:100%;height:auto;border:1px solid ${LINE};border-radius:4px">`;
  return `<div style="margin:0 0 16px">${href ? `<a href="${escapeHtml(href)}">${img}</a>` : img}</div>`;
}

function footerHtml({ name, url }: MailBrand): string {
  const host = new URL(url).host;
  return (
    `<tr><td style="padding:16px 24px;border-top:1px solid ${LINE};font-size:13px;color:${MUTED}">` +
    `${escapeHtml(name)} · <a href="${escapeHtml(url)}/" style="color:${MUTED}">${escapeHtml(host)}</a></td></tr>`
  );
}

/**
 * The HTML part of every mail, in this one place: the shop's name and logo above, the text below as
 * mail-html.ts makes it (escaped, its links clickable, the page's link a button), a summary box at the
 * top and a picture after the first paragraph when the mail has them. Tables and inline styles only,
 * as mail clients drop the rest; one column that narrows to a phone's width.
 */
export function mailHtml(
  { subject, text, look }: { subject: string; text: string; look?: MailLook },
  brand: MailBrand,
) {
  const [first = '', ...rest] = textBlocks(text, brand.url, look?.button);
  const body = [
    look?.summary ? summaryHtml(look.summary) : '',
    first,
    look?.image ? imageHtml(look.image, look.button?.href) : '',
    ...rest,
  ].join('');
  return (
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light">' +
    `<title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:${PAGE}">` +
    `<table role="presentation" width="100%" border="0" cellpadding="0" cellspacing="0" bgcolor="${PAGE}" style="background:${PAGE}">` +
    '<tr><td align="center" style="padding:24px 8px">' +
    `<table role="presentation" width="100%" border="0" cellpadding="0" cellspacing="0" bgcolor="#ffffff" ` +
    `style="max-width:${WIDTH}px;background:#ffffff;border:1px solid ${LINE};border-radius:8px;` +
    `font-family:${FONTS};font-size:16px;line-height:1.5;color:${TEXT};text-align:left">` +
    headerHtml(brand) +
    `<tr><td style="padding:24px">${body}</td></tr>` +
    footerHtml(brand) +
    '</table></td></tr></table></body></html>'
  );
}
