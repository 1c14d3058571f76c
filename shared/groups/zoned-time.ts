/**
 * A group's deadline is typed as a date and time on the shop's clock (an HTML datetime-local field,
 * "2026-12-05T18:00"); stored as the instant it names. These two convert either way in the shop's zone.
 */

const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** The wall-clock reading of `instant` in `timeZone`, as YYYY-MM-DDTHH:mm. */
export function wallClockIn(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/**
 * The instant a wall-clock reading names in `timeZone`, or undefined for text that is not one. A time
 * the clocks skip in spring is taken as the same reading an hour on; one they repeat in autumn as the first.
 */
export function instantOf(local: string, timeZone: string): Date | undefined {
  const match = LOCAL_PATTERN.exec(local);
  if (!match) return undefined;
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  if (Number.isNaN(asUtc) || new Date(asUtc).toISOString().slice(0, 16) !== local) return undefined;
  // The zone's offset at the guess, then again at the corrected instant (it differs across a change).
  let instant = asUtc;
  for (let round = 0; round < 2; round += 1) {
    const seen = Date.parse(`${wallClockIn(new Date(instant), timeZone)}:00Z`);
    instant += asUtc - seen;
  }
  return new Date(instant);
}
