import { type Request, type Response, Router } from 'express';
import { fileTypeFromBuffer } from 'file-type';
import createHttpError from 'http-errors';
import { referenceOf, staffOf, textField } from '#server/http/desk-request.ts';
import { BACK_TO_LOCAL } from '#server/http/http-errors.ts';
import type { ProofPictures } from '#server/requests/proof-pictures.ts';
import type { PinRefusal, StoredPin } from '#server/requests/proof-pin-store.ts';
import { sendRequestFile } from '#server/requests/request-file.ts';
import type { RequestService } from '#server/requests/request-service.ts';
import type { VersionStore } from '#server/requests/version-store.ts';
import type { StoredFile } from '#server/submissions/submission-store.ts';
import { damagedArtworkError } from '#server/uploads/artwork-structure.ts';
import { artworkFileName } from '#server/uploads/artwork-type.ts';
import type { UploadGuard } from '#server/uploads/upload-guard.ts';
import { type PinProblem, pinNotices, readPinNote, readPinText } from '#shared/requests/proof-pins.ts';
import { isStatusOf } from '#shared/requests/request-status.ts';
import { cleanFileName } from '#shared/submissions/artwork.ts';
import { deskHeaders, requireStaff } from './desk-http.ts';
import type { DeskStore } from './desk-store.ts';
import type { StaffAuth } from './staff-auth.ts';

/** The input the proof's file comes in. */
const PROOF_FIELD = 'proof';
/** What a proof may be, judged by its bytes: what customers open on any phone, and PDF for vector work. */
const proofTypes: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  pdf: 'application/pdf',
};
/** The largest print size the shop would give, in inches (a jacket back is about 14 × 16). */
const MAX_INCHES = 100;

/** Why a proof was refused, as the desk's notice says it. */
export const proofNotices = {
  'proof-missing': 'Choose the proof file first.',
  'proof-type': 'A proof must be a PNG, JPEG, WebP or PDF file (judged by its content, not its name).',
  'proof-damaged': 'That file is damaged or not what its type says: export it again.',
  'proof-locked':
    'That PDF asks for a password to open, so the customer could not open it either: export it again without a password.',
  'proof-size': 'Give the print size as two numbers of inches (such as 11.5 and 4), or leave both empty.',
} as const;

/** "11.5" → 11.5; '' → null; anything else (or out of range) → undefined. */
function inchesOf(text: string): number | null | undefined {
  if (text === '') return null;
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text)) return undefined;
  const value = Number(text);
  return value > 0 && value <= MAX_INCHES ? value : undefined;
}

/**
 * The new version's note to the customer, ending with the notes it answers: those on the version it replaces
 * that the shop answered or marked done, by number, so the customer knows what to look for.
 */
function withAnswered(notes: string, pins: readonly StoredPin[]): string {
  const newest = Math.max(0, ...pins.map((pin) => pin.version));
  const answered = pins
    .filter((pin) => pin.version === newest && (pin.done || pin.replies.some((reply) => reply.author !== 'customer')))
    .map((pin) => pin.number);
  if (answered.length === 0) return notes;
  const line = `This version answers ${answered.length === 1 ? 'note' : 'notes'} ${answered.join(', ')}.`;
  return notes ? `${notes}\n\n${line}` : line;
}

async function readProof(upload: Express.Multer.File | undefined): Promise<StoredFile | keyof typeof proofNotices> {
  if (!upload || upload.size === 0) return 'proof-missing';
  const detected = await fileTypeFromBuffer(upload.buffer);
  const mediaType = detected ? proofTypes[detected.ext] : undefined;
  if (!mediaType) return 'proof-type';
  const name = artworkFileName(cleanFileName(upload.originalname), mediaType);
  if (damagedArtworkError(name, mediaType, upload.buffer)) return 'proof-damaged';
  return { name, mediaType, size: upload.size, data: upload.buffer };
}

interface ProofRoutesOptions {
  desk: Pick<DeskStore, 'getRequestState'>;
  versions: Pick<VersionStore, 'sendProof' | 'pinsOf'>;
  /** A PDF proof's first page, drawn as it is sent: a locked or unreadable PDF is refused. */
  pictures: Pick<ProofPictures, 'readPdf'>;
  /** The request service: the rules of every move and answer. */
  requests: RequestService;
  auth: Pick<StaffAuth, 'current'>;
  /** How the proof is read: the CSRF token before the file, an upload slot, the idle cut. */
  uploadGuard: UploadGuard;
  onQueued?: () => void;
}

/**
 * The proof upload, through the upload chain all multipart routes share: the desk's sign-in is checked before
 * a byte of the body is read, and the form's token (its first field) before the file. The proof becomes the
 * request's next version, the request moves to Proof sent, and the customer is mailed, in one transaction.
 */
export function proofUploadRoutes(options: ProofRoutesOptions): Router {
  const router = Router();
  options.uploadGuard.post(
    router,
    '/staff/requests/:reference/proofs',
    {
      files: 1,
      field: PROOF_FIELD,
      before: [deskHeaders, requireStaff(options.auth)],
    },
    async (req: Request, res: Response) => {
      const reference = referenceOf(req);
      const back = `/staff/requests/${reference}`;
      const request = await options.desk.getRequestState(reference);
      if (!request) throw createHttpError(404, 'There is no request with that reference.');
      const from = textField(req.body, 'from');
      // A proof sent while the quote waits stays a draft beside it: the request stays Quoted.
      const to = options.requests.proofStep(request.kind, request.status);
      if (!to) return res.redirect(303, `${back}?done=no-proof`);
      if (!isStatusOf('quote', from) || from !== request.status) return res.redirect(303, `${back}?done=conflict`);
      const width = inchesOf(textField(req.body, 'width'));
      const height = inchesOf(textField(req.body, 'height'));
      if (width === undefined || height === undefined || (width === null) !== (height === null)) {
        return res.redirect(303, `${back}?done=proof-size`);
      }
      const file = await readProof((req.files as Express.Multer.File[] | undefined)?.[0]);
      if (typeof file === 'string') return res.redirect(303, `${back}?done=${file}`);
      const pdf = file.mediaType === 'application/pdf' ? await options.pictures.readPdf(reference, file) : undefined;
      if (pdf?.refused) {
        return res.redirect(303, `${back}?done=${pdf.refused === 'password' ? 'proof-locked' : 'proof-damaged'}`);
      }
      const notes = withAnswered(textField(req.body, 'notes').slice(0, 2000), await options.versions.pinsOf(reference));
      const outcome = await options.versions.sendProof(
        reference,
        { file, widthInches: width, heightInches: height, notes },
        {
          from,
          to,
          actor: `staff:${staffOf(res)}`,
          mail: (version) => ({ kind: 'proof-sent', version }),
        },
      );
      if (!outcome.sent) return res.redirect(303, `${back}?done=conflict`);
      pdf?.keepAs(outcome.version);
      options.onQueued?.();
      req.log.info({ reference, version: outcome.version }, 'proof sent');
      res.redirect(303, `${back}?done=proof-sent`);
    },
  );
  return router;
}

/**
 * A proof's file for the desk: /proofs/<version> downloads it, /proofs/<version>/preview shows it as a
 * picture (a PDF's first page, drawn on the server).
 */
export function proofFileRoutes(
  versions: Pick<VersionStore, 'getProofFile'>,
  pictures: Pick<ProofPictures, 'pictureOf'>,
): Router {
  const router = Router();
  router.get('/staff/requests/:reference/proofs/:version{/:preview}', async (req, res) => {
    const reference = referenceOf(req);
    const version = Number(req.params.version);
    const preview = req.params.preview;
    if (!Number.isInteger(version) || version < 1 || (preview !== undefined && preview !== 'preview')) {
      throw createHttpError(404, 'There is no such proof.');
    }
    const picture = preview === 'preview' ? await pictures.pictureOf(reference, version) : undefined;
    sendRequestFile(
      res,
      picture?.file ?? (await versions.getProofFile(reference, version)),
      preview === 'preview',
      'proof',
    );
  });
  return router;
}

/** A refused note, as the desk's error page says it (with the way back to the request): nothing was kept. */
function noteRefused(problem: PinProblem): createHttpError.HttpError {
  const status = problem === 'pin-missing' ? 404 : problem === 'pin-superseded' || problem === 'pin-closed' ? 409 : 422;
  return createHttpError(status, pinNotices[problem].text);
}

const refusalProblem: Record<PinRefusal, PinProblem> = {
  missing: 'pin-missing',
  superseded: 'pin-superseded',
  closed: 'pin-closed',
};

/**
 * The desk's notes on a proof: a note pinned on the newest version, an answer under any note of it, a note
 * marked done or opened again. The same checks as the customer's; a refusal is a 4xx page with the way back.
 */
export function proofNoteRoutes(versions: Pick<VersionStore, 'addPin' | 'answerPin'>): Router {
  const router = Router();
  router.post('/staff/requests/:reference/proofs/:version/notes', async (req, res) => {
    const reference = referenceOf(req);
    const back = `/staff/requests/${reference}`;
    res.locals[BACK_TO_LOCAL] = back;
    const read = readPinNote(req.body);
    if (!read.ok) throw noteRefused(read.problem);
    const version = /^\d{1,4}$/.test(String(req.params.version)) ? Number(req.params.version) : 0;
    const outcome = await versions.addPin(reference, version, read.note, `staff:${staffOf(res)}`);
    if (!outcome.added) throw noteRefused(refusalProblem[outcome.reason]);
    res.redirect(303, `${back}?done=pin-added#note-${outcome.number}`);
  });
  router.post('/staff/requests/:reference/proof-notes/:number', async (req, res) => {
    const reference = referenceOf(req);
    const back = `/staff/requests/${reference}`;
    res.locals[BACK_TO_LOCAL] = back;
    const doneField = textField(req.body, 'done');
    const done = doneField === 'done' ? true : doneField === 'open' ? false : undefined;
    const typed = textField(req.body, 'text');
    let text: string | undefined;
    if (typed !== '' || done === undefined) {
      const read = readPinText(typed);
      if (!read.ok) throw noteRefused(read.problem);
      text = read.text;
    }
    const number = /^\d{1,6}$/.test(String(req.params.number)) ? Number(req.params.number) : 0;
    const outcome = await versions.answerPin(reference, number, {
      author: `staff:${staffOf(res)}`,
      ...(text ? { text } : {}),
      ...(done === undefined ? {} : { done }),
    });
    if (outcome !== 'answered') throw noteRefused(refusalProblem[outcome]);
    res.redirect(303, `${back}?done=${text ? 'pin-answered' : done ? 'pin-done' : 'pin-reopened'}#note-${number}`);
  });
  return router;
}
