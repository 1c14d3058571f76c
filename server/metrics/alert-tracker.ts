import type { Logger } from 'pino';

/** The log alerts' stable names: a log rule matches `alert` on an error line. */
type AlertName = 'mail_stalled' | 'backup_stale' | 'disk_low' | 'database_unreachable' | 'stripe_signature';

/** A problem a check found: the line an operator is paged with. */
interface AlertRaised {
  alert: AlertName;
  /** What to run first, on the machine: the line's `command` field. */
  command: string;
  /** The line's message: what is wrong and what to do. */
  message: string;
  /** Figures for the line (no personal data): counts, times, paths. */
  details: Record<string, unknown>;
}

/** What a tracker needs: the log, and for tests a clock and the repeat interval. */
export interface AlertTrackerOptions {
  logger: Logger;
  now?: () => Date;
  /** While an alert lasts, its line is written again after this long: an hour unless a test says otherwise. */
  repeatEveryMs?: number;
}

/** Remembers which alerts are on, so each is logged when it starts, hourly while it lasts, and when it clears. */
export interface AlertTracker {
  /** A check found this problem now. */
  raise(raised: AlertRaised): void;
  /** A check found no problem now: an alert that was on clears. */
  clear(alert: AlertName): void;
  /** The alerts on now, for tests. */
  active(): AlertName[];
}

const HOUR_MS = 60 * 60_000;

/**
 * One error line with `alert` and `command` when a problem starts, again at most once per
 * `repeatEveryMs` while it lasts (a log alert that missed the first still fires; a 5-minute check does
 * not write 12 lines an hour), and one info line `alert cleared` when a check finds it gone. The
 * cleared line carries `cleared`, not `alert`: a rule matching `alert` pages on problems only.
 */
export function createAlertTracker({
  logger,
  now = () => new Date(),
  repeatEveryMs = HOUR_MS,
}: AlertTrackerOptions): AlertTracker {
  const on = new Map<AlertName, { since: number; loggedAt: number }>();
  return {
    raise({ alert, command, message, details }) {
      const at = now().getTime();
      const state = on.get(alert);
      if (state && at - state.loggedAt < repeatEveryMs) return;
      const since = state?.since ?? at;
      on.set(alert, { since, loggedAt: at });
      logger.error(
        { alert, command, ...details, ...(state ? { since: new Date(since).toISOString(), ongoing: true } : {}) },
        state ? `${message} (still, since ${new Date(since).toISOString()})` : message,
      );
    },
    clear(alert) {
      const state = on.get(alert);
      if (!state) return;
      on.delete(alert);
      const lastedMs = now().getTime() - state.since;
      logger.info({ cleared: alert, lastedMs }, `alert cleared: ${alert}`);
    },
    active: () => [...on.keys()],
  };
}
