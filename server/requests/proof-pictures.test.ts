import { afterAll, describe, expect, it } from 'vitest';
import type { StoredFile } from '#server/submissions/submission-store.ts';
import { memoryLogger } from '#tests/support/memory-logger.ts';
import { minimalPdf } from '#tests/support/minimal-pdf.ts';
import { randomPng } from '#tests/support/random-png.ts';
import { squarePdf } from '#tests/support/square-pdf.ts';
import { closePdfDrawing } from './pdf-first-page.ts';
import { proofPictures } from './proof-pictures.ts';

afterAll(closePdfDrawing);

/** A version store holding the given proofs, counting how often a file is read. */
function storeOf(files: Record<string, StoredFile>) {
  const reads: string[] = [];
  return {
    reads,
    getProofFile: async (reference: string, version: number) => {
      reads.push(`${reference}/${version}`);
      return files[`${reference}/${version}`];
    },
  };
}

const pdfFile = (data: Buffer, name = 'front.pdf'): StoredFile => ({
  name,
  mediaType: 'application/pdf',
  size: data.length,
  data,
});

describe('the proofs as pictures', () => {
  it('draws a PDF proof once for views at once, then answers from memory without reading the file', async () => {
    const store = storeOf({ 'Q-1/1': pdfFile(await squarePdf()) });
    const { logger, lines } = memoryLogger();
    const pictures = proofPictures(store, logger);
    const [one, two] = await Promise.all([pictures.pictureOf('Q-1', 1), pictures.pictureOf('Q-1', 1)]);
    expect(one).toMatchObject({ fromPdf: true, pixels: { width: 1600, height: 800 } });
    expect(one?.file).toMatchObject({ name: 'front-page-1.png', mediaType: 'image/png' });
    // One drawing, shared: the very same bytes.
    expect(two?.file.data).toBe(one?.file.data);
    const readsBefore = store.reads.length;
    expect((await pictures.pictureOf('Q-1', 1))?.file.data).toBe(one?.file.data);
    expect(store.reads.length).toBe(readsBefore);
    expect(lines.filter((line) => line.level === 40)).toEqual([]);
  });

  it('shows an image proof as it is, and has no picture for a missing proof', async () => {
    const png = randomPng(20);
    const store = storeOf({ 'Q-2/1': { name: 'a.png', mediaType: 'image/png', size: png.length, data: png } });
    const pictures = proofPictures(store, memoryLogger().logger);
    const picture = await pictures.pictureOf('Q-2', 1);
    expect(picture).toMatchObject({ fromPdf: false, pixels: { width: 20, height: 20 } });
    expect(picture?.file.data).toBe(png);
    expect(await pictures.pictureOf('Q-2', 2)).toBeUndefined();
  });

  it('refuses a locked PDF as it is sent, and keeps the page of one it takes for the version it becomes', async () => {
    const store = storeOf({});
    const { logger, lines } = memoryLogger();
    const pictures = proofPictures(store, logger);
    const locked = await pictures.readPdf('Q-3', pdfFile(await squarePdf({ userPassword: 'press' })));
    expect(locked.refused).toBe('password');
    expect(lines.filter((line) => line.level === 40)).toEqual([
      expect.objectContaining({ proof: 'Q-3/next', reason: 'password' }),
    ]);
    const taken = await pictures.readPdf('Q-3', pdfFile(minimalPdf()));
    expect(taken.refused).toBeUndefined();
    taken.keepAs(1);
    // The store holds no file for it here: the page comes from what the upload drew.
    expect(await pictures.pictureOf('Q-3', 1)).toMatchObject({ fromPdf: true, pixels: { width: 1600, height: 1600 } });
    expect(store.reads).toEqual([]);
  });
});
