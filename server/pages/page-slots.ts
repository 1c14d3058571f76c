import { randomBytes, randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Csrf } from '#server/http/csrf.ts';
import { cspNonce } from '#server/http/security-headers.ts';

/** A per-request value a page may hold: the CSP nonce, the CSRF token, a form's one-time submission key. */
export type Slot = 'nonce' | 'csrf' | 'key';

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
export function createPageSlots(csrf: Csrf) {
  const placeholders: Record<Slot, string> = {
    nonce: `n${randomBytes(12).toString('hex')}`,
    csrf: `c${randomBytes(12).toString('hex')}`,
    key: `k${randomBytes(12).toString('hex')}`,
  };
  const slotOf = new Map(Object.entries(placeholders).map(([slot, text]) => [text, slot as Slot]));
  const splitter = new RegExp(`(${placeholders.nonce}|${placeholders.csrf}|${placeholders.key})`);

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

    /** This response's values for the page's slots; the token (and its cookies) only where a form is. */
    valuesFor(req: Request, res: Response, slots: readonly Slot[]): Buffer[] {
      let token: Buffer | undefined;
      return slots.map((slot) => {
        if (slot === 'csrf') {
          token ??= Buffer.from(csrf.issueToken(req, res));
          return token;
        }
        // A fresh one-time submission key per page served, for the forms posted without JavaScript.
        return Buffer.from(slot === 'nonce' ? cspNonce(res) : randomUUID());
      });
    },
  };
}

export type PageSlots = ReturnType<typeof createPageSlots>;
