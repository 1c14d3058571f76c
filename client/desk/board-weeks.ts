import type { BoardDay } from '#shared/production/board-view.ts';

/** The board's days by calendar week (Monday first), for the phone's list. */
export interface BoardWeek {
  /** The week's Monday, YYYY-MM-DD (the board may start later in the week). */
  monday: string;
  days: BoardDay[];
  /** Whether any of its days has work: an order placed on it, or pieces planned on the press. */
  busy: boolean;
}

/** Whether the press has anything on a day: an order placed there, or pieces of one planned there. */
export function hasWork(day: BoardDay): boolean {
  return day.cards.length > 0 || day.load.some((load) => load.planned > 0);
}

function mondayOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

/** The days in the order given, cut where a new calendar week starts. */
export function boardWeeks(days: readonly BoardDay[]): BoardWeek[] {
  const weeks: BoardWeek[] = [];
  for (const day of days) {
    const monday = mondayOf(day.date);
    let week = weeks.at(-1);
    if (week?.monday !== monday) {
      week = { monday, days: [], busy: false };
      weeks.push(week);
    }
    week.days.push(day);
    week.busy ||= hasWork(day);
  }
  return weeks;
}
