import { mkdtempSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createFeatureStores } from '#server/feature-stores.ts';
import { requestLinks } from '#server/requests/request-links.ts';
import { openDatabase } from '#server/storage/open-database.ts';
import { chromiumForThisFile } from '#tests/support/browser-page.ts';
import { axeViolations, deskServerForThisFile, watchedPage } from '#tests/support/browser-session.ts';
import { randomPng } from '#tests/support/random-png.ts';
import { TEST_SERVER_CSRF_SECRET } from '#tests/support/server-process.ts';

const shots = process.env.PROOF_ROOM_SHOTS ?? 'reports/screenshots';
const staff = 'staff:owner@seenwear.example' as const;

/** A plain picture of its own size: the two versions differ in shape, as a redrawn proof often does. */
function picture(width: number, height: number, red: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: red, g: 200, b: 220 } } })
    .png()
    .toBuffer();
}

/**
 * Where each pin of a version stands in the slider's box: its centre, and where its fractions of the
 * picture fall once the picture is fitted into the box (object-fit: contain), in CSS pixels.
 */
function pinsInSlider(page: Page, label: string, shape: { width: number; height: number }) {
  return page.evaluate(
    ({ label, shape }) => {
      const layer = document.querySelector(`[data-compare-slider-view] svg[data-compare-pins="${label}"]`);
      const box = layer?.parentElement?.getBoundingClientRect();
      if (!layer || !box) return [];
      const scale = Math.min(box.width / shape.width, box.height / shape.height);
      const picture = {
        left: box.left + (box.width - shape.width * scale) / 2,
        top: box.top + (box.height - shape.height * scale) / 2,
        width: shape.width * scale,
        height: shape.height * scale,
      };
      const divide =
        box.left + (box.width * Number(document.querySelector<HTMLInputElement>('input[type=range]')?.value)) / 100;
      return [...layer.querySelectorAll('g[data-pin-mark]')].map((mark) => {
        const circle = mark.querySelector('circle')?.getBoundingClientRect();
        const [x, y] = (mark.getAttribute('transform')?.match(/[\d.]+/g) ?? []).map(Number);
        return {
          number: Number(mark.getAttribute('data-pin-mark')),
          name: mark.getAttribute('aria-label'),
          x: circle ? circle.left + circle.width / 2 : Number.NaN,
          y: circle ? circle.top + circle.height / 2 : Number.NaN,
          wantX: picture.left + ((x ?? 0) / shape.width) * picture.width,
          wantY: picture.top + ((y ?? 0) / shape.height) * picture.height,
          leftOfDivide: circle ? circle.left + circle.width / 2 < divide : false,
          clip: (layer as SVGSVGElement).style.clipPath,
        };
      });
    },
    { label, shape },
  );
}

// Two versions compared on the customer's page: on a phone a slider over the two pictures, moved with
// the keyboard, and a button back to side by side; on a wide screen side by side first.
describe('comparing two proof versions with a slider', () => {
  const browser = chromiumForThisFile();
  const databaseDir = mkdtempSync(join(tmpdir(), 'seenwear-data-'));
  const site = deskServerForThisFile(() => ({ DATABASE_DIR: databaseDir }));

  it('slides on a phone, by the keyboard, and falls back to side by side', async () => {
    const database = await openDatabase({ databaseDir });
    const stores = createFeatureStores(database);
    const phone = await watchedPage(browser(), 390);
    const wide = await watchedPage(browser(), 1280);
    try {
      const { reference } = await stores.submissions.saveSubmission({
        kind: 'quote',
        name: 'Dana Whitfield',
        email: 'dana@example.com',
        payload: { name: 'Dana Whitfield', service: 'Screen printing', quantity: 48 },
        files: [],
      });
      for (const [version, from] of [
        [1, 'new'],
        [2, 'proof_sent'],
      ] as const) {
        const png = randomPng(60);
        await stores.versions.sendProof(
          reference,
          {
            file: { name: `front-${version}.png`, mediaType: 'image/png', size: png.length, data: png },
            widthInches: null,
            heightInches: null,
            notes: '',
          },
          { from, to: 'proof_sent', actor: staff, mail: (sent) => ({ kind: 'proof-sent', version: sent }) },
        );
      }
      const path = await requestLinks(stores.customer, TEST_SERVER_CSRF_SECRET).pathFor(reference);
      const { page } = phone;
      await page.goto(`${site.url}${path}#compare`);
      const range = page.getByLabel('Slide to compare: v1 on the left, v2 on the right');
      await expect.poll(() => range.isVisible()).toBe(true);
      expect(await page.getByTestId('proof-version-1').isVisible()).toBe(false);
      // The keyboard moves the divide: the newest picture is cut where it is.
      await range.focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      expect(await range.inputValue()).toBe('52');
      const clip = () =>
        page
          .locator('[data-compare-slider-view] img')
          .nth(1)
          .evaluate((img) => img.style.clipPath);
      expect(await clip()).toBe('inset(0px 0px 0px 52%)');
      await page.keyboard.press('End');
      expect(await clip()).toBe('inset(0px 0px 0px 100%)');
      await page.keyboard.press('Home');
      expect(await range.getAttribute('aria-valuetext')).toBe('0% v1, 100% v2');
      expect(await axeViolations(page)).toEqual([]);
      await mkdir(shots, { recursive: true });
      await page.keyboard.press('End');
      await page.keyboard.press('ArrowLeft');
      for (let step = 0; step < 48; step += 1) await page.keyboard.press('ArrowLeft');
      await page.screenshot({ path: `${shots}/compare-slider-390.png`, fullPage: true });
      // Back to side by side: both versions, marked.
      await page.getByRole('button', { name: 'Show side by side' }).click();
      expect(await page.getByTestId('proof-version-1').isVisible()).toBe(true);
      expect(await range.isVisible()).toBe(false);
      expect(await page.getByRole('button', { name: 'Compare with a slider' }).getAttribute('aria-pressed')).toBe(
        'false',
      );

      // A wide screen starts side by side, the slider a button away.
      await wide.page.goto(`${site.url}${path}#compare`);
      await expect.poll(() => wide.page.getByRole('button', { name: 'Compare with a slider' }).isVisible()).toBe(true);
      expect(await wide.page.getByTestId('proof-version-1').isVisible()).toBe(true);
      expect(await axeViolations(wide.page)).toEqual([]);
      await wide.page.screenshot({ path: `${shots}/compare-side-by-side-1280.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(phone.problems).toEqual([]);
      expect(wide.problems).toEqual([]);
    } finally {
      await phone.context.close();
      await wide.context.close();
      await database.close();
    }
  });

  it("shows each version's pins on its own side of the slider, on their points at every width", async () => {
    const database = await openDatabase({ databaseDir });
    const stores = createFeatureStores(database);
    const phone = await watchedPage(browser(), 390);
    const wide = await watchedPage(browser(), 1280);
    try {
      const { reference } = await stores.submissions.saveSubmission({
        kind: 'quote',
        name: 'Rosa Delgado',
        email: 'rosa@example.com',
        payload: { name: 'Rosa Delgado', service: 'Screen printing', quantity: 24 },
        files: [],
      });
      const shapes = { v1: { width: 240, height: 120 }, v2: { width: 120, height: 180 } };
      const send = async (version: 1 | 2, from: 'new' | 'proof_sent') => {
        const png = await picture(shapes[`v${version}`].width, shapes[`v${version}`].height, version * 100);
        await stores.versions.sendProof(
          reference,
          {
            file: { name: `chest-${version}.png`, mediaType: 'image/png', size: png.length, data: png },
            widthInches: null,
            heightInches: null,
            notes: '',
          },
          { from, to: 'proof_sent', actor: staff, mail: (sent) => ({ kind: 'proof-sent', version: sent }) },
        );
      };
      await send(1, 'new');
      await stores.versions.addPin(reference, 1, { x: 0.2, y: 0.3, place: '', text: 'Logo a bit bigger' }, 'customer');
      await stores.versions.addPin(
        reference,
        1,
        { x: 0.8, y: 0.75, place: '', text: 'Drop the <b>tagline</b>' },
        staff,
      );
      await send(2, 'proof_sent');
      await stores.versions.addPin(reference, 2, { x: 0.75, y: 0.25, place: '', text: 'Now too big' }, 'customer');
      await stores.versions.addPin(reference, 2, { x: 0.3, y: 0.9, place: '', text: 'Date under it' }, 'customer');
      const path = await requestLinks(stores.customer, TEST_SERVER_CSRF_SECRET).pathFor(reference);

      const { page } = phone;
      await page.goto(`${site.url}${path}#compare`);
      const range = page.getByLabel('Slide to compare: v1 on the left, v2 on the right');
      await expect.poll(() => range.isVisible()).toBe(true);
      // Named as the lists number them, with their words, for a screen reader.
      expect(await page.getByRole('img', { name: 'v1, note 1: Logo a bit bigger' }).count()).toBe(1);
      expect(await page.getByRole('img', { name: 'v1, note 2: Drop the <b>tagline</b>' }).count()).toBe(1);
      expect(await page.getByRole('img', { name: 'v2, note 3: Now too big' }).count()).toBe(1);
      expect(await page.getByRole('group', { name: 'Notes pinned on v2' }).isVisible()).toBe(true);

      const check = async (at: Page) => {
        const older = await pinsInSlider(at, 'v1', shapes.v1);
        const newer = await pinsInSlider(at, 'v2', shapes.v2);
        expect(older.map((pin) => pin.number)).toEqual([1, 2]);
        expect(newer.map((pin) => pin.number)).toEqual([3, 4]);
        for (const pin of [...older, ...newer]) {
          expect(Math.abs(pin.x - pin.wantX), `note ${pin.number} across`).toBeLessThan(1.5);
          expect(Math.abs(pin.y - pin.wantY), `note ${pin.number} down`).toBeLessThan(1.5);
        }
        return { older, newer };
      };
      // Half and half: v1's pins show left of the divide only, v2's right of it only.
      let { older, newer } = await check(page);
      expect(older[0]?.clip).toBe('inset(0px 50% 0px 0px)');
      expect(newer[0]?.clip).toBe('inset(0px 0px 0px 50%)');
      expect(older[0]?.leftOfDivide).toBe(true); // v1's note 1, shown
      expect(older[1]?.leftOfDivide).toBe(false); // v1's note 2, under v2's half: cut away
      expect(newer[0]?.leftOfDivide).toBe(false); // v2's note 3, shown
      expect(newer[1]?.leftOfDivide).toBe(true); // v2's note 4, under v1's half: cut away
      expect(await axeViolations(page)).toEqual([]);
      await mkdir(shots, { recursive: true });
      await page.screenshot({ path: `${shots}/compare-slider-pins-390.png`, fullPage: true });
      // All the way to v1: its every pin shows, none of v2's.
      await range.focus();
      await page.keyboard.press('End');
      ({ older, newer } = await check(page));
      expect(older[1]?.clip).toBe('inset(0px 0% 0px 0px)');
      expect(newer[0]?.clip).toBe('inset(0px 0px 0px 100%)');

      // A wide screen, on the slider: the same points, larger.
      await wide.page.goto(`${site.url}${path}#compare`);
      await wide.page.getByRole('button', { name: 'Compare with a slider' }).click();
      await check(wide.page);
      expect(await axeViolations(wide.page)).toEqual([]);
      await wide.page.getByRole('group', { name: 'Notes pinned on v1' }).scrollIntoViewIfNeeded();
      await wide.page.screenshot({ path: `${shots}/compare-slider-pins-1280.png` });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(phone.problems).toEqual([]);
      expect(wide.problems).toEqual([]);
    } finally {
      await phone.context.close();
      await wide.context.close();
      await database.close();
    }
  });
});
