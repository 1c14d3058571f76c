import { type Request, type RequestHandler, type Response, Router } from 'express';
import createHttpError from 'http-errors';
import type { FlashCookie } from '#server/http/flash-cookie.ts';
import { BACK_TO_LOCAL } from '#server/http/http-errors.ts';
import type { LimitStore } from '#server/http/limit-store.ts';
import { submissionRateLimit } from '#server/http/rate-limit.ts';
import type { MockupStore } from '#server/mockups/mockup-store.ts';
import type { PageRenderer } from '#server/pages/page-renderer.ts';
import type { SiteDataFiles } from '#server/pages/site-data-files.ts';
import type { RequestLinks } from '#server/requests/request-links.ts';
import type { DeskStore } from '#server/staff/desk-store.ts';
import { readArtwork } from '#server/uploads/read-artwork.ts';
import type { UploadAdmission } from '#server/uploads/upload-admission.ts';
import type { UploadGuard } from '#server/uploads/upload-guard.ts';
import { COLLECT_SIZES_FIELD } from '#shared/groups/collect-sizes.ts';
import { isRecord } from '#shared/is-record.ts';
import type { LoadDates } from '#shared/production/production-load.ts';
import { ARTWORK_FIELD, artworkListError } from '#shared/submissions/artwork.ts';
import {
  errorSummary,
  type FieldErrors,
  type FormValues,
  formValuesFrom,
  HONEYPOT_FIELD,
} from '#shared/submissions/form-values.ts';
import { NEW_ARTWORK_KEY } from '#shared/submissions/quote-fields.ts';
import { isSubmissionKey, SUBMISSION_KEY_FIELD, SUBMISSION_KEY_HEADER } from '#shared/submissions/submission-key.ts';
import { checkReorder } from './reorder-check.ts';
import { contactForm, type DrawMockups, quoteForm, type SubmissionForm } from './submission-forms.ts';
import { CUSTOMER_CONFIRMATIONS_PER_DAY } from './submission-queries.ts';
import type { SavedSubmission, SubmissionStore } from './submission-store.ts';

/** The form endpoints' dependencies, passed in by createApp. */
export interface SubmissionRoutesOptions {
  submissions: Pick<SubmissionStore, 'findByIdempotencyKey' | 'saveSubmission'>;
  /** The mockups drawn for a new request, shown on its answer. */
  mockups: Pick<MockupStore, 'mockupsOf'>;
  /** Draws a quote request's mockups from its files before it is stored (the mockups feature's). */
  drawMockups: DrawMockups;
  /** The request a reorder mark names. */
  desk: Pick<DeskStore, 'getRequestState'>;
  /** The forms' rate limits. */
  limits: Pick<LimitStore, 'countHit' | 'uncountHit' | 'hitsOf'>;
  siteData: SiteDataFiles;
  /** The shop's load, so the stored estimate's date is the one the shop can keep. */
  dates?: () => Promise<LoadDates>;
  pages: PageRenderer;
  /** Where a form posted without JavaScript leaves its thanks for the page it is sent back to. */
  flash: FlashCookie;
  /** Posts per address per 15 minutes on each endpoint. */
  rateLimit: number;
  /** How a multipart body is read: the CSRF token before the first file, an upload slot, the idle cut. */
  uploadGuard: UploadGuard;
  /** The disk floor and daily byte budget a post's files must pass before they are stored. */
  uploads: UploadAdmission;
  /** Called after a submission is stored (not for a repeat). */
  onStored?: () => void;
  /** The customers' private pages: a quote request's link is shown to whoever just sent it. */
  links?: RequestLinks;
}

const acceptedBodies = ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'];

const requireFormBody: RequestHandler = (req, _res, next) => {
  if (req.is(acceptedBodies)) return next();
  next(
    createHttpError(
      415,
      'Send the form as multipart/form-data, application/x-www-form-urlencoded or application/json.',
    ),
  );
};

/** A browser posting the form itself asks for HTML; fetch and scripts ask for JSON (or anything). */
function wantsPage(req: Request): boolean {
  return req.accepts(['json', 'html']) === 'html';
}

/**
 * The one-time key of this post: the header (the page's script) or the hidden field (a form posted
 * without JavaScript). Undefined when there is none (a script of the shop's own, say); null when it is
 * malformed, or the two disagree.
 */
function submissionKeyOf(req: Request, body: Record<string, unknown>): string | null | undefined {
  const header = req.get(SUBMISSION_KEY_HEADER);
  const field = body[SUBMISSION_KEY_FIELD];
  const given = [header, field].filter((value) => value !== undefined && value !== '');
  if (given.length === 0) return undefined;
  if (!given.every(isSubmissionKey) || (given.length === 2 && given[0] !== given[1])) return null;
  return given[0] as string;
}

/**
 * Each form is taken at its endpoint (the page's script posts there) and at its own page's address,
 * where the form posts itself without JavaScript: a refused post is answered with the form again, its
 * errors and what was typed, at the address the visitor was on, never at /api/…. The values go no
 * further than that one answer (no-store): not into a cookie, which would cut long comments at 4 kB and
 * keep a name, e-mail and phone in the browser after the visit, nor into storage for a request never sent.
 */
const forms = [
  ['/api/quotes', quoteForm],
  ['/api/contact', contactForm],
  [quoteForm.page, quoteForm],
  [contactForm.page, contactForm],
] as const;

/**
 * The page each form endpoint's error pages lead back to ("Back to the form"), for a visitor who posted
 * without JavaScript. Mounted before the app's CSRF gate, so the gate's refusal offers it too; it only
 * notes the page and passes every request on.
 */
export function submissionBackLinks(): Router {
  const router = Router();
  for (const [path, form] of forms) {
    router.post(path, (_req, res, next) => {
      res.locals[BACK_TO_LOCAL] = form.page;
      next();
    });
  }
  return router;
}

/** The answer to a stored submission, the same for the first post and any repeat of its key. */
async function answerStored(
  options: SubmissionRoutesOptions,
  req: Request,
  res: Response,
  form: SubmissionForm,
  { reference, confirmationSkipped }: SavedSubmission,
) {
  const confirmation = confirmationSkipped ? 'skipped' : 'queued';
  const message = form.thanks(reference, confirmation);
  // Only in this answer, which is the sender's alone and never cached (no-store, or a one-hop flash).
  const page = form.kind === 'quote' ? await options.links?.pathFor(reference) : undefined;
  // "I will collect sizes from my group": the page opens at its group section, to start the group.
  const link = page && isRecord(req.body) && req.body[COLLECT_SIZES_FIELD] === 'on' ? `${page}#group` : page;
  // Shown from the private page, so only with its link.
  const mockups = page ? (await options.mockups.mockupsOf(reference)).map((mockup) => mockup.view) : [];
  if (!wantsPage(req)) {
    res
      .status(201)
      .set('Cache-Control', 'no-store')
      .json({
        reference,
        message,
        confirmation,
        ...(link ? { link } : {}),
        ...(mockups.length > 0 ? { mockups } : {}),
      });
    return;
  }
  // The private link travels in the flash cookie (HttpOnly, signed, one hop), never in the address
  // redirected to: addresses end up in logs, histories and Referer headers.
  options.flash.set(res, {
    type: 'success',
    text: message,
    key: form.kind,
    ...(link ? { link: { href: link, text: 'Follow it on your private page (bookmark it).' } } : {}),
    ...(form.sentPage ? { reference } : {}),
    ...(confirmationSkipped ? { confirmationSkipped: true as const } : {}),
    ...(mockups.length > 0 ? { mockups } : {}),
  });
  res.redirect(303, form.sentPage ?? form.page);
}

/** A repeat of a key already stored: answered with the first reference, nothing stored. */
async function answerRepeat(
  options: SubmissionRoutesOptions,
  req: Request,
  res: Response,
  form: SubmissionForm,
  earlier: SavedSubmission,
) {
  if (earlier.kind !== form.kind) {
    throw createHttpError(409, 'This form was already used to send something else. Reload the page and send it again.');
  }
  req.log.info({ reference: earlier.reference, kind: form.kind }, 'submission repeated: answered with its reference');
  await answerStored(options, req, res, form, earlier);
}

/** A post refused for its fields: the form again with its errors (a page), or the errors alone (a script). */
async function refuse(
  options: SubmissionRoutesOptions,
  req: Request,
  res: Response,
  form: SubmissionForm,
  values: FormValues,
  errors: FieldErrors,
) {
  // Only a page loses them: a script, like the site's own form with JavaScript, still holds its files.
  const filesLost = wantsPage(req) && ((req.files as Express.Multer.File[] | undefined)?.length ?? 0) > 0;
  const message = `${errorSummary(errors)}${filesLost ? ' Your files were not kept: attach them again.' : ''}`;
  req.log.info({ kind: form.kind, fields: Object.keys(errors) }, 'submission refused: invalid fields');
  if (!wantsPage(req)) {
    res.status(422).set('Cache-Control', 'no-store').json({ error: 'invalid_fields', message, fields: errors });
    return;
  }
  await options.pages.renderForm(req, res, {
    path: form.page,
    status: 422,
    form: { form: form.kind, values, errors, message },
  });
}

/** One form's post: checked, its files judged and admitted, stored once per submission key, answered. */
function receive(options: SubmissionRoutesOptions, form: SubmissionForm): RequestHandler {
  return async (req, res, next) => {
    const body: unknown = req.body;
    if (!isRecord(body)) return next(createHttpError(400, 'Send the form as named fields (a JSON object).'));
    const honeypot = body[HONEYPOT_FIELD];
    if (typeof honeypot !== 'string' ? honeypot !== undefined : honeypot.trim() !== '') {
      req.log.warn({ kind: form.kind, reason: 'honeypot' }, 'submission refused: the hidden field was filled');
      return next(
        createHttpError(
          400,
          'The form was refused: a field that people never see was filled in, as robots do. If you are a person, please call or e-mail us.',
        ),
      );
    }
    const key = submissionKeyOf(req, body);
    if (key === null) {
      return next(createHttpError(400, 'The form was damaged on the way. Reload the page and send it again.'));
    }
    // A repeat (double click, a retry after a lost answer, through any instance) stores nothing.
    const earlier = key === undefined ? undefined : await options.submissions.findByIdempotencyKey(key);
    if (earlier) return answerRepeat(options, req, res, form, earlier);

    const values = formValuesFrom(Object.entries(body));
    if (Object.values(values).some((value) => value.includes('\uFFFD'))) {
      return next(
        createHttpError(400, 'The form contained text that is not valid UTF-8. Send it again from the page.'),
      );
    }

    // Their count, sizes and total are judged with the other fields (artworkListError, below), in the
    // words of the browser's check; the parser has already bounded what one request can hold.
    const uploads = (req.files as Express.Multer.File[] | undefined) ?? [];
    const reorder = form.kind === 'quote' ? await checkReorder(values, options.desk) : { values };
    if (reorder.dropped) {
      req.log.warn(
        { reorderOf: reorder.dropped.reference, why: reorder.dropped.why, reason: 'reorder_not_matched' },
        'quote request marked as a reorder of no completed order of its address: priced in full',
      );
    }
    // Whether the request brings artwork is the upload's to say, never a posted field's.
    const { [NEW_ARTWORK_KEY]: _claimed, ...checked } = reorder.values;
    const priced = uploads.length > 0 ? { ...checked, [NEW_ARTWORK_KEY]: 'on' } : checked;
    const validation = form.validate(priced, options.siteData.data, await options.dates?.());
    const errors: FieldErrors = validation.ok ? {} : { ...validation.errors };
    const listError = artworkListError(
      // The name as sent, so hidden characters are refused; the messages show it cleaned.
      uploads.map((file) => ({ name: file.originalname, size: file.size })),
    );
    const artwork = listError ? { files: [], error: listError } : await readArtwork(uploads);
    if (artwork.error) errors[ARTWORK_FIELD] = artwork.error;
    if (!validation.ok || Object.keys(errors).length > 0) return refuse(options, req, res, form, values, errors);
    // The files' bytes are counted against the sender's daily budget before any of them is opened: a
    // sender past it gets no image work done at all.
    const admission = await options.uploads(req, res, artwork.files);
    if (!admission.ok) return next(admission.refusal);
    // Drawn before anything is stored: an image that cannot be opened or a placement outside its area is
    // the sender's to fix, said beside the field (and its bytes are given back).
    const drawn = form.drawsMockups
      ? await options.drawMockups(priced, artwork.files, options.siteData.data)
      : undefined;
    if (drawn && Object.keys(drawn.errors).length > 0) {
      await admission.release();
      return refuse(options, req, res, form, values, drawn.errors);
    }
    const saving = options.submissions.saveSubmission({
      kind: form.kind,
      name: validation.name,
      email: validation.email,
      payload: validation.payload,
      ...(validation.formValues ? { formValues: validation.formValues } : {}),
      files: artwork.files,
      ...(drawn && drawn.mockups.length > 0 ? { mockups: drawn.mockups } : {}),
      ...(key === undefined ? {} : { idempotencyKey: key }),
    });
    // Bytes counted by the admission are given back if this stores nothing (a throw, a repeat).
    const saved = await admission.settle(saving);
    // The same key arrived twice at once: the database kept the first, this one is its repeat.
    if (saved.repeated) return answerRepeat(options, req, res, form, saved);
    // The reference is all the operator needs to find it; no personal data at info level.
    req.log.info({ reference: saved.reference, kind: form.kind, files: artwork.files.length }, 'submission stored');
    if (saved.confirmationSkipped) {
      req.log.warn(
        { reference: saved.reference, reason: 'confirmation_cap' },
        `no confirmation mailed: the address had ${CUSTOMER_CONFIRMATIONS_PER_DAY} in the last 24 hours (the shop gets its copy)`,
      );
    }
    options.onStored?.();
    await answerStored(options, req, res, form, saved);
  };
}

/** POST /api/quotes and /api/contact: validate, store once per submission key, answer JSON or a page as the caller asked. */
export function submissionRoutes(options: SubmissionRoutesOptions): Router {
  const router = Router();
  for (const [path, form] of forms) {
    // Multipart or not: JSON and urlencoded bodies pass through the upload chain untouched.
    options.uploadGuard.post(
      router,
      path,
      {
        files: form.maxFiles,
        before: [submissionRateLimit(options.rateLimit, options.limits, form.kind), requireFormBody],
      },
      receive(options, form),
    );
  }
  return router;
}
