import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumForThisFile } from '#tests/support/browser-page.ts';
import {
  axeViolations,
  chooseArtwork,
  deskServerForThisFile,
  mailWith,
  signInToDesk,
  watchedPage,
} from '#tests/support/browser-session.ts';
import { randomPng } from '#tests/support/random-png.ts';

const shots = 'reports/screenshots';

async function screenshots(page: Page, name: string) {
  await mkdir(shots, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
}

/** Nothing wider than the phone's screen: no sideways scrolling. */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

interface Member {
  name: string;
  email: string;
  size: string;
  quantity?: number;
  back: string;
  number: string;
}

/** One member joins at the share link on their phone, and lands on their own entry's page. */
async function join(browser: Browser, share: string, member: Member, javaScript = true): Promise<string> {
  const context = await browser.newContext({ javaScriptEnabled: javaScript, viewport: { width: 390, height: 900 } });
  const page = await context.newPage();
  try {
    await page.goto(share);
    await page.getByLabel('Your name').fill(member.name);
    await page.getByLabel('Your e-mail').fill(member.email);
    await page.getByRole('radio', { name: member.size, exact: true }).check();
    if (member.quantity) await page.getByLabel('How many').fill(String(member.quantity));
    await page.getByLabel('Name on the back').fill(member.back);
    await page.getByLabel('Number').fill(member.number);
    await page.getByRole('button', { name: 'Add me to the list' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('You are on the list');
    return page.url();
  } finally {
    await context.close();
  }
}

// A team's shirts collected through one link, in Chromium against the production build: the organiser
// asks for a quote saying they will collect sizes, starts the group on their page, five members join
// (one without JavaScript), the organiser sees the tally and the next price break, one member changes
// their entry, the organiser closes the group, and the desk's quote starts from the roster.
describe('a group order from start to the desk’s quote', () => {
  const browser = chromiumForThisFile();
  const site = deskServerForThisFile();

  it('collects five people’s sizes, names and numbers into the request', async () => {
    const organiser = await watchedPage(browser(), 1280);
    const deskSide = await watchedPage(browser(), 1280);
    const page = organiser.page;
    try {
      await page.goto(`${site.url}/pricing?service=direct-to-garment&q=6&a1=medium&garment=comfort-colors-1717`);
      await page.getByLabel('Your name').fill('Pat Okafor');
      await page.getByLabel('E-mail').fill('pat@example.com');
      await page.getByLabel('Phone', { exact: true }).fill('(555) 010-0177');
      await page.getByRole('radio', { name: 'Pepper', exact: true }).check();
      await chooseArtwork(page, [{ name: 'hornets.png', mimeType: 'image/png', buffer: randomPng(64) }]);
      await page.getByRole('checkbox', { name: /I will collect sizes from my group/ }).check();
      await page.getByRole('button', { name: 'Send my quote request' }).click();
      const sent = page.getByTestId('form-sent');
      await expect
        .poll(async () => (await sent.isVisible()) || (await page.getByRole('alert').allTextContents()).join(' '), {
          timeout: 10_000,
        })
        .toBe(true);
      const reference = /Q-\d{4}-\d{6}/.exec((await sent.textContent()) ?? '')?.[0] ?? '';
      const path = (await sent.getByRole('link', { name: /\/requests\// }).getAttribute('href')) ?? '';
      expect(path).toMatch(/#group$/);
      // The mockup the server drew shows in the sent panel: its address is the page's, without #group.
      const thumbnail = sent.getByRole('img', { name: 'Your design on the garment, front' });
      await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(900);
      expect(await thumbnail.getAttribute('src')).not.toContain('#');

      // The private page opens at the group section: start the group.
      await page.goto(`${site.url}${path}`);
      await page.getByLabel('Title for the group').fill('Hornets U12 team shirts');
      await page.getByRole('checkbox', { name: 'A name for the back' }).check();
      await page.getByRole('checkbox', { name: 'A number for the back' }).check();
      await page.getByLabel(/Note to the group/).fill('Sizes run a little small: go up one if unsure.');
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Start the group and get the link' }).click();
      await expect.poll(() => page.getByRole('status').first().textContent()).toContain('Your group is open');
      const share = await page.getByLabel('Link to send your group').inputValue();
      expect(share).toMatch(/\/groups\/\d+\/[\w-]{43}$/);
      // The copy button comes with the script (a module, run once the page is parsed).
      await expect.poll(() => page.getByRole('button', { name: 'Copy link' }).isVisible()).toBe(true);
      const shareMail = await mailWith(site.smtp, /Send this link to everyone in your group/);
      expect(shareMail.text).toContain(share);

      // The member's page: phone first, the garment and the sizes, nothing of the organiser's request.
      const look = await watchedPage(browser(), 390);
      await look.page.goto(share);
      expect(await look.page.textContent('body')).not.toContain(reference);
      expect(await look.page.textContent('body')).not.toContain('pat@example.com');
      // The catalogue garment's own sizes (no XS on this one), with the larger sizes' upcharge beside them.
      expect(await look.page.getByRole('radio', { name: 'XS', exact: true }).count()).toBe(0);
      expect(await look.page.getByText(/^2XL\+\$\d+\.\d{2}$/).count()).toBe(1);
      expect(await axeViolations(look.page)).toEqual([]);
      expect(await overflow(look.page)).toBeLessThanOrEqual(0);
      await screenshots(look.page, 'group-member');
      await look.context.close();

      const members: Member[] = [
        { name: 'Ada Mensah', email: 'ada@example.com', size: 'S', back: 'Mensah', number: '4' },
        { name: 'Ben Ruiz', email: 'ben@example.com', size: 'M', back: 'Ruiz', number: '9' },
        { name: 'Cleo Park', email: 'cleo@example.com', size: 'M', back: 'Park', number: '11' },
        { name: 'Dev Shah', email: 'dev@example.com', size: 'L', quantity: 2, back: 'Shah', number: '23' },
      ];
      const own: string[] = [];
      for (const member of members) own.push(await join(browser(), share, member));
      // The fifth without JavaScript: the same plain form, posted by the browser itself.
      own.push(
        await join(
          browser(),
          share,
          { name: 'Eve Lund', email: 'eve@example.com', size: 'XL', back: 'Lund', number: '1' },
          false,
        ),
      );
      // No mail at joining: the address a member types is not theirs until proven; their page is their link.
      expect(site.smtp.received.some((mail) => mail.envelopeTo.includes('eve@example.com'))).toBe(false);

      // One member moves up a size from their own link.
      const ben = await watchedPage(browser(), 390);
      await ben.page.goto(own[1] ?? '');
      await ben.page.getByRole('radio', { name: 'L', exact: true }).check();
      await ben.page.getByRole('button', { name: 'Save my changes' }).click();
      await expect.poll(() => ben.page.getByRole('status').textContent()).toContain('Your entry is changed');
      expect(await axeViolations(ben.page)).toEqual([]);
      await screenshots(ben.page, 'group-member-entry');
      await ben.context.close();

      // The organiser's tally: six pieces, the totals per size and what the next price break saves.
      await page.goto(`${site.url}${path}`);
      const group = page.locator('#group');
      expect(await group.textContent()).toContain('6 pieces from 5 entries');
      expect(await page.getByRole('list', { name: 'Pieces per size' }).textContent()).toBe('S 1M 1L 3XL 1');
      expect(await page.locator('[data-tier]').textContent()).toMatch(
        /^\d+ more for the next price break: \$\d+\.\d{2} less each$/,
      );
      expect(await axeViolations(page)).toEqual([]);

      // A grandparent without e-mail, added by hand: name, size, back; no address asked.
      await page.getByText('Add someone by hand').click();
      expect(await page.locator('#add-email').count()).toBe(0);
      const longName = 'Bartholomew Featherstonehaughworthingtonshire';
      await page.getByLabel('Their name').fill(longName);
      await page
        .locator('#group form')
        .filter({ hasText: 'Add to the list' })
        .getByRole('radio', { name: 'M', exact: true })
        .check();
      await page.getByLabel('Name on the back').fill('Grandpa');
      await page.getByRole('button', { name: 'Add to the list' }).click();
      await expect.poll(() => page.getByRole('status').first().textContent()).toContain('The entry is added');
      expect(await group.textContent()).toContain('7 pieces from 6 entries');
      expect(await page.locator(`[data-entry="${longName}"]`).textContent()).toContain('Added by you');

      // On a phone the long name wraps between its words, each word on one line: the one too long for
      // the column is cut with an ellipsis, never broken in the middle, and nothing scrolls sideways.
      await screenshots(page, 'group-organiser');
      await page.locator('#group').screenshot({ path: `${shots}/group-roster-390.png` });
      const words = page.locator(`[data-entry="${longName}"] [data-word]`);
      const boxes = await words.evaluateAll((spans) =>
        spans.map((span) => ({
          lines: span.getClientRects().length,
          height: span.getBoundingClientRect().height,
          lineHeight: Number.parseFloat(getComputedStyle(span).lineHeight),
          cut: span.scrollWidth > span.clientWidth,
        })),
      );
      expect(boxes).toHaveLength(2);
      for (const box of boxes) {
        expect(box.lines).toBe(1);
        expect(box.height).toBeLessThanOrEqual(box.lineHeight + 1);
      }
      expect(boxes[1]?.cut).toBe(true);
      expect(await page.locator(`[data-entry="${longName}"] [data-name]`).getAttribute('title')).toBe(longName);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      const table = await page.locator('#group table').evaluate((element) => {
        const wrapper = element.parentElement;
        return wrapper ? wrapper.scrollWidth - wrapper.clientWidth : 0;
      });
      expect(table).toBeLessThanOrEqual(0);

      // Closing asks for the tick first: the button alone sends nothing (the box is required).
      await page.getByRole('button', { name: 'Close the group now' }).click();
      expect(
        await page
          .getByRole('checkbox', { name: 'Everyone is in: close the group' })
          .evaluate((box) => (box as HTMLInputElement).validity.valueMissing),
      ).toBe(true);
      expect(await group.textContent()).not.toContain('The group is closed');
      await page.getByRole('checkbox', { name: 'Everyone is in: close the group' }).check();
      await page.getByRole('button', { name: 'Close the group now' }).click();
      await expect.poll(() => page.getByRole('status').first().textContent()).toContain('The group is closed');
      // Closed: the list is the order, so no price break is held out any more.
      expect(await page.locator('[data-tier]').count()).toBe(0);
      expect(await group.textContent()).not.toContain('price break');
      expect(await axeViolations(page)).toEqual([]);
      await screenshots(page, 'group-organiser-closed');
      await page.locator('#group').screenshot({ path: `${shots}/group-closed-390.png` });

      // The desk: the roster on the request, and the quote starts from its six pieces.
      await deskSide.page.goto(`${site.url}/staff/sign-in`);
      await signInToDesk(deskSide.page, site.smtp, site.staff);
      await deskSide.page.goto(`${site.url}/staff/requests/${reference}`);
      const deskText = (await deskSide.page.textContent('body')) ?? '';
      expect(deskText).toContain('Group order: Hornets U12 team shirts');
      expect(deskText).toContain('7 pieces from 6 people: S 1, M 2, L 3, XL 1');
      expect(deskText).toContain('Closed the group order: 7 pieces');
      // The request's estimate is the roster's, priced as the quote form prices it.
      expect(deskText).toMatch(
        /The website’s estimate for the group’s sizes[\s\S]*Total\$[\d,.]+7 pieces: (about )?\$[\d.]+ per piece/,
      );
      expect(await axeViolations(deskSide.page)).toEqual([]);
      await deskSide.page.goto(`${site.url}/staff/requests/${reference}/quote`);
      const quantities = await deskSide.page
        .locator('input[name^="quantity."]')
        .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
      expect(quantities).toContain('7');
      await deskSide.page.goto(`${site.url}/staff/requests/${reference}/group/packing`);
      const sheet = (await deskSide.page.locator('tbody').textContent()) ?? '';
      expect(sheet.indexOf('Ada Mensah')).toBeLessThan(sheet.indexOf('Ben Ruiz'));
      expect(sheet.indexOf('Dev Shah')).toBeLessThan(sheet.indexOf('Eve Lund'));
      await screenshots(deskSide.page, 'group-packing');
      expect(organiser.problems).toEqual([]);
    } finally {
      await organiser.context.close();
      await deskSide.context.close();
    }
  }, 180_000);
});
