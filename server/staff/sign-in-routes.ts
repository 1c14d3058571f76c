import { type Request, type Response, Router } from 'express';
import { clientKey } from '#server/http/client-key.ts';
import { staffOf, textField } from '#server/http/desk-request.ts';
import type { LimitStore } from '#server/http/limit-store.ts';
import { isLinkSecret, type LinkKeys, newLinkSecret } from '#server/http/link-secrets.ts';
import { submissionRateLimit } from '#server/http/rate-limit.ts';
import type { OutboxStore } from '#server/mail/outbox-store.ts';
import type { DeskView } from '#shared/desk-contract.ts';
import { requireStaff, safeNext } from './desk-http.ts';
import { signInCapReached } from './sign-in-cap.ts';
import type { StaffAuth } from './staff-auth.ts';

/** What the sign-in routes are built from (passed on by the desk). */
export interface SignInRoutesOptions {
  /** The sign-in link's mail. */
  outbox: Pick<OutboxStore, 'queueMail'>;
  /** The caps on links per address and the sign-in forms' rate limits. */
  limits: Pick<LimitStore, 'countHit' | 'uncountHit' | 'hitsOf'>;
  auth: StaffAuth;
  render: (req: Request, res: Response, view: DeskView, status?: number) => Promise<void>;
  /** The key a mailed link's secret is made from, with the nonce its mail keeps. */
  linkKeys: LinkKeys;
  /** Sign-in attempts per visitor address per 15 minutes. */
  rateLimit: number;
  /** Called after mail is queued: the outbox worker looks at once. */
  onQueued?: () => void;
}

/**
 * Passwordless sign-in to the desk: ask for a link, the page the link opens, its confirmation, and
 * signing out here or on every device. Mounted by the desk after its no-store headers.
 */
export function signInRoutes(options: SignInRoutesOptions): Router {
  const router = Router();

  // Sign-in: the same answer for every address, staff or not.
  router.get('/staff/sign-in', async (req, res) => {
    const state =
      req.query.sent !== undefined
        ? 'sent'
        : req.query.invalid !== undefined
          ? 'invalid'
          : req.query['signed-out'] !== undefined
            ? 'signed-out'
            : 'ask';
    const next = safeNext(req.query.next);
    await options.render(req, res, { page: 'sign-in', state, ...(next !== '/staff' ? { next } : {}) });
  });

  /**
   * Makes a staff address's link and queues its mail, unless the address had its share of links
   * (sign-in-cap.ts). Runs after the answer went, so it is never lost silently: whatever goes wrong
   * is logged.
   */
  async function mailLink(req: Request, email: string, next: string): Promise<void> {
    const reached = await signInCapReached(options.limits, email, clientKey(req));
    if (reached) {
      const { cap, scope } = reached;
      const within = cap.per === 'day' ? 'a day' : cap.per;
      req.log.warn(
        { reason: 'staff_sign_in_capped', staff: email, cap: `${cap.limit} per ${cap.per}`, scope },
        scope === 'sender'
          ? `staff sign-in link not sent: this visitor address asked for ${cap.limit} for it in ${within}`
          : `staff sign-in link not sent: the address had ${cap.limit} in ${within} from every asker together`,
      );
      return;
    }
    // The mail keeps the nonce, the sign-in row the secret's hash: the link is made only as it is sent.
    const nonce = newLinkSecret();
    await options.auth.createLink(email, options.linkKeys.signIn(nonce));
    // A next page past what a mail's facts keep (500 characters) is dropped: the link opens the inbox.
    const kept = next !== '/staff' && next.length <= 500;
    await options.outbox.queueMail(
      { kind: 'staff-sign-in', to: email, nonce, ...(kept ? { next } : {}) },
      { recipient: 'staff' },
    );
    options.onQueued?.();
    req.log.info({ reason: 'staff_sign_in_link' }, 'staff sign-in link queued');
  }

  router.post('/staff/sign-in', submissionRateLimit(options.rateLimit, options.limits, 'staff-sign-in'), (req, res) => {
    const email = options.auth.staffAddress(textField(req.body, 'email'));
    const next = safeNext(textField(req.body, 'next'));
    // The answer goes first and the database work after it, so a staff address is not answered
    // any slower than another (which would tell who is staff).
    res.once('close', () => {
      if (!email) {
        req.log.warn({ reason: 'staff_sign_in_unknown' }, 'staff sign-in asked for an address not in STAFF_EMAILS');
        return;
      }
      mailLink(req, email, next).catch((error: unknown) => {
        req.log.error(
          { err: error, reason: 'staff_sign_in_link_failed' },
          'staff sign-in link not made or not queued: nothing was mailed',
        );
      });
    });
    res.redirect(303, '/staff/sign-in?sent');
  });

  router.get('/staff/sign-in/:token', async (req, res) => {
    const token = req.params.token;
    // Used, ended or expired: said now, not after the button (the page could not say whose it is).
    const link = isLinkSecret(token) ? await options.auth.linkOf(token) : undefined;
    if (!link) return res.redirect(303, '/staff/sign-in?invalid');
    await options.render(req, res, {
      page: 'confirm-sign-in',
      token,
      email: link.email,
      expiresAt: link.expiresAt.toISOString(),
    });
  });

  router.post(
    '/staff/sign-in/confirm',
    submissionRateLimit(options.rateLimit, options.limits, 'staff-sign-in-confirm'),
    async (req, res) => {
      const token = textField(req.body, 'token');
      const email = isLinkSecret(token) ? await options.auth.signIn(token, res) : undefined;
      if (!email) return res.redirect(303, '/staff/sign-in?invalid');
      req.log.info({ reason: 'staff_signed_in' }, 'staff signed in');
      res.redirect(303, '/staff');
    },
  );

  router.post('/staff/sign-out', async (req, res) => {
    await options.auth.signOut(req, res);
    res.redirect(303, '/staff/sign-in?signed-out');
  });

  router.post('/staff/sign-out-everywhere', requireStaff(options.auth), async (_req, res) => {
    await options.auth.signOutEverywhere(staffOf(res), res);
    res.redirect(303, '/staff/sign-in?signed-out');
  });

  return router;
}
