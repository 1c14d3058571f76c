import { createHash } from 'node:crypto';
import type { ProductionLoad } from '#shared/production/production-load.ts';
import { serviceIds } from '#shared/service-ids.ts';

/**
 * A short fingerprint of every date a load table can give (the page cache keys the calculator pages on it):
 * the first day, the calendar's days off (closed dates included) and each service's capacity and slack. Two
 * tables with the same stamp answer every question alike, so re-reading an unchanged load every ten seconds
 * keeps the cached pages; any booking, move or capacity change that moves a date changes it.
 */
export function loadStamp(load: ProductionLoad): string {
  const hash = createHash('sha256');
  hash.update(load.firstDay);
  for (const { date } of load.calendar.holidays) hash.update(`|${date}`);
  for (const service of serviceIds) {
    const { perDay, floor } = load.services[service];
    hash.update(`|${service}:${perDay}:${floor.join(',')}`);
  }
  return hash.digest('base64url').slice(0, 16);
}
