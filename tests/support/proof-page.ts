import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';

/** Where the proof room's screenshots go, to be looked at. */
const shots = process.env.PROOF_ROOM_SHOTS ?? 'reports/screenshots';

/** The whole page at each width, saved as `<name>-<width>.png`. */
export async function proofScreenshots(page: Page, name: string, widths = [1280, 390]): Promise<void> {
  await mkdir(shots, { recursive: true });
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
}

/** What the page's first status region says (the notice after a form of the proof room). */
export const notice = (page: Page) => page.getByRole('status').first().textContent();

/** The point of note `number` as the page drew it on the proof, as fractions of the picture. */
export function pinAt(page: Page, number: number): Promise<{ x: number; y: number }> {
  return page.locator(`[data-proof-area] [data-pin-mark="${number}"]`).evaluate((mark) => {
    const svg = mark.closest('svg') as SVGSVGElement;
    const [x = 0, y = 0] = (/translate\(([\d.]+) ([\d.]+)\)/.exec(mark.getAttribute('transform') ?? '') ?? [])
      .slice(1)
      .map(Number);
    return { x: x / svg.viewBox.baseVal.width, y: y / svg.viewBox.baseVal.height };
  });
}
