import type { Logger } from 'pino';
import type { CustomerStore } from '#server/customer/customer-store.ts';
import type { PaymentStore } from '#server/payments/payment-store.ts';
import { type MoneyReads, moneyOf } from '#server/requests/money-of.ts';
import type { WaitingProof } from '#server/requests/proof-pin-store.ts';
import type { VersionStore } from '#server/requests/version-store.ts';
import type { DeskStore } from '#server/staff/desk-store.ts';
import type { QueuedFacts } from '#server/storage/mail-facts.ts';
import { payableNow } from '#shared/payments/order-money.ts';
import { formatCutoff, shopTime } from '#shared/pricing/business-days.ts';
import type { ShopCalendar } from '#shared/pricing/order-terms.ts';
import type { ApprovalDeadline, PromisedDate } from '#shared/requests/promised-date.ts';
import { localToday } from '#shared/submissions/quote-fields.ts';
import type { DailyJob } from './daily-job.ts';
import type { MissedDateMove, ReminderStore } from './job-store.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * When each reminder goes, once per request (per quote version for a quote), by the outbox:
 * - the deposit, 3 days after the quote was approved, while it is still unpaid and production waits;
 * - the balance, 5 days after the order was marked Ready, while it is still unpaid (its Ready mail
 *   already said what is due: this is the nudge for an order still waiting at the shop);
 * - a quote, 3 days before its valid-until date (or fewer, for a quote sent less than 2 days ago: none
 *   then), while it waits for the customer's answer.
 * - a proof waiting for its answer, the day before its approval deadline and on the deadline's morning
 *   (before the cut-off): two at most per request, whatever versions follow, none once it is approved;
 *   and, once the deadline has passed, the promised date moves to the earliest the load allows now and
 *   the customer gets one mail with it (the desk's inbox flags the request).
 * Nothing older than 30 days is reminded (an order left that long is the desk's to chase), and only
 * between 9 am and 6 pm on the shop's clock: a reminder at 3 am reads as a machine's.
 */
export const REMINDER_TIMING = {
  depositAfterMs: 3 * DAY_MS,
  balanceAfterMs: 5 * DAY_MS,
  quoteDaysBefore: 3,
  quoteSentBeforeMs: 2 * DAY_MS,
  lookBackMs: 30 * DAY_MS,
  sendHours: { from: 9, until: 18 },
} as const;

/** How often the reminders are looked for: hourly, so a reminder goes within the hour it falls due. */
export const REMINDER_INTERVAL_MS = HOUR_MS;

/** YYYY-MM-DD plus `days`. */
function addDays(day: string, days: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The hour (0–23) on the shop's clock. */
function hourIn(at: Date, timeZone: string): number {
  return Number(new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(at));
}

export interface ReminderJobOptions {
  reminders: Pick<ReminderStore, 'reminderCandidates' | 'queueMailOnce' | 'moveMissedDate'>;
  desk: Pick<DeskStore, 'getRequestState'>;
  versions: Pick<VersionStore, 'quotesOf'>;
  customer: Pick<CustomerStore, 'approvalsOf'>;
  payments: Pick<PaymentStore, 'paymentsOf' | 'depositWaiverOf'>;
  books: MoneyReads['books'];
  logger: Logger;
  /** The shop's time zone (the order terms'): reminders go in its working hours. */
  timeZone: string;
  /** Wakes the outbox worker once reminders are queued. */
  onQueued?: () => void;
  now?: () => Date;
  /** The proofs waiting for their customers and each one's approval deadline, on the shop's load. */
  proofs?: {
    waiting: () => Promise<readonly WaitingProof[]>;
    deadline: (reference: string, target: string | undefined) => Promise<ApprovalDeadline | undefined>;
    calendar: () => ShopCalendar;
    /** Whether the order is picked up or delivered: the moved date is the same kind of day. */
    handoverOf: (reference: string) => Promise<'pickup' | 'delivery'>;
    /**
     * What an approval now would book for the order (the planner's, as the approval itself books it):
     * a missed deadline books the order again with it, so its day on the board follows the new date.
     * Undefined for a request the engine cannot price: its date still moves, its press day stays.
     */
    bookingFor?: (reference: string) => Promise<MissedDateMove['book']>;
    /** Told once a date moved and the order was booked again: the planner reads the load afresh. */
    moved?: () => void;
  };
}

/** A proof's mail due this hour; `move` when its deadline passed and its promised date moves with it. */
interface ProofReminder {
  reference: string;
  facts: QueuedFacts;
  key: string;
  move?: Omit<MissedDateMove, 'onceKey'>;
}

/** The proof reminders due this hour: the day before the deadline, or its day before the cut-off. */
async function proofReminders(proofs: NonNullable<ReminderJobOptions['proofs']>, at: Date): Promise<ProofReminder[]> {
  const calendar = proofs.calendar();
  const [hours = 0, minutes = 0] = calendar.cutoff.split(':').map(Number);
  // The shop's day and clock: the deadline is a day on its calendar.
  const { date: today, minutes: clock } = shopTime(at, calendar.timeZone);
  const beforeCutoff = clock < hours * 60 + minutes;
  const due: ProofReminder[] = [];
  for (const proof of await proofs.waiting()) {
    // A proof out longer than the look-back is the desk's to chase, as the other reminders.
    if (!proof.target || at.getTime() - proof.sentAt.getTime() > REMINDER_TIMING.lookBackMs) continue;
    const deadline = await proofs.deadline(proof.reference, proof.target);
    if (!deadline) continue;
    if ('late' in deadline) {
      // The deadline passed: the date moves to the earliest the load allows now, the order's place on
      // the press with it, and the customer is told it once (the desk's inbox flags it).
      const missed = proof.target;
      const mail = (promised: PromisedDate): QueuedFacts => ({
        kind: 'reminder',
        about: 'proof-date-moved',
        version: proof.version,
        day: missed,
        keeps: promised.date,
      });
      const promised = { date: deadline.earliest, handover: await proofs.handoverOf(proof.reference) };
      const book = await proofs.bookingFor?.(proof.reference);
      due.push({
        reference: proof.reference,
        key: 'proof-date-moved',
        move: { version: proof.version, missed, promised, mail, ...(book ? { book } : {}) },
        facts: mail(promised),
      });
      continue;
    }
    // A moved date was told with its own mail, which says until when to approve: no reminder follows it
    // (on two instances, one could otherwise remind of the new deadline in the hour the date moved).
    if (proof.missed) continue;
    const key =
      deadline.day === addDays(today, 1)
        ? 'proof-deadline:before'
        : deadline.day === today && beforeCutoff
          ? 'proof-deadline:day'
          : undefined;
    if (!key) continue;
    due.push({
      reference: proof.reference,
      key,
      facts: {
        kind: 'reminder',
        about: 'proof-deadline',
        version: proof.version,
        day: deadline.day,
        keeps: deadline.keeps,
        cutoff: formatCutoff(calendar, deadline.day),
      },
    });
  }
  return due;
}

/**
 * The reminders as a scheduled job (server/jobs/daily-job.ts, hourly): one instance at a time holds
 * it by its lease, and each reminder is queued once per request however many instances run it (a
 * unique key on the outbox, migration 0024). Never to a cancelled or completed request, nor for money
 * paid: the candidates are read by status, the money checked here, and again by the mail as it goes.
 */
export function reminderJob({
  reminders,
  desk,
  versions,
  customer,
  payments,
  books,
  logger,
  timeZone,
  onQueued,
  now = () => new Date(),
  proofs,
}: ReminderJobOptions): DailyJob {
  return {
    name: 'reminders',
    async run(signal) {
      const at = now();
      const hour = hourIn(at, timeZone);
      if (hour < REMINDER_TIMING.sendHours.from || hour >= REMINDER_TIMING.sendHours.until) return;
      const today = localToday(at);
      const candidates = await reminders.reminderCandidates({
        today,
        lastValidDay: addDays(today, REMINDER_TIMING.quoteDaysBefore),
        quoteSentBeforeMs: REMINDER_TIMING.quoteSentBeforeMs,
        depositAfterMs: REMINDER_TIMING.depositAfterMs,
        balanceAfterMs: REMINDER_TIMING.balanceAfterMs,
        lookBackMs: REMINDER_TIMING.lookBackMs,
      });
      let queued = 0;
      for (const candidate of candidates) {
        if (signal.aborted) break;
        let facts: QueuedFacts;
        let key: string;
        if (candidate.about === 'quote-expiring') {
          if (candidate.version === undefined) continue;
          facts = { kind: 'reminder', about: 'quote-expiring', version: candidate.version };
          key = `quote-expiring:v${candidate.version}`;
        } else {
          const [state, { money }] = await Promise.all([
            desk.getRequestState(candidate.reference),
            moneyOf({ versions, customer, payments, books }, candidate.reference),
          ]);
          if (!state || payableNow(state.status, money, candidate.about) <= 0) continue;
          facts = { kind: 'reminder', about: candidate.about };
          key = candidate.about;
        }
        if (await reminders.queueMailOnce(candidate.reference, facts, key)) {
          queued += 1;
          logger.info({ job: 'reminders', reference: candidate.reference, about: candidate.about }, 'reminder queued');
        }
      }
      for (const reminder of proofs ? await proofReminders(proofs, at) : []) {
        if (signal.aborted) break;
        const { move } = reminder;
        const done = move
          ? await reminders.moveMissedDate(reminder.reference, { ...move, onceKey: reminder.key })
          : await reminders.queueMailOnce(reminder.reference, reminder.facts, reminder.key);
        // The order's press day moved: this instance's estimates and board read the load again.
        if (done && move) proofs?.moved?.();
        if (done) {
          queued += 1;
          logger.info({ job: 'reminders', reference: reminder.reference, about: reminder.key }, 'reminder queued');
        }
      }
      if (queued > 0) onQueued?.();
    },
  };
}
