import type { MailFacts } from '#server/storage/mail-facts.ts';
import { invoiceNumberText } from '#shared/books/book-numbers.ts';
import { formatDay } from '#shared/desk-format.ts';
import { type ToCustomerFacts, toCustomerSubject } from './customer-mail.ts';
import { toShopSubject } from './shop-mail.ts';

// Every queued mail's subject from its facts alone: the mail as sent and the desk's list of a request's
// mail use the same words, and the desk needs none of the features' mail writers to say them.

/** The receipt's subject, from the row alone (the desk lists queued mail by it). */
export function paymentSubject(
  kind: 'payment-receipt' | 'refund-receipt',
  reference: string,
  shopName: string,
): string {
  return kind === 'payment-receipt'
    ? `${shopName}: receipt for your payment on ${reference}`
    : `${shopName}: your refund on ${reference}`;
}

/** The group mails' subjects, from the facts alone (the desk lists queued mails by subject). */
export function groupSubject(about: 'share-link' | 'entry', shopName: string): string {
  return about === 'share-link'
    ? `${shopName}: the link for your group to join`
    : `${shopName}: you joined the group order`;
}

/** An invoice reminder's subject, from its facts alone. */
export function invoiceDueSubject(
  stage: 'before' | 'due' | 'after',
  invoice: string,
  due: string,
  shopName: string,
): string {
  if (stage === 'before') return `${shopName}: invoice ${invoice} is due on ${formatDay(due)}`;
  // Said by its day, not "today": a reminder held over a night or a missed run goes out a day or two later.
  if (stage === 'due') return `${shopName}: invoice ${invoice}, payment due ${formatDay(due)}`;
  return `${shopName}: invoice ${invoice} is past due`;
}

/**
 * The subject a queued mail goes with, from its facts alone, for the desk's list of a request's mail;
 * undefined for a submission's own two (the desk names them) and for sign-in links (about no request).
 */
export function queuedSubject(facts: MailFacts, reference: string, shopName: string): string | undefined {
  switch (facts.kind) {
    case 'quote-sent':
    case 'proof-sent':
    case 'status-changed':
    case 'desk-message':
    case 'link-replaced':
    case 'approval-receipt':
    case 'promised-changed':
    case 'cancel-undone':
    case 'reminder':
      return toCustomerSubject(facts satisfies ToCustomerFacts, { reference, shopName });
    case 'customer-wrote':
    case 'customer-decided':
    case 'customer-cancelled':
    case 'customer-asked-quote':
      return toShopSubject(facts, reference);
    case 'payment-receipt':
    case 'refund-receipt':
      return paymentSubject(facts.kind, reference, shopName);
    case 'payment-flagged':
      return `A payment needs you (${reference})`;
    case 'group':
      return groupSubject(facts.about, shopName);
    case 'legacy':
      return facts.subject;
    case 'invoice-due':
      return invoiceDueSubject(facts.stage, invoiceNumberText(facts.invoice), facts.due, shopName);
    default:
      return undefined;
  }
}
