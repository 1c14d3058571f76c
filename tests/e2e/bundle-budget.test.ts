import { describe, expect, inject, it } from 'vitest';
import { BUDGETS, budgetMisses, measureBuild } from '#scripts/bundle-sizes.ts';
import { firstVisitMisses, measureFirstVisits } from '#scripts/first-visit.ts';
import { chromiumForThisFile } from '#tests/support/browser-page.ts';

const baseUrl = inject('baseUrl');
const browser = chromiumForThisFile();

// Reads the production build `npm test` makes before the tests: a page over its budget fails the run,
// as `npm run bundle-report` says which and by how much.
describe('the bundle budget', () => {
  it('keeps what a first visit downloads, islands loaded without a touch included, within 100 kB on every route', async () => {
    const visits = await measureFirstVisits(browser(), baseUrl);
    expect(visits.length).toBeGreaterThan(10);
    // The server sends browsers brotli: a figure measured on anything else would not be the one budgeted.
    expect(
      [...new Set(visits.flatMap((visit) => visit.encodings))].filter((encoding) => encoding !== 'identity'),
    ).toEqual(['br']);
    expect(firstVisitMisses(visits, BUDGETS.routeJsBrotli)).toEqual([]);
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
      encodings: ['br'],
    };
    expect(firstVisitMisses([visit], BUDGETS.routeJsBrotli)).toEqual([
      '/x: 100.4 kB of JavaScript on a first visit at 390 px (brotli, as sent), over 100.0 kB',
    ]);
    expect(firstVisitMisses([{ ...visit, jsBytes: BUDGETS.routeJsBrotli }], BUDGETS.routeJsBrotli)).toEqual([]);
  });
});
