import { describe, expect, it } from 'vitest';
import { BUDGETS, budgetMisses, measureBuild } from '#scripts/bundle-sizes.ts';

// Reads the production build `npm test` makes before the tests: a page over its budget fails the run,
// as `npm run bundle-report` says which and by how much.
describe('the bundle budget (issue 30)', () => {
  it('keeps every public route within its first-load JavaScript and CSS budgets', async () => {
    const { routes } = await measureBuild();
    expect(routes.length).toBeGreaterThan(10);
    expect(budgetMisses(routes)).toEqual([]);
  });

  it('counts a route over the budget as a miss', async () => {
    const { routes } = await measureBuild();
    const [first] = routes;
    if (!first) throw new Error('No route measured');
    const heavy = { ...first, jsBytes: { ...first.jsBytes, brotli: BUDGETS.routeJsBrotli + 1 } };
    expect(budgetMisses([heavy])).toEqual([
      `${first.path}: ${((BUDGETS.routeJsBrotli + 1) / 1000).toFixed(1)} kB of first-load JS (brotli), over 100.0 kB`,
    ]);
  });
});
