import type { Response } from 'express';
import createHttpError from 'http-errors';
import type { Pixels } from '#server/requests/image-pixels.ts';
import type { ProofPictures } from '#server/requests/proof-pictures.ts';
import type { CustomerPageView } from '#shared/customer-page-contract.ts';
import { PROOF_PREVIEW_WIDTHS } from '#shared/customer-page-contract.ts';

/** Proof sizes remembered (a few numbers each): enough for every open request of a busy shop. */
const MAX_SIZES = 5_000;
/** Resized proofs kept in memory, in bytes: the ones customers are looking at now. */
const MAX_RESIZED_BYTES = 8 * 1024 * 1024;

/**
 * The proof on the customer's page, made light for a phone: the page learns the proof's size in pixels, so
 * its box is reserved before the picture arrives (no layout shift), and offers it at a few widths as WebP, so
 * a phone loads a picture the size of its screen and not the shop's full-size file. A sent proof version
 * never changes, so both are kept per version, in bounded caches. A PDF proof is shown by its first page,
 * drawn on the server (server/requests/proof-pictures.ts), and pinned like a picture.
 */
export function proofPreviews(pictures: Pick<ProofPictures, 'pictureOf'>) {
  const sizes = new Map<string, Pixels | null>();
  const resized = new Map<string, Buffer>();
  let resizedBytes = 0;

  async function pixelsOf(reference: string, version: number): Promise<Pixels | undefined> {
    const key = `${reference}/${version}`;
    const known = sizes.get(key);
    if (known !== undefined) return known ?? undefined;
    const picture = await pictures.pictureOf(reference, version);
    // A PDF not drawn this time (its worker busy) is asked again on the next view.
    if (!picture) return undefined;
    if (sizes.size >= MAX_SIZES) sizes.delete(sizes.keys().next().value ?? '');
    sizes.set(key, picture.pixels ?? null);
    return picture.pixels;
  }

  return {
    /** The view with its proof's size in pixels, when the proof is a picture whose header gives it. */
    async withPixels(view: CustomerPageView, reference: string): Promise<CustomerPageView> {
      const proof = view.proof;
      if (!proof) return view;
      // The versions it replaced too: each is drawn beside it to compare, its pins on it. A PDF whose first
      // page was drawn is shown as that picture (previewable), one that was not is offered to open.
      const earlier = await Promise.all(
        proof.earlier.map(async (older) => {
          const pixels = await pixelsOf(reference, older.version);
          return pixels ? { ...older, previewable: true, pixels } : older;
        }),
      );
      const pixels = await pixelsOf(reference, proof.version);
      const drawnPdf = pixels !== undefined && !proof.previewable;
      return {
        ...view,
        proof: {
          ...proof,
          earlier,
          ...(pixels ? { pixels, previewable: true } : {}),
          ...(drawnPdf ? { pdfPage: true } : {}),
        },
      };
    },

    /** Answers the proof at one of the page's widths (never enlarged), as WebP; 404 for any other width. */
    async send(res: Response, reference: string, version: number, asked: string): Promise<void> {
      const width = Number(asked);
      if (String(width) !== asked || !(PROOF_PREVIEW_WIDTHS as readonly number[]).includes(width)) {
        throw createHttpError(404, 'There is no such proof.');
      }
      const key = `${reference}/${version}/${width}`;
      let data = resized.get(key);
      if (data) {
        // Most recently used last: the oldest is the first to go.
        resized.delete(key);
        resized.set(key, data);
      } else {
        const picture = await pictures.pictureOf(reference, version);
        if (!picture) throw createHttpError(404, 'This file has no preview: download it.');
        // sharp loads only when a proof is first resized.
        const { default: sharp } = await import('sharp');
        data = await sharp(picture.file.data)
          .rotate()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer();
        resized.set(key, data);
        resizedBytes += data.length;
        for (const [oldKey, old] of resized) {
          if (resizedBytes <= MAX_RESIZED_BYTES || oldKey === key) break;
          resized.delete(oldKey);
          resizedBytes -= old.length;
        }
      }
      res.set({
        'Content-Type': 'image/webp',
        'Content-Disposition': 'inline',
        'Content-Security-Policy': "default-src 'none'; sandbox",
      });
      res.send(data);
    },
  };
}
