import type { Response } from 'express';
import { type Flash, flashCookie } from '#server/http/flash-cookie.ts';

/** The Cookie header a browser sends back after the server with this secret set `flash`, as "name=value". */
export function flashCookieHeader(config: { csrfSecret: string; isProduction: boolean }, flash: Flash): string {
  let header = '';
  const res = {
    cookie(name: string, value: string) {
      header = `${name}=${value}`;
    },
  } as unknown as Response;
  flashCookie(config).set(res, flash);
  return header;
}
