import { type Request, type RequestHandler, Router } from 'express';
import createHttpError from 'http-errors';
import type { StaffAuth } from './staff-auth.ts';

/** Pages of the desk get the sign-in page; anything asking for JSON gets a 401. */
function wantsPage(req: Request): boolean {
  return req.accepts(['html', 'json']) === 'html';
}

/** "next" is only ever a desk address of this site: never an open redirect. */
export function safeNext(value: unknown): string {
  return typeof value === 'string' && /^\/staff(\/[\w/-]*)?(\?[\w=&%+.-]*)?$/.test(value) ? value : '/staff';
}

/**
 * Staff only: a page asked for by anyone else goes to the sign-in page, anything else gets a 401. The
 * session is looked up once per request (each look-up restarts its idle clock in the database): a desk
 * router behind another's check finds the staff member already known.
 */
export function requireStaff(auth: Pick<StaffAuth, 'current'>): RequestHandler {
  return async (req, res, next) => {
    if (typeof res.locals.staff === 'string') return next();
    const staff = await auth.current(req);
    if (staff) {
      res.locals.staff = staff;
      return next();
    }
    if (!wantsPage(req) || req.method !== 'GET') return next(createHttpError(401, 'Sign in to the desk first.'));
    res.redirect(303, `/staff/sign-in?next=${encodeURIComponent(safeNext(req.originalUrl))}`);
  };
}

/** Every answer under /staff: never cached, never indexed. */
export const deskHeaders: RequestHandler = (_req, res, next) => {
  res.set({
    'Cache-Control': 'no-store',
    'X-Robots-Tag': 'noindex, nofollow',
    // Sign-in links carry their secret in the address: it never leaves in a Referer.
    'Referrer-Policy': 'no-referrer',
  });
  next();
};

/**
 * What the app puts in front of each desk router it mounts (the desk's own pages, payments, groups,
 * mockups, production): under /staff, the desk's headers and a signed-in staff member. Each router
 * carries its own check, so the order the app mounts them in never leaves one open.
 */
export function staffOnly(auth: Pick<StaffAuth, 'current'>): Router {
  const router = Router();
  router.use('/staff', deskHeaders, requireStaff(auth));
  return router;
}
