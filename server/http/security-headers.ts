import { randomBytes } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { AppConfig } from '#server/config.ts';

/**
 * Whether pages carry a CSP nonce: only in development, where Vite's React Refresh preamble is an inline
 * script. The production HTML runs no inline script (its JSON and JSON-LD blocks are data, which CSP
 * does not govern), so `script-src 'self'` needs none, and its pages can be the same bytes for everyone.
 * An inline script added one day must get a build-time hash in script-src, not a nonce back.
 */
export function usesNonce(config: Pick<AppConfig, 'env'>): boolean {
  return config.env === 'development';
}

/** The per-request CSP nonce, set before helmet builds the header (development only: see usesNonce). */
export function cspNonce(res: Response): string {
  return res.locals.cspNonce as string;
}

const generateNonce: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = randomBytes(16).toString('base64');
  next();
};

/** The browser features the site never uses, turned off for it and anything it embeds. */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=()';

/** Permissions-Policy on every response: camera, microphone, geolocation and payment off. */
export const permissionsPolicy: RequestHandler = (_req, res, next) => {
  res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
  next();
};

/** Where Stripe's hosted Checkout pages are: checkout.stripe.com, or the stand-in STRIPE_API_BASE names. */
function checkoutOrigin(stripe: NonNullable<AppConfig['stripe']>): string {
  return stripe.api ? `${stripe.api.protocol}://${stripe.api.host}:${stripe.api.port}` : 'https://checkout.stripe.com';
}

/**
 * helmet with a strict CSP: scripts only from the site itself (plus this response's nonce in
 * development), never `unsafe-inline`, and no inline style attribute in production. Development gets its own policy for Vite's HMR
 * (injected <style> tags and its websocket); production never does.
 */
export function securityHeaders(
  config: Pick<AppConfig, 'isProduction' | 'env' | 'publicUrl'> & Partial<Pick<AppConfig, 'stripe'>>,
): RequestHandler[] {
  const nonce = (_req: unknown, res: unknown) => `'nonce-${cspNonce(res as Response)}'`;
  const isDevelopment = config.env === 'development';
  const withNonce = usesNonce(config);
  const directives: Record<string, Iterable<string | typeof nonce> | null> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': withNonce ? ["'self'", nonce] : ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': isDevelopment ? ["'self'", "'unsafe-inline'"] : ["'self'"],
    // blob: is the studio's preview of the customer's own picture, read from their disk, never sent anywhere.
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': isDevelopment ? ["'self'", 'ws:'] : ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    // The pay form's answer is a redirect to Stripe's Checkout page, which the browser holds to
    // form-action too: that one origin is allowed, when card payments are on.
    'form-action': config.stripe ? ["'self'", checkoutOrigin(config.stripe)] : ["'self'"],
    // Only where the site is really served over https; on plain http it would break every asset.
    'upgrade-insecure-requests': config.publicUrl.startsWith('https:') ? [] : null,
  };
  return [
    ...(withNonce ? [generateNonce] : []),
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives },
      strictTransportSecurity: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // The same answer as frame-ancestors 'none', for browsers that predate CSP 2.
      xFrameOptions: { action: 'deny' },
    }),
  ];
}

/**
 * The headers permissionsPolicy and securityHeaders put on every answer, as name and value in turn:
 * worked out once, by running them on a response that only records, for answers that skip the pipeline
 * (server/pages/page-door.ts). Null in development, where each answer's CSP carries its own nonce.
 */
export function fixedSecurityHeaders(config: Parameters<typeof securityHeaders>[0]): readonly string[] | null {
  if (usesNonce(config)) return null;
  const recorded = new Map<string, string>([['Permissions-Policy', PERMISSIONS_POLICY]]);
  const recorder = {
    setHeader: (name: string, value: unknown) => recorded.set(name, String(value)),
    removeHeader: (name: string) => recorded.delete(name),
  };
  for (const handler of securityHeaders(config)) {
    let passed = false;
    handler({} as Request, recorder as unknown as Response, () => {
      passed = true;
    });
    // helmet sets its headers and calls on at once; one that waited would be missed here.
    if (!passed) throw new Error('a security header middleware did not pass the request on at once');
  }
  return [...recorded].flat();
}
