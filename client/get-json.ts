import { CSRF_HEADER } from '#shared/csrf-contract.ts';
import { readCsrfToken } from './csrf-cookie.ts';

/**
 * A GET of one of the site's own JSON files (the data files under /data/), for code every page loads: the
 * headers the site's HTTP client sends (JSON accepted, the token copied from its cookie where a form set one)
 * without http-client.ts's token renewal, which only requests that change something need.
 */
export async function getJson<T>(path: string): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = readCsrfToken();
  if (token) headers[CSRF_HEADER] = token;
  const response = await fetch(path, { headers, credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  // Trusted as http-client.ts's answers are: the server wrote these files from the validated data.
  return (await response.json()) as T;
}
