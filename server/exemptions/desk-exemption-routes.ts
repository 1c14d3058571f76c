import { type RequestHandler, Router } from 'express';
import createHttpError from 'http-errors';
import { noSuchRequest, referenceOf, staffOf, textField } from '#server/http/desk-request.ts';
import type { DeskExemptionView } from '#shared/books/tax-exemption.ts';
import { z } from '#shared/zod.ts';
import { sendCertificate } from './certificate-file.ts';
import type { CheckOutcome, ExemptionStore } from './exemption-store.ts';
import { deskExemptionView } from './exemption-views.ts';

/** The longest reason a certificate is turned down for: the customer reads it on their page. */
const MAX_REASON = 500;

/** What the request page says after a check, by the name the redirect gives. */
export const exemptionDeskNotices = {
  'exemption-verified': {
    type: 'success',
    text: 'Certificate verified: the customer’s quotes leave the sales tax off until it expires.',
  },
  'exemption-rejected': { type: 'success', text: 'Certificate rejected: the customer sees why on their page.' },
  'exemption-reason': { type: 'error', text: 'Nothing was changed: say why the certificate is rejected.' },
  'exemption-checked': {
    type: 'error',
    text: 'Nothing was changed: that certificate was already verified or rejected (see Tax exemption).',
  },
} as const;

export interface DeskExemptionOptions {
  exemptions: Pick<ExemptionStore, 'certificatesOf' | 'verifyCertificate' | 'rejectCertificate' | 'certificateFile'>;
  /** The shop's today (YYYY-MM-DD, its time zone): the day a check is dated, and each certificate's standing. */
  today: () => string;
}

/** The certificate named in the address, or a 404. */
function certificateId(value: unknown): number {
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value))
    throw createHttpError(404, 'There is no such certificate.');
  return Number(value);
}

const reasonSchema = z.string().min(1).max(MAX_REASON);

/** Back to the request page's section, with the notice of what the check did. */
function answer(outcome: CheckOutcome, back: string, done: keyof typeof exemptionDeskNotices): string {
  if (outcome === 'missing') throw createHttpError(404, 'There is no such certificate for this request’s customer.');
  return `${back}?done=${outcome === 'done' ? done : 'exemption-checked'}#tax-exemption`;
}

function verify(options: DeskExemptionOptions): RequestHandler {
  return async (req, res) => {
    const reference = referenceOf(req);
    const outcome = await options.exemptions.verifyCertificate(reference, certificateId(req.params.id), {
      actor: `staff:${staffOf(res)}`,
      day: options.today(),
    });
    req.log.info({ reference, outcome, reason: 'certificate_verified' }, 'exemption certificate checked');
    res.redirect(303, answer(outcome, `/staff/requests/${reference}`, 'exemption-verified'));
  };
}

function reject(options: DeskExemptionOptions): RequestHandler {
  return async (req, res) => {
    const reference = referenceOf(req);
    const id = certificateId(req.params.id);
    const reason = reasonSchema.safeParse(textField(req.body, 'reason'));
    if (!reason.success) return res.redirect(303, `/staff/requests/${reference}?done=exemption-reason#tax-exemption`);
    const outcome = await options.exemptions.rejectCertificate(reference, id, {
      actor: `staff:${staffOf(res)}`,
      reason: reason.data,
    });
    req.log.info({ reference, outcome, reason: 'certificate_rejected' }, 'exemption certificate checked');
    res.redirect(303, answer(outcome, `/staff/requests/${reference}`, 'exemption-rejected'));
  };
}

/**
 * The desk's check of a customer's certificates, under the request they came through: Verify, Reject
 * with a reason, and the file itself. Mounted behind the desk's sign-in; every post has passed the app's
 * CSRF gate.
 */
export function deskExemptionRoutes(options: DeskExemptionOptions): Router {
  const router = Router();
  const base = '/staff/requests/:reference/exemptions/:id';
  router.post(`${base}/verify`, verify(options));
  router.post(`${base}/reject`, reject(options));
  router.get(`${base}/file`, async (req, res) => {
    const file = await options.exemptions.certificateFile(referenceOf(req), certificateId(req.params.id));
    if (!file) throw noSuchRequest();
    sendCertificate(res, file);
  });
  return router;
}

/** The request page's section: undefined while the customer has sent no certificate. */
export function deskExemptionSection(options: DeskExemptionOptions) {
  return async (request: { reference: string; email: string }): Promise<DeskExemptionView | undefined> => {
    const certificates = await options.exemptions.certificatesOf(request.email);
    if (certificates.length === 0) return undefined;
    return deskExemptionView(certificates, { reference: request.reference, today: options.today() });
  };
}
