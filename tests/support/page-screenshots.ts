import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Where the browser tests' screenshots go, to be looked at. */
export const shots = process.env.SCREENSHOTS_DIR ?? 'reports/screenshots';

/**
 * The whole page at a desktop's width and a phone's, saved as `<name>-<width>.png`, and nothing on it wider
 * than the screen at either.
 */
export async function screenshotsAtBothWidths(page: Page, name: string): Promise<void> {
  await mkdir(shots, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
  }
}
