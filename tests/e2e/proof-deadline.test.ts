import { mkdtempSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createFeatureStores } from '#server/feature-stores.ts';
import { reminderJob } from '#server/jobs/reminder-job.ts';
import { loadSiteDataFiles } from '#server/pages/site-data-files.ts';
import { readCapacityDefaults } from '#server/production/capacity-defaults.ts';
import { createProductionPlanner } from '#server/production/production-planner.ts';
import { requestLinks } from '#server/requests/request-links.ts';
import { createRequestService } from '#server/requests/request-service.ts';
import { openDatabase } from '#server/storage/open-database.ts';
import { formatFullCalendarDate } from '#shared/pricing/calendar-date.ts';
import { chromiumForThisFile } from '#tests/support/browser-page.ts';
import {
  axeViolations,
  deskServerForThisFile,
  mailWith,
  signInToDesk,
  watchedPage,
} from '#tests/support/browser-session.ts';
import { memoryLogger } from '#tests/support/memory-logger.ts';
import { proofWaiting } from '#tests/support/proof-waiting.ts';
import { TEST_SERVER_CSRF_SECRET } from '#tests/support/server-process.ts';

const shots = process.env.PROOF_ROOM_SHOTS ?? 'reports/screenshots';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The next weekday after `from`, 10 am in Chicago (16:00 UTC, or 15:00 in summer: still working hours). */
function nextWorkingMorning(from: Date): Date {
  let day = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + 1, 16));
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day = new Date(day.getTime() + DAY_MS);
  return day;
}

// A proof whose approval deadline has passed, against the production build: the hourly reminder job,
// run here on the server's own database with a clock the test holds, moves the promised date on the
// load, the customer gets one mail with the new date (two instances running the job at once), their
// page counts to the new date before they approve, the desk's inbox flags the request and the board
// shows the order on its new day.
describe('a missed approval deadline moves the date and tells the customer once', () => {
  const browser = chromiumForThisFile();
  const databaseDir = mkdtempSync(join(tmpdir(), 'seenwear-data-'));
  const site = deskServerForThisFile(() => ({ DATABASE_DIR: databaseDir }));

  async function screenshots(page: Page, name: string) {
    await mkdir(shots, { recursive: true });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
    }
  }

  it('moves the date, sends one mail, and shows the new date on both sides', async () => {
    // The server's own database, as a second instance would open it; its clock is the real one, so
    // the mails queued are due at once for the server's outbox worker.
    const database = await openDatabase({ databaseDir });
    const stores = createFeatureStores(database);
    const customerSide = await watchedPage(browser(), 1280);
    const deskSide = await watchedPage(browser(), 1280);
    const page = customerSide.page;
    const shop = deskSide.page;
    try {
      const siteData = await loadSiteDataFiles('data');
      const terms = siteData.data['order-terms'];
      // In hands today: whatever the load, the deadline to keep it has passed.
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: terms.timeZone }).format(new Date());
      const reference = await proofWaiting(stores, today, { side: 40 });
      // On the board on the day it was wanted, as its quote's approval would have booked it.
      expect(
        await stores.production.movePressDate(reference, {
          date: today,
          service: 'screen-printing',
          pieces: 48,
          actor: 'staff:owner@seenwear.example',
        }),
      ).toBe('moved');
      const path = await requestLinks(stores.customer, TEST_SERVER_CSRF_SECRET).pathFor(reference);

      // The job's hour: the next working morning, on the load as the board reads it.
      const now = () => nextWorkingMorning(new Date());
      const planner = createProductionPlanner({
        production: stores.production,
        site: () => siteData.data,
        now,
        defaults: readCapacityDefaults(),
      });
      const requests = createRequestService({ ...stores, now, planner, site: () => siteData.data });
      const run = () =>
        reminderJob({
          ...stores,
          logger: memoryLogger().logger,
          timeZone: terms.timeZone,
          now,
          proofs: {
            waiting: () => stores.versions.proofsWaiting(),
            deadline: (ref, target) => requests.approvalDeadline(ref, target),
            calendar: () => terms,
            handoverOf: async () => 'pickup',
            // As the composition hands it (server/index.ts): the approval's booking, from the planner.
            bookingFor: async (ref) => {
              const values = await stores.versions.formValuesOf(ref);
              return values && (await planner.bookingFor(values));
            },
            moved: () => planner.invalidate(),
          },
        }).run(new AbortController().signal);
      const missed = await requests.approvalDeadline(reference, today);
      if (!missed || !('late' in missed)) throw new Error(`expected the date missed, got ${JSON.stringify(missed)}`);
      const newDate = formatFullCalendarDate(missed.earliest);

      // Two instances at once, then the next hour's run: one mail.
      await Promise.all([run(), run()]);
      await run();
      const mail = await mailWith(site.smtp, /Your new date: /);
      expect(mail.text).toContain(reference);
      // The outbox worker looks every 5 seconds: give a second mail the time to go, were one queued.
      await new Promise((resolve) => setTimeout(resolve, 6000));
      expect(site.smtp.received.filter((item) => /Your new date: /.test(item.text))).toHaveLength(1);

      // The customer's page counts to the new date before they approve.
      await page.goto(`${site.url}${path}`);
      expect(await page.getByText(new RegExp(`to keep ${newDate}\\.`)).count()).toBeGreaterThan(0);
      expect(await axeViolations(page)).toEqual([]);
      await screenshots(page, 'customer-proof-date-moved');

      // The desk's inbox flags it, old date and new.
      await shop.goto(`${site.url}/staff/sign-in`);
      await signInToDesk(shop, site.smtp, site.staff);
      const flag = shop.getByText(
        `approval deadline missed: new date ${newDate} (was ${formatFullCalendarDate(today)})`,
      );
      expect(await flag.count()).toBe(1);
      expect(await axeViolations(shop)).toEqual([]);
      await screenshots(shop, 'inbox-date-moved');

      // The board shows the order on its new day, and nowhere else.
      await shop.setViewportSize({ width: 1280, height: 900 });
      await shop.goto(`${site.url}/staff/board?from=${missed.earliest}`);
      const cards = shop.locator(`article[data-reference="${reference}"]`);
      expect(await cards.count()).toBe(1);
      expect(await cards.evaluate((card) => card.closest('[data-day]')?.getAttribute('data-day'))).toBe(
        missed.earliest,
      );
      expect(await cards.isVisible()).toBe(true);
      expect(await axeViolations(shop)).toEqual([]);
      await screenshots(shop, 'board-date-moved');
      expect(customerSide.problems).toEqual([]);
      expect(deskSide.problems).toEqual([]);
    } finally {
      await customerSide.context.close();
      await deskSide.context.close();
      await database.close();
    }
  });
});
