import { describe, expect, inject, it } from 'vitest';
import { BUDGETS, budgetMisses, measureBuild } from '#scripts/bundle-sizes.ts';
import { firstVisitMisses, measureFirstVisits } from '#scripts/first-visit.ts';
import { chromiumForThisFile } from '#tests/support/browser-page.ts';

const baseUrl = inject('baseUrl');
const LIMITS = { firstLoad: BUDGETS.routeJsBrotli, afterHydration: BUDGETS.afterHydrationJsBrotli };
const browser = chromiumForThisFile();

// Reads the production build `npm test` makes before the tests: a page over its budget fails the run,
// as `npm run bundle-report` says which and by how much.
describe('the bundle budget', () => {
  it('keeps a first visit within 100 kB up to hydration and 25 kB after it, without a touch, on every route', async () => {
    const visits = await measureFirstVisits(browser(), baseUrl);
    expect(visits.length).toBeGreaterThan(10);
    // The server sends browsers brotli: a figure measured on anything else would not be the one budgeted.
    expect(
      [...new Set(visits.flatMap((visit) => visit.encodings))].filter((encoding) => encoding !== 'identity'),
    ).toEqual(['br']);
    expect(firstVisitMisses(visits, LIMITS)).toEqual([]);
  }, 180_000);

  it('keeps every route within the CSS budget', async () => {
    const { routes } = await measureBuild();
    expect(routes.length).toBeGreaterThan(10);
    expect(budgetMisses(routes).filter((line) => line.includes('of CSS'))).toEqual([]);
  });

  it('counts a route over the budget as a miss', async () => {
    const { routes } = await measureBuild();
    const [first] = routes;
    if (!first) throw new Error('No route measured');
    const heavy = { ...first, jsBytes: { ...first.jsBytes, brotli: BUDGETS.routeJsBrotli + 1 } };
    expect(budgetMisses([heavy])).toEqual([
      `${first.path}: ${((BUDGETS.routeJsBrotli + 1) / 1000).toFixed(1)} kB of first-load JS (brotli), over 100.0 kB`,
    ]);
    const visit = {
      path: '/x',
      width: 390,
      scripts: [],
      stylesheets: [],
      jsBytes: 100_400,
      cssBytes: 0,
      afterHydration: { width: 1280, scripts: [], jsBytes: 25_100 },
      encodings: ['br'],
    };
    expect(firstVisitMisses([visit], LIMITS)).toEqual([
      '/x: 100.4 kB of JavaScript before hydration at 390 px (brotli, as sent), over 100.0 kB',
      '/x: 25.1 kB of JavaScript after hydration, unprompted, at 1280 px (brotli, as sent), over 25.0 kB',
    ]);
    const within = {
      ...visit,
      jsBytes: LIMITS.firstLoad,
      afterHydration: { ...visit.afterHydration, jsBytes: 25_000 },
    };
    expect(firstVisitMisses([within], LIMITS)).toEqual([]);
  });
});
