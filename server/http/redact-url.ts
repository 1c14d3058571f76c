import { schemeAndAuthority } from './request-target.ts';

/** "[secret]" stands where a key was. */
const REDACTED = '[secret]';

/** A segment as the router compares it (percent-decoded), or as it came when it cannot be decoded. */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Which of a path's named segments (lower case) is a key: the customer's private request page
 * (/requests/<reference>/<secret>, and everything under it) and a staff sign-in link
 * (/staff/sign-in/<token>, but not /staff/sign-in/confirm).
 */
function keyPosition(names: readonly string[]): number | undefined {
  if (names[0] === 'requests' && names.length >= 3) return 2;
  if (names[0] === 'staff' && names[1] === 'sign-in' && names.length >= 3 && names[2] !== 'confirm') return 2;
  return undefined;
}

/**
 * The address as a log may keep it: a private link's key becomes "[secret]", so whoever reads the logs
 * can neither open the customer's page nor sign in. Every spelling that reaches the same route is
 * caught, since routes match in any case: "/Requests/…", an absolute-form target
 * ("http://host/requests/…"), percent-encoded letters or slashes, doubled slashes. A redacted path is
 * logged decoded; any other address is logged as it came.
 */
export function redactUrl(url: string): string {
  const prefix = schemeAndAuthority(url);
  const rest = url.slice(prefix.length);
  const queryAt = rest.search(/[?#]/);
  const path = queryAt === -1 ? rest : rest.slice(0, queryAt);
  const segments = path.split('/').flatMap((segment) => decoded(segment).split('/'));
  const named = segments.flatMap((segment, index) => (segment === '' ? [] : [{ name: segment.toLowerCase(), index }]));
  const position = keyPosition(named.map(({ name }) => name));
  const key = position === undefined ? undefined : named[position];
  if (key === undefined) return url;
  segments[key.index] = REDACTED;
  return `${prefix}${segments.join('/')}${queryAt === -1 ? '' : rest.slice(queryAt)}`;
}
