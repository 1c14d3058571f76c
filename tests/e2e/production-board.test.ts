import { mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '#shared/csrf-contract.ts';
import { chromiumForThisFile } from '#tests/support/browser-page.ts';
import { axeViolations, deskServerForThisFile, signInToDesk, watchedPage } from '#tests/support/browser-session.ts';
import { liveVisitorSession, quoteFormData } from '#tests/support/quote-post.ts';
import { randomPng } from '#tests/support/random-png.ts';

const shots = 'reports/screenshots';

/** The pages of a PDF as Chromium writes it: one page object each. */
const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g)?.length ?? 0;

// The production board, the capacity and a work order in Chromium, against the production build.
describe('the production board in a browser', () => {
  const browser = chromiumForThisFile();
  const site = deskServerForThisFile();

  it('books an approved order, shows it on the board, and prints its work order on one page', async () => {
    await mkdir(shots, { recursive: true });
    const session = await liveVisitorSession(site.url);
    const posted = await fetch(`${site.url}/api/quotes`, {
      method: 'POST',
      headers: { Cookie: session.cookie, [CSRF_HEADER]: session.token, Accept: 'application/json' },
      body: quoteFormData({
        name: 'Dana Whitfield',
        email: 'dana@example.com',
        comments: 'Fold the shirts in packs of ten, please.',
        file: randomPng(64),
        fileName: 'logo.png',
      }),
    });
    expect(posted.status).toBe(201);
    const { reference } = (await posted.json()) as { reference: string };

    const { page, context, problems } = await watchedPage(browser(), 1280);
    try {
      await page.goto(`${site.url}/staff/requests/${reference}`);
      await signInToDesk(page, site.smtp, site.staff);
      await page.goto(`${site.url}/staff/requests/${reference}`);
      await page.getByRole('link', { name: 'Write a quote' }).click();
      await page.getByRole('button', { name: /^Send quote v1/ }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toBe('Quote sent to the customer.');
      await page.getByLabel('Move to').selectOption('approved');
      await page.getByRole('button', { name: 'Change status' }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toBe('Status changed.');
      await page
        .getByLabel(/Proof file/)
        .setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: randomPng(240) });
      await page.getByLabel('Width in inches').fill('11.5');
      await page.getByLabel('Height in inches').fill('4');
      await page.getByRole('button', { name: 'Send proof' }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toBe('Proof sent to the customer.');
      // Approved at the counter: the order is booked on the press.
      await page.getByLabel('Move to').selectOption('proof_approved');
      await page.getByRole('button', { name: 'Change status' }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toBe('Status changed.');

      await page.goto(`${site.url}/staff/board`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Production board');
      const card = page.locator(`#order-${reference}`);
      expect(await card.count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${shots}/production-board-1280.png`, fullPage: true });
      // The desk's grid: every working day, and no week summed up in words.
      const days = page.locator('section[data-day]');
      const weekNotes = page.getByText(/^No work (on|from) /);
      const visibleDays = () =>
        days.evaluateAll((sections) => sections.filter((section) => section.checkVisibility()).length);
      expect(await days.count()).toBe(15);
      expect(await visibleDays()).toBe(15);
      expect(await weekNotes.evaluateAll((notes) => notes.filter((note) => note.checkVisibility()).length)).toBe(0);

      await page.setViewportSize({ width: 390, height: 900 });
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${shots}/production-board-390.png`, fullPage: true });
      // A phone lists only the days with work: an order on it, or pieces planned on the press.
      const withWork = await days.evaluateAll((sections) =>
        sections
          .filter(
            (section) =>
              section.querySelector('article') !== null ||
              [...section.querySelectorAll('span')].some((span) => /^[1-9]\d* \//.test(span.textContent ?? '')),
          )
          .map((section) => section.getAttribute('data-day')),
      );
      const shown = await days.evaluateAll((sections) =>
        sections.filter((section) => section.checkVisibility()).map((section) => section.getAttribute('data-day')),
      );
      expect(shown).toEqual(withWork);
      expect(shown).toContain(await card.getByLabel('Move press day to').inputValue());
      expect(shown.length).toBeLessThan(15);
      // One order fills at most two of the board's three or four calendar weeks: the others say so in words.
      const notes = await weekNotes.evaluateAll((found) =>
        found.filter((note) => note.checkVisibility()).map((note) => note.textContent),
      );
      expect(notes.length).toBeGreaterThanOrEqual(1);
      for (const note of notes) expect(note).toMatch(/^No work (on|from) [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{4}/);

      // Moved with the date field, without any script.
      const pressDay = await card.getByLabel('Move press day to').inputValue();
      const later = new Date(`${pressDay}T00:00:00Z`);
      later.setUTCDate(later.getUTCDate() + (later.getUTCDay() === 5 ? 3 : 1));
      const next = later.toISOString().slice(0, 10);
      await card.getByLabel('Move press day to').fill(next);
      await card.getByRole('button', { name: 'Move' }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toContain('Press day moved');
      expect(await page.locator(`#order-${reference}`).getByLabel('Move press day to').inputValue()).toBe(next);

      // Dragged to another day (the script on top of the form), at the desk's width.
      await page.setViewportSize({ width: 1280, height: 900 });
      const target = await page.locator('section[data-day]').nth(2).getAttribute('data-day');
      await page.locator(`#order-${reference}`).dragTo(page.locator(`section[data-day="${target}"]`));
      await expect.poll(() => page.getByRole('status').textContent()).toContain('Press day moved');
      expect(await page.locator(`#order-${reference}`).getByLabel('Move press day to').inputValue()).toBe(target);
      expect(await page.locator(`section[data-day="${target}"] #order-${reference}`).count()).toBe(1);

      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${site.url}/staff/capacity`);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${shots}/capacity-1280.png`, fullPage: true });

      // A press that can do one piece a day: the calculator's date moves out, in the page itself.
      const calculator = `${site.url}/pricing/printing?q=48&c1=2`;
      const inHands = (text: string) => /in your hands by ([^.<]+)\./.exec(text)?.[1];
      const before = inHands(await (await fetch(calculator)).text());
      expect(before).toBeDefined();
      await page.getByLabel('Screen printing', { exact: true }).fill('1');
      await page.getByRole('button', { name: 'Save capacity' }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toContain('Capacity saved');
      // As cached and sent, before any script: the date the loaded press allows.
      const loaded = inHands(await (await fetch(calculator)).text());
      // (A date in another year names it.)
      expect(loaded).toMatch(/^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}(, \d{4})?$/);
      expect(loaded).not.toBe(before);
      const noScript = await browser().newContext({ javaScriptEnabled: false });
      try {
        const plain = await noScript.newPage();
        await plain.goto(calculator);
        expect(inHands((await plain.getByTestId('schedule').textContent()) ?? '')).toBe(loaded);
        // The calculator's form answered without JavaScript: the same pieces on their own garments, same date.
        await plain.getByLabel('Garment', { exact: true }).selectOption('own');
        await plain.getByRole('button', { name: 'Update the price' }).click();
        expect(new URL(plain.url()).searchParams.get('garment')).toBe('own');
        expect(inHands((await plain.getByTestId('schedule').textContent()) ?? '')).toBe(loaded);
      } finally {
        await noScript.close();
      }
      // With JavaScript: the same date before the first touch, and once it has hydrated the calculator.
      await page.goto(calculator);
      const schedule = page.getByTestId('schedule');
      expect(inHands((await schedule.textContent()) ?? '')).toBe(loaded);
      const asked = page.waitForResponse((response) => response.url().includes('/api/dates?'));
      await page.getByLabel('Quantity').focus();
      expect((await asked).headers()['cache-control']).toBe('no-store');
      await expect.poll(() => page.locator('[data-island]:has(#field-q)').getAttribute('data-island')).toBe('hydrated');
      expect(inHands((await schedule.textContent()) ?? '')).toBe(loaded);
      await page.goto(`${site.url}/staff/capacity`);

      await page.goto(`${site.url}/staff/requests/${reference}/work-order`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`Work order ${reference}`);
      const proof = page.getByRole('img', { name: /^Proof v1/ });
      await expect.poll(() => proof.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(240);
      expect(await page.getByText('Fold the shirts in packs of ten, please.').count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${shots}/work-order-1280.png`, fullPage: true });
      // Chromium's print: Letter paper, as a shop's printer has it. One sheet, the desk's header left out.
      await page.emulateMedia({ media: 'print' });
      expect(await page.getByRole('link', { name: 'Inbox' }).isVisible()).toBe(false);
      await page.setViewportSize({ width: 816, height: 1056 });
      await page.screenshot({ path: `${shots}/work-order-print.png`, fullPage: true });
      const pdf = await page.pdf({ format: 'Letter', path: 'reports/work-order.pdf' });
      expect(pageCount(pdf)).toBe(1);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
