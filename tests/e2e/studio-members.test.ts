import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumForThisFile } from '#tests/support/browser-page.ts';
import { axeViolations, deskServerForThisFile, signInToDesk, watchedPage } from '#tests/support/browser-session.ts';

const shots = 'reports/screenshots';
const studio = '/pricing/studio?garment=gildan-5000&color=Navy&method=screen-printing&location=back&q=20';

const said = (page: Page) => page.getByTestId('studio-said').textContent();

async function typeInto(page: Page, label: string, text: string) {
  const field = page.getByLabel(label, { exact: true });
  await field.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** Nothing wider than the phone's screen: no sideways scrolling. */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

// A coach designs the team's back once in the studio, with a text for each player's name and one for
// their number; the quote becomes a group order, and a player who joins sees their own shirt.
describe('a team design with each member’s name and number', () => {
  const browser = chromiumForThisFile();
  const site = deskServerForThisFile();

  it('shows a member their own name and number on the back of the coach’s design', async () => {
    const coach = await watchedPage(browser(), 1280);
    const page = coach.page;
    await page.goto(`${site.url}${studio}`);
    await page.getByRole('heading', { name: 'Layers' }).waitFor();

    // The name: a sample that stands for each member's name, chosen by keyboard.
    await typeInto(page, 'Text to add', 'PLAYER');
    await page.keyboard.press('Enter');
    await expect.poll(() => said(page)).toMatch(/^Added text 'PLAYER'\./);
    await page.getByLabel('This text is', { exact: true }).focus();
    await page.getByLabel('This text is', { exact: true }).selectOption('member-name');
    await expect.poll(() => said(page)).toMatch(/^Shown as 'PLAYER' in the studio, text: each member’s name\./);
    await page.getByLabel('Ink', { exact: true }).selectOption('athletic-gold');
    await page.getByLabel('Arc', { exact: true }).first().selectOption('up');
    // The number, larger and lower, in the same ink.
    await typeInto(page, 'Text to add', '00');
    await page.keyboard.press('Enter');
    await expect.poll(() => said(page)).toMatch(/^Added text '00'\./);
    await page.getByLabel('This text is', { exact: true }).selectOption('member-number');
    await page.getByLabel('Ink', { exact: true }).selectOption('athletic-gold');
    await typeInto(page, 'Letter height (in)', '6');
    const layers = page.getByRole('list', { name: 'Layers' }).getByRole('button');
    const number = page.getByRole('button', { name: /^Text: each member’s number/ });
    await number.focus();
    for (let step = 0; step < 4; step += 1) await page.keyboard.press('Shift+ArrowDown');
    await expect
      .poll(() => layers.allTextContents())
      .toEqual([
        expect.stringMatching(/^Text: each member’s number, Athletic gold, [\d.]+ in wide$/),
        expect.stringMatching(/^Text: each member’s name, arc up 120°, Athletic gold, [\d.]+ in wide$/),
      ]);
    expect(await axeViolations(page)).toEqual([]);
    await mkdir(shots, { recursive: true });
    await page.screenshot({ path: `${shots}/studio-members-studio-1280.png`, fullPage: true });

    await page.getByRole('button', { name: 'Use this design' }).click();
    await page.waitForURL(/\/pricing\?/);
    await page.getByLabel('Your name').fill('Dana Whitfield');
    await page.getByLabel('E-mail').fill('coach@example.com');
    await page.getByLabel('Phone', { exact: true }).fill('(555) 010-0188');
    await page.getByRole('radio', { name: 'Navy', exact: true }).check();
    await page.getByRole('checkbox', { name: /I will collect sizes from my group/ }).check();
    await page.getByRole('button', { name: 'Send my quote request' }).click();
    const sent = page.getByTestId('form-sent');
    await expect
      .poll(async () => (await sent.isVisible()) || (await page.getByRole('alert').allTextContents()).join(' '), {
        timeout: 10_000,
      })
      .toBe(true);
    const path = (await sent.getByRole('link', { name: /\/requests\// }).getAttribute('href')) ?? '';
    const reference = /Q-\d{4}-\d{6}/.exec((await sent.textContent()) ?? '')?.[0] ?? '';
    expect(reference).not.toBe('');

    // The group, asking each member for a name and a number.
    await page.goto(`${site.url}${path}`);
    await page.getByLabel('Title for the group').fill('Hornets U12 team shirts');
    await page.getByRole('checkbox', { name: 'A name for the back' }).check();
    await page.getByRole('checkbox', { name: 'A number for the back' }).check();
    await page.getByRole('button', { name: 'Start the group and get the link' }).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain('Your group is open');
    const share = await page.getByLabel('Link to send your group').inputValue();
    expect(coach.problems).toEqual([]);
    await coach.context.close();

    // A player joins on their phone and lands on their own page with their own shirt.
    const player = await watchedPage(browser(), 390);
    await player.page.goto(share);
    await player.page.getByLabel('Your name').fill('Sam Smith');
    await player.page.getByLabel('Your e-mail').fill('sam@example.com');
    await player.page.getByRole('radio', { name: 'M', exact: true }).check();
    await player.page.getByLabel('Name on the back').fill('Smith');
    await player.page.getByLabel('Number').fill('23');
    await player.page.getByRole('button', { name: 'Add me to the list' }).click();
    await expect.poll(() => player.page.getByRole('status').textContent()).toContain('You are on the list');
    const back = player.page.getByRole('img', { name: 'Back of your shirt: SMITH, 23, in athletic gold' });
    await expect.poll(() => back.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(600);
    expect(await axeViolations(player.page)).toEqual([]);
    expect(await overflow(player.page)).toBeLessThanOrEqual(0);

    // A new number is drawn after saving.
    await player.page.getByLabel('Number').fill('24');
    await player.page.getByRole('button', { name: 'Save my changes' }).click();
    await expect.poll(() => player.page.getByRole('status').textContent()).toContain('Your entry is changed');
    const changed = player.page.getByRole('img', { name: 'Back of your shirt: SMITH, 24, in athletic gold' });
    await expect.poll(() => changed.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(600);

    for (const width of [390, 1280]) {
      await player.page.setViewportSize({ width, height: 900 });
      await player.page.screenshot({ path: `${shots}/studio-members-${width}.png`, fullPage: true });
    }
    expect(player.problems).toEqual([]);
    await player.context.close();

    // The press: the back's shared art is nothing but names and numbers, so the desk offers its names
    // sheet, a page for each player, and no film of the coach's samples.
    const desk = await watchedPage(browser(), 1280);
    await desk.page.goto(`${site.url}/staff/sign-in`);
    await signInToDesk(desk.page, site.smtp, site.staff);
    await desk.page.goto(`${site.url}/staff/requests/${reference}`);
    const section = desk.page.getByRole('region', { name: 'Studio design' });
    const names = section.getByRole('link', { name: 'Names and numbers (PDF, a page per member)' });
    expect(await names.count()).toBe(1);
    expect(await section.getByRole('link', { name: /Press file|Films/ }).count()).toBe(0);
    const sheet = await desk.page.request.get(`${site.url}${await names.getAttribute('href')}`);
    expect(sheet.status()).toBe(200);
    expect(sheet.headers()['content-type']).toBe('application/pdf');
    expect((await sheet.body()).toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
    expect(await axeViolations(desk.page)).toEqual([]);
    for (const width of [390, 1280]) {
      await desk.page.setViewportSize({ width, height: 900 });
      await section.screenshot({ path: `${shots}/studio-members-desk-${width}.png` });
    }
    expect(desk.problems).toEqual([]);
    await desk.context.close();
  });
});
