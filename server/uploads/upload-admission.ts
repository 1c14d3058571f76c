import type { Request, Response } from 'express';
import type { HttpError } from 'http-errors';
import { clientKey } from '#server/http/client-key.ts';
import type { LimitStore } from '#server/http/limit-store.ts';
import type { StoredFile } from '#server/storage/schema.ts';
import { type DiskFloor, diskFloorRefusal } from './disk-floor.ts';
import { spendUploadBudget } from './upload-budget.ts';

/** What decides whether a post's files may be stored: the disk's floor and each client's daily budget. */
export interface UploadAdmissionOptions {
  limits: Pick<LimitStore, 'spendUploadBytes' | 'refundUploadBytes'>;
  /** Artwork bytes one client may have stored per 24 hours. */
  bytesPerDay: number;
  /** Null on PostgreSQL: the database's disk is on another host, out of this process's sight. */
  diskFloor: DiskFloor | null;
}

/** A post's files let through: `settle` wraps the save, giving the bytes back if it stores nothing. */
interface Admitted {
  ok: true;
  settle<Saved extends { repeated: boolean }>(saving: Promise<Saved>): Promise<Saved>;
  /** Gives the bytes back when the post is refused after admission (a file the mockups cannot open). */
  release(): Promise<void>;
}

/** The answer for a post whose files may not be stored now: 507 (disk) or 429 (budget). */
interface Refused {
  ok: false;
  refusal: HttpError;
}

/** Checks a post's files against the disk floor and its client's budget, just before they are stored. */
export type UploadAdmission = (
  req: Request,
  res: Response,
  files: readonly StoredFile[],
) => Promise<Admitted | Refused>;

const nothingToSettle: Admitted = { ok: true, settle: (saving) => saving, release: async () => {} };

/**
 * The form endpoints' gate for artwork: without it a file that passes the type check, sent at the form's rate
 * limit, fills about 2 GB an hour from one address. Only bytes actually stored are counted: a save that
 * throws, or a repeat that stores nothing, gives its bytes back.
 */
export function uploadAdmission(options: UploadAdmissionOptions): UploadAdmission {
  return async (req, res, files) => {
    const bytes = files.reduce((sum, file) => sum + file.size, 0);
    if (bytes === 0) return nothingToSettle;
    const diskLow = options.diskFloor && (await diskFloorRefusal(options.diskFloor, req.log));
    if (diskLow) return { ok: false, refusal: diskLow };
    const key = clientKey(req);
    const overBudget = await spendUploadBudget(options.limits, key, bytes, options.bytesPerDay, res);
    if (overBudget) {
      req.log.warn({ reason: 'upload_budget', bytes }, 'submission refused: daily upload budget spent');
      return { ok: false, refusal: overBudget };
    }
    const giveBack = () => options.limits.refundUploadBytes(key, bytes);
    return {
      ok: true,
      release: () =>
        giveBack().catch((refundError: unknown) =>
          req.log.warn({ err: refundError }, 'upload bytes of a refused post could not be given back'),
        ),
      async settle<Saved extends { repeated: boolean }>(saving: Promise<Saved>): Promise<Saved> {
        let saved: Saved;
        try {
          saved = await saving;
        } catch (error) {
          await giveBack().catch((refundError: unknown) =>
            req.log.warn({ err: refundError }, 'upload bytes of a failed save could not be given back'),
          );
          throw error;
        }
        if (saved.repeated) await giveBack();
        return saved;
      },
    };
  };
}
