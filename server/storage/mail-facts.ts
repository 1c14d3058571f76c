import type { RequestStatus } from '#shared/requests/request-status.ts';
import { statusLabels } from '#shared/requests/request-status.ts';
import { z } from '#shared/zod.ts';

/**
 * What an outbox row says its mail is about: a kind and the few ids and values the mail needs, never
 * its text and never a secret. The mail is written from these and what is stored (server/mail/
 * build-mail.ts) when it is sent, so the outbox, a backup or a replica holds no working link, and a
 * mail carries the request's link and prices as they are when it goes.
 */

const statuses = Object.keys(statusLabels) as [RequestStatus, ...RequestStatus[]];
/** The desk's and the customer's texts are cut at 2,000 characters; room to spare, never a whole file. */
const text = z.string().max(4000);
const version = z.number().int().min(1).max(9999);
/** A day of the shop's calendar, YYYY-MM-DD. */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const mailFactsSchema = z.discriminatedUnion('kind', [
  // A submission's own two mails: the shop's copy and the visitor's confirmation (by the row's recipient).
  z.object({ kind: z.literal('received'), for: z.enum(['shop', 'customer']) }),
  // A staff member's one-time sign-in link: its secret is made from the nonce and the environment's key.
  z.object({
    kind: z.literal('staff-sign-in'),
    to: z.email(),
    nonce: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
    /** Where the desk opens once signed in (a path on the desk), when not its inbox. */
    next: z.string().startsWith('/staff').max(500).optional(),
  }),
  // The shop to the customer.
  z.object({ kind: z.literal('quote-sent'), version }),
  z.object({ kind: z.literal('proof-sent'), version }),
  // A status the desk set: with the desk's message when it wrote one (required before Ready, Completed and
  // Cancelled mailed by themselves), and a cancel's reason.
  z.object({
    kind: z.literal('status-changed'),
    status: z.enum(statuses),
    message: text.optional(),
    reason: text.optional(),
  }),
  // The shop undid a cancel within its day: the request is back where it was.
  z.object({ kind: z.literal('cancel-undone'), status: z.enum(statuses) }),
  // Sent once each by the reminder job (server/jobs/reminder-job.ts): a deposit or a balance due for some
  // days, a quote (its version) a few days before it expires.
  // A proof (its version) waiting for its answer: the day before its approval deadline and on its morning,
  // with the deadline's day and the date it keeps (YYYY-MM-DD); once the date can no longer be kept, the
  // date asked for (`day`) and the earliest one now (`keeps`).
  z.object({
    kind: z.literal('reminder'),
    about: z.enum(['deposit', 'balance', 'quote-expiring', 'proof-deadline', 'proof-date-moved']),
    version: version.optional(),
    day: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
    keeps: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
    /** The shop's cut-off that day, in its words ("12:00 pm CST"). */
    cutoff: z.string().max(40).optional(),
  }),
  z.object({ kind: z.literal('desk-message'), message: text, about: z.enum(['quote', 'contact']) }),
  z.object({ kind: z.literal('link-replaced') }),
  // The customer's own approval, for their records: what, which version, the total, the name they typed.
  z.object({
    kind: z.literal('approval-receipt'),
    subject: z.enum(['quote', 'proof']),
    version,
    /** A draft proof approved together with the quote. */
    withProof: version.optional(),
  }),
  // The shop moved the day the order is promised for.
  z.object({
    kind: z.literal('promised-changed'),
    date: day,
    handover: z.enum(['pickup', 'delivery']),
    was: day.optional(),
  }),
  // A purchase order of blanks (its row) to the supplier's order address, as the desk sent it.
  z.object({
    kind: z.literal('purchase-order'),
    order: z.number().int().min(1),
    to: z.email(),
    /** The supplier's name as the shop's blanks data gave it. */
    supplier: z.string().max(40),
  }),
  // An invoice issued with days to pay, still open: a week before its due day, on it, a week after. The
  // mail reads the invoice and what is left to pay as it goes; the due day is here for its subject.
  z.object({
    kind: z.literal('invoice-due'),
    invoice: z.number().int().min(1),
    stage: z.enum(['before', 'due', 'after']),
    due: day,
  }),
  // A receipt for money in or out of an order, by the payment's row: the mail reads its figures.
  z.object({ kind: z.literal('payment-receipt'), payment: z.number().int().min(1) }),
  z.object({ kind: z.literal('refund-receipt'), payment: z.number().int().min(1) }),
  // To the shop: money Stripe took that needs a person (a mismatch, a cancelled order, a refund refused).
  z.object({ kind: z.literal('payment-flagged'), payment: z.number().int().min(1) }),
  // A group order: the share link to the organiser, or a member's receipt with their edit link.
  z.object({
    kind: z.literal('group'),
    about: z.enum(['share-link', 'entry']),
    entry: z.number().int().min(1).optional(),
    /** A member's receipt for their card payment: the payment's row, whose amount the mail states. */
    payment: z.number().int().min(1).optional(),
  }),
  // A team store's buyer: their order placed (card saved, their order's link), the receipt of the charge
  // at close, the pay link after a refused charge, the store that missed its minimum (nobody charged),
  // the receipt of a pay link's payment.
  z.object({
    kind: z.literal('team-store'),
    about: z.enum(['placed', 'charged', 'pay-link', 'missed', 'paid', 'bag-ready']),
    order: z.number().int().min(1),
  }),
  // The customer to the shop, from their private page.
  z.object({ kind: z.literal('customer-wrote'), text, files: z.array(z.string().max(300)).max(50) }),
  z.object({
    kind: z.literal('customer-decided'),
    subject: z.enum(['quote', 'proof']),
    version,
    decision: z.enum(['approved', 'changes']),
    name: z.string().max(200),
    comment: text,
  }),
  z.object({ kind: z.literal('customer-cancelled'), reason: text }),
  // The customer pressed "Ask for a fresh quote" under their expired quote (its version).
  z.object({ kind: z.literal('customer-asked-quote'), version }),
  // Queued whole before mails were written when sent (migration 0015): only its subject was kept.
  z.object({ kind: z.literal('legacy'), subject: z.string() }),
]);

/** One outbox row's facts, as queued and as read back. */
export type MailFacts = z.infer<typeof mailFactsSchema>;
export type MailKind = MailFacts['kind'];
/** What may be queued: every kind but the ones the storage writes itself or kept from before. */
export type QueuedFacts = Exclude<MailFacts, { kind: 'received' | 'legacy' }>;

/**
 * The facts of a row as the database returned them. A submission's two notifications are stored
 * without facts (null: the submission is the fact, and the one-per-recipient index counts on it);
 * undefined when the stored JSON is not a mail this server can write.
 */
export function readMailFacts(
  recipient: 'shop' | 'customer' | 'staff',
  stored: Record<string, unknown> | null,
): MailFacts | undefined {
  if (stored === null) return recipient === 'staff' ? undefined : { kind: 'received', for: recipient };
  const parsed = mailFactsSchema.safeParse(stored);
  return parsed.success ? parsed.data : undefined;
}

/** The facts as stored (JSON text on both databases), checked on the way in as on the way out. */
export function storedMailFacts(facts: QueuedFacts): string {
  return JSON.stringify(mailFactsSchema.parse(facts));
}
