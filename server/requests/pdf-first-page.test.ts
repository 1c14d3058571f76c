import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { squarePdf } from '#tests/support/square-pdf.ts';
import { closePdfDrawing, drawPdfFirstPage } from './pdf-first-page.ts';

afterAll(closePdfDrawing);

/** The colour at a pixel of a PNG, as [r, g, b]. */
async function pixelAt(png: Uint8Array, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at] ?? -1, data[at + 1] ?? -1, data[at + 2] ?? -1];
}

/** Near enough: anti-aliasing and colour conversion move a channel by a few steps. */
const near = (actual: number[], expected: number[]) =>
  expect(
    actual.every((value, index) => Math.abs(value - (expected[index] ?? 0)) <= 6),
    `${actual} ≈ ${expected}`,
  ).toBe(true);

describe("a PDF proof's first page, drawn on the server", () => {
  it('draws the page at 1600 px on its long side, each square where the PDF put it, on white', async () => {
    // 400 × 200 points: drawn at 4 px a point.
    const pdf = await squarePdf({
      squares: [
        { x: 300, y: 50, size: 50, color: '#d00000' },
        { x: 40, y: 120, size: 40, color: '#1d4ed8' },
      ],
    });
    const drawn = await drawPdfFirstPage(pdf);
    if (!drawn.ok) throw new Error(`not drawn: ${drawn.reason} ${drawn.detail}`);
    expect([drawn.width, drawn.height]).toEqual([1600, 800]);
    expect(await sharp(drawn.png).metadata()).toMatchObject({ format: 'png', width: 1600, height: 800 });
    near(await pixelAt(drawn.png, 325 * 4, 75 * 4), [0xd0, 0, 0]);
    near(await pixelAt(drawn.png, 60 * 4, 140 * 4), [0x1d, 0x4e, 0xd8]);
    // Just outside the red square, and the page's far corner: paper.
    near(await pixelAt(drawn.png, 295 * 4, 75 * 4), [255, 255, 255]);
    near(await pixelAt(drawn.png, 1599, 799), [255, 255, 255]);
  });

  it('gives a tall page its 1600 px on the height, and draws only the first of several pages', async () => {
    const pdf = await squarePdf({ width: 200, height: 400, squares: [{ x: 0, y: 360, size: 40, color: '#00a000' }] });
    const drawn = await drawPdfFirstPage(pdf, { longSide: 800 });
    if (!drawn.ok) throw new Error(`not drawn: ${drawn.reason}`);
    expect([drawn.width, drawn.height]).toEqual([400, 800]);
    near(await pixelAt(drawn.png, 10, 790), [0, 0xa0, 0]);
  });

  it('says a PDF that asks for a password is locked, and bytes that are no PDF are damaged', async () => {
    const locked = await drawPdfFirstPage(await squarePdf({ userPassword: 'secret' }));
    expect(locked).toMatchObject({ ok: false, reason: 'password' });
    const junk = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\nnothing here\n%%EOF\n');
    expect(await drawPdfFirstPage(junk)).toMatchObject({ ok: false, reason: 'damaged' });
    expect(await drawPdfFirstPage(Buffer.alloc(0))).toMatchObject({ ok: false, reason: 'damaged' });
  });

  it('stops a page that takes too long, and draws the next PDF on a fresh worker', async () => {
    const pdf = await squarePdf();
    expect(await drawPdfFirstPage(pdf, { timeLimitMs: 1 })).toMatchObject({ ok: false, reason: 'too-slow' });
    const next = await drawPdfFirstPage(pdf);
    expect(next.ok).toBe(true);
  });
});
