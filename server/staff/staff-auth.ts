import type { Request, Response } from 'express';
import { hashOfSecret, isLinkSecret, newLinkSecret } from '#server/http/link-secrets.ts';
import { isRecord } from '#shared/is-record.ts';
import type { DeskStore } from './desk-store.ts';

/** A sign-in link works once, for this long. */
export const SIGN_IN_LINK_TTL_MS = 15 * 60 * 1000;
/** A session ends after this long without a request… */
const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** …and after this long in any case. */
const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** The SHA-256 the database keeps instead of a secret: a copy of the database signs nobody in. */
const hashOf = hashOfSecret;

/** Sign-in links and sessions of the staff desk, as the routes and the operators' CLI use them. */
export interface StaffAuth {
  /** Lower-cased; undefined when the address is not in STAFF_EMAILS. */
  staffAddress(email: unknown): string | undefined;
  /**
   * A one-time link's secret for a staff address (stored hashed, valid 15 minutes): random, or the one
   * given (a mailed link's, made from its nonce at send time: server/http/link-secrets.ts).
   */
  createLink(email: string, secret?: string): Promise<string>;
  /** Whose a link is and until when, while it can still be used; undefined otherwise. */
  linkOf(secret: string): Promise<{ email: string; expiresAt: Date } | undefined>;
  /** Uses a link's secret and starts a session; the address signed in, or undefined. */
  signIn(secret: string, res: Response): Promise<string | undefined>;
  /** The signed-in address of this request (and its idle clock restarted), or undefined. */
  current(req: Request): Promise<string | undefined>;
  signOut(req: Request, res: Response): Promise<void>;
  /** Ends every session of the address and its links not used yet; how many sessions there were. */
  signOutEverywhere(email: string, res: Response): Promise<number>;
}

/**
 * Passwordless staff sign-in: a one-time link mailed (or printed by the CLI) to an address in
 * STAFF_EMAILS, then a session in the database behind an HttpOnly `__Host-` cookie (a bare name over
 * plain http in development, where Secure cannot be set).
 */
export function createStaffAuth(
  desk: Pick<
    DeskStore,
    | 'createStaffSignInLink'
    | 'findStaffSignInLink'
    | 'consumeStaffSignInLink'
    | 'createStaffSession'
    | 'touchStaffSession'
    | 'endStaffSession'
    | 'endStaffSessionsOf'
  >,
  { staffEmails, secure }: { staffEmails: readonly string[]; secure: boolean },
): StaffAuth {
  const cookieName = secure ? '__Host-staff' : 'staff';
  const cookieOptions = { httpOnly: true, sameSite: 'lax', secure, path: '/' } as const;
  const staff = new Set(staffEmails.map((address) => address.toLowerCase()));

  const sessionSecretOf = (req: Request): string | undefined => {
    const value: unknown = isRecord(req.cookies) ? req.cookies[cookieName] : undefined;
    return isLinkSecret(value) ? value : undefined;
  };

  return {
    staffAddress(email) {
      if (typeof email !== 'string') return undefined;
      const address = email.trim().toLowerCase();
      return staff.has(address) ? address : undefined;
    },
    async createLink(email, secret = newLinkSecret()) {
      await desk.createStaffSignInLink(hashOf(secret), email, SIGN_IN_LINK_TTL_MS);
      return secret;
    },
    async linkOf(secret) {
      const link = await desk.findStaffSignInLink(hashOf(secret));
      return link && staff.has(link.email) ? link : undefined;
    },
    async signIn(secret, res) {
      const email = await desk.consumeStaffSignInLink(hashOf(secret));
      // Removed from STAFF_EMAILS since the link was sent: no session.
      if (!email || !staff.has(email)) return undefined;
      const sessionSecret = newLinkSecret();
      await desk.createStaffSession(hashOf(sessionSecret), email, SESSION_ABSOLUTE_MS);
      res.cookie(cookieName, sessionSecret, { ...cookieOptions, maxAge: SESSION_ABSOLUTE_MS });
      return email;
    },
    async current(req) {
      const secret = sessionSecretOf(req);
      if (!secret) return undefined;
      const email = await desk.touchStaffSession(hashOf(secret), SESSION_IDLE_MS);
      return email && staff.has(email) ? email : undefined;
    },
    async signOut(req, res) {
      const secret = sessionSecretOf(req);
      if (secret) await desk.endStaffSession(hashOf(secret));
      res.clearCookie(cookieName, cookieOptions);
    },
    async signOutEverywhere(email, res) {
      res.clearCookie(cookieName, cookieOptions);
      return desk.endStaffSessionsOf(email);
    },
  };
}
