import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_ADDRESS_CEILINGS, SIGN_IN_LINK_CAPS } from '#shared/staff-sign-in.ts';
import { backends, isoFromNow, openTestStorage, runSql } from '#tests/support/test-storage.ts';
import { signInCapReached } from './sign-in-cap.ts';

type TestStorage = Awaited<ReturnType<typeof openTestStorage>>;
const [quarterHour, day] = SIGN_IN_LINK_CAPS;

// The caps on links per staff address, counted in each database as every instance would count them.
describe.each(backends)('sign-in link caps on %s', (backend) => {
  let storage: TestStorage;
  beforeAll(async () => {
    storage = await openTestStorage(backend);
  });
  afterAll(() => storage.close());

  /** As if the window of that length had run out for every address (the clock is the database's). */
  const lapse = (windowMs: number) =>
    runSql(storage.location, 'update rate_limits set reset_at = $1 where key like $2', [
      isoFromNow(-1000),
      `staff-sign-in-link:${windowMs}:%`,
    ]);
  /** The caps met by `count` asks in a row from `sender`: undefined for a link sent. */
  const ask = async (email: string, count: number, sender = '192.0.2.1') => {
    const results = [];
    for (let i = 0; i < count; i += 1) results.push((await signInCapReached(storage.limits, email, sender))?.cap.per);
    return results;
  };

  it('lets 3 links go in 15 minutes and 10 in a day, and counts each address apart', async () => {
    const owner = 'owner@seenwear.example';
    expect(quarterHour.limit).toBe(3);
    expect(day.limit).toBe(10);
    // Three quarter hours of three links, each fourth refused (and not counted for the day).
    for (let round = 0; round < 3; round += 1) {
      expect(await ask(owner, 4)).toEqual([undefined, undefined, undefined, '15 minutes']);
      await lapse(quarterHour.windowMs);
    }
    // The tenth link of the day goes; the eleventh does not, even in a new quarter hour.
    expect(await ask(owner, 2)).toEqual([undefined, 'day']);
    await lapse(quarterHour.windowMs);
    expect(await ask(owner, 1)).toEqual(['day']);
    expect(await ask('helper@seenwear.example', 1)).toEqual([undefined]);
    // A new day: links go again.
    await lapse(quarterHour.windowMs);
    await lapse(day.windowMs);
    expect(await ask(owner, 1)).toEqual([undefined]);
  });

  it('counts each asker apart for one address, under a ceiling for the address no single asker reaches', async () => {
    const staff = 'desk@seenwear.example';
    const [ceiling] = SIGN_IN_ADDRESS_CEILINGS;
    expect(ceiling.limit).toBeGreaterThan(quarterHour.limit * 3);
    // One asker's share used up and past: the staff member, elsewhere, still gets theirs.
    expect(await ask(staff, 5, '203.0.113.9')).toEqual([undefined, undefined, undefined, '15 minutes', '15 minutes']);
    expect(await ask(staff, 1, '198.51.100.7')).toEqual([undefined]);
    // Many askers together reach the address's ceiling: then nobody's link goes until it lapses.
    let sent = 4;
    for (let sender = 0; sent < ceiling.limit; sender += 1) {
      const results = await ask(staff, quarterHour.limit, `10.0.0.${sender}`);
      sent += results.filter((result) => result === undefined).length;
    }
    const past = await signInCapReached(storage.limits, staff, '10.1.1.1');
    expect(past).toMatchObject({ scope: 'address', cap: { per: '15 minutes', limit: ceiling.limit } });
  });
});
