/** Cookies by name, from `name=value` pairs (a Cookie header's parts, or Set-Cookie lines cut at the first ";"). */
export function cookieJar(pairs: readonly string[]): Map<string, string> {
  return new Map(
    pairs.map((pair) => {
      const separator = pair.indexOf('=');
      return [pair.slice(0, separator), pair.slice(separator + 1)];
    }),
  );
}
