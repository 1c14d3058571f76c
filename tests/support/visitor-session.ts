import type { Express } from 'express';
import request from 'supertest';
import { CSRF_COOKIE, csrfTokenFrom } from '#shared/csrf-contract.ts';
import { cookieJar } from './cookie-jar.ts';

export function cookiesOf(response: request.Response): string[] {
  const header = response.headers['set-cookie'] as string[] | string | undefined;
  return header === undefined ? [] : Array.isArray(header) ? header : [header];
}

/** A visitor's cookie jar after viewing a form page (only those set the token), with the token its scripts would read. */
export async function visitorSession(app: Express, path = '/contact-us') {
  const response = await request(app).get(path).expect(200);
  const cookies = cookiesOf(response).map((cookie) => cookie.split(';')[0] as string);
  const jar = cookieJar(cookies);
  const token = csrfTokenFrom((name) => jar.get(name));
  if (!token) throw new Error(`no ${CSRF_COOKIE} cookie was set`);
  return { cookie: cookies.join('; '), token, html: response.text };
}
