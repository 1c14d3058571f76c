/**
 * A GET of one of the site's own JSON files (the data files of spec section 7), for code every page
 * loads: none of http-client.ts's token handling, which only requests that change something need.
 */
export async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(path, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  // Trusted as http-client.ts's answers are: the server wrote these files from the validated data.
  return (await response.json()) as T;
}
