import type { Express } from 'express';
import request from 'supertest';
import { CSRF_COOKIE, CSRF_TOKEN_PATH, csrfTokenFrom } from '#shared/csrf-contract.ts';
import { cookieJar } from './cookie-jar.ts';

export function cookiesOf(response: request.Response): string[] {
  const header = response.headers['set-cookie'] as string[] | string | undefined;
  return header === undefined ? [] : Array.isArray(header) ? header : [header];
}

/**
 * A visitor who viewed a form page and whose browser client then got its token (pages set no cookie):
 * the cookies, the token its scripts would read, and the page's HTML.
 */
export async function visitorSession(app: Express, path = '/contact-us') {
  const page = await request(app).get(path).expect(200);
  const response = await request(app).get(CSRF_TOKEN_PATH).expect(204);
  const cookies = cookiesOf(response).map((cookie) => cookie.split(';')[0] as string);
  const jar = cookieJar(cookies);
  const token = csrfTokenFrom((name) => jar.get(name));
  if (!token) throw new Error(`no ${CSRF_COOKIE} cookie was set`);
  return { cookie: cookies.join('; '), token, html: page.text };
}
