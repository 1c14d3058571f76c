import sharp from '#server/studio/bounded-sharp.ts';
import { escapeHtml } from '#shared/escape-html.ts';
import { placements } from '#shared/submissions/quote-fields.ts';
import type { StoredMockup } from './mockup-store.ts';
import { MOCKUP_SCALE } from './render-mockups.ts';

/**
 * "Use as proof": the request's mockups side by side with what the press needs stamped under them: the
 * reference, the garment and its colour (with its swatch value), each print's size in inches and its ink
 * colours. The customer approves exactly this sheet.
 */

const PANEL_WIDTH = Math.round(600 * MOCKUP_SCALE);
const PANEL_HEIGHT = Math.round(700 * MOCKUP_SCALE);
const LINE = 34;

const placementName = (value: string) =>
  Object.hasOwn(placements, value) ? placements[value as keyof typeof placements] : value;

/** The stamped lines: the reference, the garment and its colour, then one per print (short enough for one panel). */
export function proofStampLines(
  reference: string,
  mockups: readonly StoredMockup[],
  inkColors: (row: number) => string | undefined,
): string[] {
  const first = mockups[0]?.details;
  if (!first) return [];
  const prints = mockups.flatMap((mockup) =>
    mockup.details.placements.map((placed) => {
      const inks = inkColors(placed.row);
      return `${placementName(placed.placement)}: ${placed.widthInches} × ${placed.heightInches} in${inks ? `, ${inks}` : ''}`;
    }),
  );
  return [`Proof for ${reference}`, `${first.garmentName}, ${first.color} (${first.hex})`, ...prints];
}

/** The proof sheet as a PNG. */
export async function proofSheet(mockups: readonly StoredMockup[], lines: readonly string[]): Promise<Buffer> {
  const width = PANEL_WIDTH * Math.max(1, mockups.length);
  const stampHeight = 24 + LINE * lines.length;
  const stamp = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${stampHeight}"><rect width="100%" height="100%" fill="#ffffff"/>${lines
    .map(
      (line, index) =>
        `<text x="24" y="${LINE * (index + 1)}" font-family="sans-serif" font-size="${index === 0 ? 24 : 22}" font-weight="${index === 0 ? 700 : 400}" fill="#1c1917">${escapeHtml(line)}</text>`,
    )
    .join('')}</svg>`;
  return sharp({
    create: { width, height: PANEL_HEIGHT + stampHeight, channels: 3, background: '#ffffff' },
  })
    .composite([
      ...mockups.map((mockup, index) => ({ input: mockup.data, left: index * PANEL_WIDTH, top: 0 })),
      { input: Buffer.from(stamp), left: 0, top: PANEL_HEIGHT },
    ])
    .png()
    .toBuffer();
}
