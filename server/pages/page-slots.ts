import { randomBytes, randomUUID } from 'node:crypto';
import type { Response } from 'express';
import { cspNonce } from '#server/http/security-headers.ts';

/**
 * A per-request value a page may hold: the CSP nonce (development only) and a form's one-time
 * submission key. The CSRF token is not one: a form page holds none (the browser's client sends it
 * from its cookie, and a form posted without JavaScript is vouched for by the browser, see
 * server/http/csrf.ts), so no page needs a visitor's cookies or sets any.
 */
export type Slot = 'nonce' | 'key';

/** A rendered page, split where its per-request values go. */
export interface SplitPage {
  status: number;
  /** The page's fixed text: one more than there are slots. */
  fixed: Buffer[];
  /** The per-request value between fixed[i] and fixed[i + 1]. */
  slots: Slot[];
}

/**
 * The per-request values of a page: rendered once with a placeholder in each place, split there, and
 * filled for each response. The placeholders are random per process, so no page content can guess them
 * and have them replaced.
 */
export function createPageSlots() {
  const placeholders: Record<Slot, string> = {
    nonce: `n${randomBytes(12).toString('hex')}`,
    key: `k${randomBytes(12).toString('hex')}`,
  };
  const slotOf = new Map(Object.entries(placeholders).map(([slot, text]) => [text, slot as Slot]));
  const splitter = new RegExp(`(${placeholders.nonce}|${placeholders.key})`);

  return {
    placeholders,

    split(status: number, html: string): SplitPage {
      const pieces = html.split(splitter);
      return {
        status,
        fixed: pieces.filter((_piece, index) => index % 2 === 0).map((piece) => Buffer.from(piece)),
        slots: pieces.filter((_piece, index) => index % 2 === 1).map((piece) => slotOf.get(piece) as Slot),
      };
    },

    /** This response's values for the page's slots. */
    valuesFor(res: Response, slots: readonly Slot[]): Buffer[] {
      // A fresh one-time submission key per page served, for the forms posted without JavaScript.
      return slots.map((slot) => Buffer.from(slot === 'nonce' ? cspNonce(res) : randomUUID()));
    },
  };
}

export type PageSlots = ReturnType<typeof createPageSlots>;
