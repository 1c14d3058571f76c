const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text as HTML that shows it literally, safe in element content and in quoted attribute values: for
 * the few places that write HTML by hand (toasts, the server's small error page, the mails' HTML part)
 * rather than through React, which escapes by itself.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => entities[character] ?? character);
}
