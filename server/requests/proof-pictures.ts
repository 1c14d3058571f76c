import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { StoredFile } from '#server/submissions/submission-store.ts';
import { imagePixels, type Pixels } from './image-pixels.ts';
import { drawPdfFirstPage, type PdfDrawFailure } from './pdf-first-page.ts';
import { isPreviewable } from './request-details.ts';
import type { VersionStore } from './version-store.ts';

/** A proof as a picture: the file itself for an image, the first page drawn as PNG for a PDF. */
export interface ProofPicture {
  file: StoredFile;
  /** Its size in pixels, when its header gives it (a drawn page's always does). */
  pixels?: Pixels;
  /** Drawn from a PDF's first page: the page says so, and the file approved is the PDF, not this. */
  fromPdf: boolean;
}

/** Drawn pages kept in memory, in bytes: a page is a few hundred kB, so the proofs of every open request. */
const MAX_DRAWN_BYTES = 48 * 1024 * 1024;
/** PDFs that could not be drawn, remembered so a page view does not try again: a few words each. */
const MAX_FAILURES = 5_000;

/** A drawn page, or the failure to remember (a busy worker is not: the next view tries again). */
type Drawn = DrawnPage | PdfDrawFailure;
/** A drawn page: the PNG, its size, and the picture's file name (the PDF's, as a page of it). */
interface DrawnPage {
  png: Buffer;
  pixels: Pixels;
  name: string;
}

/**
 * The proofs as pictures, for the customer's page and the desk alike: an image proof is shown as it is, a
 * PDF proof by its first page, drawn on the server once per version (a sent version never changes) and
 * kept in a bounded cache. A PDF that cannot be drawn has no picture: the pages then offer it to open and
 * take notes by "where", as for any file without one; the operator's log says why, once per version.
 */
export function proofPictures(versions: Pick<VersionStore, 'getProofFile'>, log: Pick<Logger, 'warn'>) {
  const drawn = new LRUCache<string, DrawnPage>({
    maxSize: MAX_DRAWN_BYTES,
    sizeCalculation: (page) => page.png.length,
  });
  const failed = new LRUCache<string, PdfDrawFailure>({ max: MAX_FAILURES });
  // Two views of a new proof at once draw it once.
  const drawing = new Map<string, Promise<Drawn>>();

  /** Draws a PDF's first page; a failure is logged with its reason, for the operator. */
  async function drawOf(pdf: StoredFile, proof: string): Promise<Drawn> {
    const page = await drawPdfFirstPage(pdf.data);
    if (!page.ok) {
      log.warn(
        { proof, reason: page.reason, detail: page.detail },
        "a PDF proof's first page could not be drawn: its notes take a place in words",
      );
      return page;
    }
    return {
      png: Buffer.from(page.png),
      pixels: { width: page.width, height: page.height },
      name: `${pdf.name.replace(/\.pdf$/i, '')}-page-1.png`,
    };
  }

  /** Keeps a version's page, or its failure (but not a busy worker's: the next view tries again). */
  function keep(key: string, page: Drawn): void {
    if (!('ok' in page)) drawn.set(key, page);
    else if (page.reason !== 'busy') failed.set(key, page);
  }

  async function draw(key: string, pdf: StoredFile): Promise<Drawn> {
    const page = await drawOf(pdf, key);
    keep(key, page);
    return page;
  }

  async function drawnPage(key: string, pdf: StoredFile): Promise<Drawn> {
    let pending = drawing.get(key);
    if (!pending) {
      pending = draw(key, pdf).finally(() => drawing.delete(key));
      drawing.set(key, pending);
    }
    return pending;
  }

  return {
    /** The proof version as a picture, or undefined when there is none to show (no such proof, or not drawn). */
    async pictureOf(reference: string, version: number): Promise<ProofPicture | undefined> {
      const key = `${reference}/${version}`;
      // A PDF seen before: its page (or its failure) without reading the file again.
      const known = drawn.get(key) ?? failed.get(key);
      if (known) return pictureOfPage(known);
      const file = await versions.getProofFile(reference, version);
      if (!file) return undefined;
      if (isPreviewable(file.mediaType, 'proof')) {
        const pixels = imagePixels(file.data, file.mediaType);
        return { file, ...(pixels ? { pixels } : {}), fromPdf: false };
      }
      if (file.mediaType !== 'application/pdf') return undefined;
      return pictureOfPage(await drawnPage(key, file));
    },

    /**
     * A PDF the desk is sending, drawn before it is stored: one that asks for a password, or that pdf.js
     * cannot read, is refused (the customer could not open it either). Any other is sent; its page (or, for
     * one too slow to draw, its failure) is kept for the version it becomes, so its first view draws nothing.
     */
    async readPdf(
      reference: string,
      pdf: StoredFile,
    ): Promise<{ refused?: 'password' | 'damaged'; keepAs(version: number): void }> {
      const page = await drawOf(pdf, `${reference}/next`);
      const refused =
        'ok' in page && (page.reason === 'password' || page.reason === 'damaged') ? page.reason : undefined;
      return {
        ...(refused ? { refused } : {}),
        keepAs: (version) => keep(`${reference}/${version}`, page),
      };
    },
  };
}

/** A PDF's drawn first page as the proof's picture; none when it could not be drawn. */
function pictureOfPage(page: Drawn): ProofPicture | undefined {
  if ('ok' in page) return undefined;
  return {
    file: { name: page.name, mediaType: 'image/png', size: page.png.length, data: page.png },
    pixels: page.pixels,
    fromPdf: true,
  };
}

/** The proofs as pictures, shared by the routes that show them. */
export type ProofPictures = ReturnType<typeof proofPictures>;
