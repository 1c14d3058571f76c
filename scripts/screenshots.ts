/**
 * Screenshots of pages at phone, tablet, laptop and wide desktop widths, for looking at what we build:
 *   npm run screenshots -- http://localhost:3000 / /pricing
 * PNG files go to reports/screenshots/.
 */
import { mkdir } from 'node:fs/promises';
import { launchChromium } from '#tests/support/chromium.ts';

const [base = 'http://localhost:3000', ...paths] = process.argv.slice(2);
const widths = [390, 768, 1280, 1920];
await mkdir('reports/screenshots', { recursive: true });
const browser = await launchChromium();
try {
  for (const path of paths.length > 0 ? paths : ['/']) {
    for (const width of widths) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(new URL(path, base).href, { waitUntil: 'networkidle' });
      // Scroll through once, so lazy pictures below the fold load as they would for a reader.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
          window.scrollTo(0, y);
          await new Promise((resolve) => setTimeout(resolve, 120));
        }
        window.scrollTo(0, 0);
      });
      await page.waitForLoadState('networkidle');
      const name = `${path.replace(/[^a-z0-9]+/gi, '_') || 'home'}-${width}.png`;
      await page.screenshot({ path: `reports/screenshots/${name}`, fullPage: true });
      console.log(`reports/screenshots/${name}`);
      await context.close();
    }
  }
} finally {
  await browser.close();
}
