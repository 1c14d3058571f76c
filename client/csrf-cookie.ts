// Apart from http-client.ts, so that every page's first load, which reads the token, does not carry the
// request code only pages with a form use.
import { csrfTokenFrom } from '#shared/csrf-contract.ts';

export function readCookie(name: string, cookieString = document.cookie): string | undefined {
  for (const part of cookieString.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1 || part.slice(0, separator).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(separator + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The anti-forgery token the server left in this browser's cookies (see shared/csrf-contract.ts). */
export function readCsrfToken(cookieString?: string): string | undefined {
  return csrfTokenFrom((name) => readCookie(name, cookieString));
}
