import type { RequestHandler, Router } from 'express';
import type { LimitStore } from '#server/http/limit-store.ts';
import { submissionRateLimit } from '#server/http/rate-limit.ts';
import type { PinRefusal, ProofPinStore } from '#server/requests/proof-pin-store.ts';
import type { CustomerPageView } from '#shared/customer-page-contract.ts';
import { isRecord } from '#shared/is-record.ts';
import {
  PIN_NOTE_MAX,
  PIN_PLACE_MAX,
  type PinProblem,
  pinNotices,
  readPinNote,
  readPinText,
} from '#shared/requests/proof-pins.ts';

/** What the notes' routes take from the customer's page: its stores and limit, the link check, the page itself. */
interface NotePage {
  options: {
    versions: Pick<ProofPinStore, 'addPin' | 'answerPin'>;
    limits: Pick<LimitStore, 'countHit' | 'uncountHit' | 'hitsOf'>;
    rateLimit: number;
  };
  opened: RequestHandler;
  sendPage: (
    req: Parameters<RequestHandler>[0],
    res: Parameters<RequestHandler>[1],
    extra: { status?: number; notice?: CustomerPageView['notice']; pinDraft?: { text: string; place: string } },
  ) => Promise<void>;
}

/** The answer each refusal is sent with: a mistake in the note, a proof moved on, or nothing there. */
const statusOf: Record<PinProblem, number> = {
  'pin-empty': 422,
  'pin-long': 422,
  'pin-outside': 422,
  'pin-place-long': 422,
  'pin-superseded': 409,
  'pin-closed': 409,
  'pin-missing': 404,
};

const refusalProblem: Record<PinRefusal, PinProblem> = {
  missing: 'pin-missing',
  superseded: 'pin-superseded',
  closed: 'pin-closed',
};

/**
 * A refused note: the page again, with the status and why, and nothing stored. Shown in answer to the post
 * (not redirected), so a crafted post and a script see the 4xx, and a person sees the page that explains it.
 */
function refuse(page: NotePage, problem: PinProblem): RequestHandler {
  return (req, res) => {
    const body = isRecord(req.body) ? req.body : {};
    // What they typed goes back in the form, to shorten or correct (bounded: a pasted book is not echoed).
    const typed = (name: string, max: number) => (typeof body[name] === 'string' ? body[name].slice(0, max) : '');
    const pinDraft = { text: typed('text', 4 * PIN_NOTE_MAX), place: typed('place', 2 * PIN_PLACE_MAX) };
    return page.sendPage(req, res, {
      status: statusOf[problem],
      notice: pinNotices[problem],
      ...(pinDraft.text || pinDraft.place ? { pinDraft } : {}),
    });
  };
}

/** A note pinned on the newest proof: a point as fractions of the picture, or a "where" in words. */
function pinNote(page: NotePage): RequestHandler {
  return async (req, res, next) => {
    const path = pageOf(req);
    const read = readPinNote(req.body);
    if (!read.ok) return refuse(page, read.problem)(req, res, next);
    const version = /^\d{1,4}$/.test(String(req.params.version)) ? Number(req.params.version) : 0;
    const outcome = await page.options.versions.addPin(reference(req), version, read.note, 'customer');
    if (!outcome.added) return refuse(page, refusalProblem[outcome.reason])(req, res, next);
    req.log.info({ reference: reference(req), version, number: outcome.number }, 'proof note pinned by the customer');
    res.redirect(303, `${path}?done=pin-added#note-${outcome.number}`);
  };
}

/** An answer under a note, and/or the note marked done (or open again). */
function answerNote(page: NotePage): RequestHandler {
  return async (req, res, next) => {
    const path = pageOf(req);
    const body = isRecord(req.body) ? req.body : {};
    const done = body.done === 'done' ? true : body.done === 'open' ? false : undefined;
    const typed = typeof body.text === 'string' && body.text.trim() !== '';
    let text: string | undefined;
    if (typed || done === undefined) {
      const read = readPinText(body.text);
      if (!read.ok) return refuse(page, read.problem)(req, res, next);
      text = read.text;
    }
    const number = /^\d{1,6}$/.test(String(req.params.number)) ? Number(req.params.number) : 0;
    const outcome = await page.options.versions.answerPin(reference(req), number, {
      author: 'customer',
      ...(text ? { text } : {}),
      ...(done === undefined ? {} : { done }),
    });
    if (outcome !== 'answered') return refuse(page, refusalProblem[outcome])(req, res, next);
    const notice = text ? 'pin-answered' : done ? 'pin-done' : 'pin-reopened';
    res.redirect(303, `${path}?done=${notice}#note-${number}`);
  };
}

const reference = (req: Parameters<RequestHandler>[0]) => String(req.params.reference ?? '');
const pageOf = (req: Parameters<RequestHandler>[0]) => `/requests/${reference(req)}/${String(req.params.secret)}`;

/**
 * The customer's notes on the proof, under the page's address. Each post is counted against its own limit
 * per address (a flood of notes is refused with a 429 before anything is read), then the page's link is
 * checked, then the note.
 */
export function mountProofNotes(router: Router, page: NotePage, base: string, postLimit: RequestHandler): void {
  const noteLimit = submissionRateLimit(page.options.rateLimit, page.options.limits, 'proof-note', {
    message: 'Many notes in a short while: wait a few minutes before the next, or write them in one message.',
  });
  router.post(`${base}/proofs/:version/notes`, noteLimit, postLimit, page.opened, pinNote(page));
  router.post(`${base}/notes/:number`, noteLimit, postLimit, page.opened, answerNote(page));
}
