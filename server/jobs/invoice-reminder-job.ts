import type { Logger } from 'pino';
import type { BooksStore } from '#server/books/books-store.ts';
import { addCalendarDays, invoiceDueOn } from '#shared/books/invoice-terms.ts';
import { dayIn } from '#shared/desk-format.ts';
import type { DailyJob } from './daily-job.ts';
import type { ReminderStore } from './job-store.ts';

/**
 * When an open invoice on terms is reminded, by its due day on the shop's calendar: from 7 days before
 * it, on it, and from 7 days after it; each once per invoice (a key on the outbox), the latest one due
 * when the job comes, so a day the job missed is made up the next and no mail says a stale thing.
 * Nothing once the invoice is paid, nothing more than 30 days past its due day (the desk's to chase
 * then), and only in the shop's working hours, as the other reminders.
 */
const INVOICE_REMINDER_TIMING = {
  daysBefore: 7,
  daysAfter: 7,
  lookBackDays: 30,
  sendHours: { from: 9, until: 18 },
} as const;

export interface InvoiceReminderJobOptions {
  books: Pick<BooksStore, 'receivables'>;
  reminders: Pick<ReminderStore, 'queueMailOnce'>;
  logger: Logger;
  /** The shop's time zone (the order terms'): due days are its days, and mail goes in its working hours. */
  timeZone: string;
  onQueued?: () => void;
  now?: () => Date;
}

/** The reminder an invoice is owed today, if any. */
export function invoiceStageOn(due: string, today: string): 'before' | 'due' | 'after' | undefined {
  const { daysBefore, daysAfter, lookBackDays } = INVOICE_REMINDER_TIMING;
  if (today > addCalendarDays(due, lookBackDays)) return undefined;
  if (today >= addCalendarDays(due, daysAfter)) return 'after';
  if (today >= due) return 'due';
  if (today >= addCalendarDays(due, -daysBefore)) return 'before';
  return undefined;
}

function hourIn(at: Date, timeZone: string): number {
  return Number(new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(at));
}

/**
 * The invoice reminders as a scheduled job (hourly, like the other reminders): one instance at a time
 * holds it by its lease, and the outbox's unique key sends each reminder once however many run it.
 */
export function invoiceReminderJob({
  books,
  reminders,
  logger,
  timeZone,
  onQueued,
  now = () => new Date(),
}: InvoiceReminderJobOptions): DailyJob {
  return {
    name: 'invoice-reminders',
    async run(signal) {
      const at = now();
      const hour = hourIn(at, timeZone);
      const { sendHours } = INVOICE_REMINDER_TIMING;
      if (hour < sendHours.from || hour >= sendHours.until) return;
      const today = dayIn(at.toISOString(), timeZone);
      let queued = 0;
      for (const { invoice, balanceCents } of await books.receivables()) {
        if (signal.aborted) break;
        if (balanceCents <= 0) continue;
        const due = invoiceDueOn(invoice.issuedAt, invoice.netDays, timeZone);
        const stage = invoiceStageOn(due, today);
        if (!stage) continue;
        const facts = { kind: 'invoice-due' as const, invoice: invoice.number, stage, due };
        if (await reminders.queueMailOnce(invoice.reference, facts, `invoice-due:${invoice.number}:${stage}`)) {
          queued += 1;
          logger.info(
            { job: 'invoice-reminders', reference: invoice.reference, invoice: invoice.number, stage },
            'invoice reminder queued',
          );
        }
      }
      if (queued > 0) onQueued?.();
    },
  };
}
