import type { Request } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';

/**
 * express-rate-limit's own default, spelt out so the upload budget counts by exactly the key the rate
 * limit does: the visitor's address (behind TRUST_PROXY proxies, from X-Forwarded-For), and for IPv6
 * the /56 network, since one home or phone is given a whole block of addresses to rotate through.
 */
const IPV6_SUBNET = 56;

/** The key a visitor is counted by in the rate limit and the upload budget. */
export function clientKey(req: Request): string {
  return ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? 'unknown', IPV6_SUBNET);
}
