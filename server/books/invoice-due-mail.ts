import type { MailDraft } from '#server/mail/mail-draft.ts';
import { invoiceDueSubject } from '#server/mail/queued-subject.ts';
import { invoiceNumberText } from '#shared/books/book-numbers.ts';
import { formatDay } from '#shared/desk-format.ts';
import { formatMoney } from '#shared/money.ts';

/** When an invoice's reminder goes: a week before its due day, on it, and a week after it if still open. */
type InvoiceReminderStage = 'before' | 'due' | 'after';

/** What a reminder of an invoice on terms says: which, how much is left, when, and how to pay it. */
export interface InvoiceDueFacts {
  stage: InvoiceReminderStage;
  invoiceNumber: number;
  reference: string;
  balanceCents: number;
  /** YYYY-MM-DD. */
  due: string;
  poNumber: string;
  shopName: string;
  /** The shop's street address on one line: where a check is mailed. */
  address?: string;
  /** The customer's private page, where the invoice is and a card payment can be made. */
  link?: string;
  cardPayments: boolean;
}

function opening(facts: InvoiceDueFacts, invoice: string): string {
  const order = `for your order ${facts.reference}`;
  if (facts.stage === 'before')
    return `A friendly reminder: invoice ${invoice} ${order} is due on ${formatDay(facts.due)}.`;
  if (facts.stage === 'due') return `Invoice ${invoice} ${order}: payment is due ${formatDay(facts.due)}.`;
  return `Invoice ${invoice} ${order} was due on ${formatDay(facts.due)} and is still open.`;
}

/** The customer's reminder of an invoice issued with days to pay. */
export function invoiceDueMail(to: string, facts: InvoiceDueFacts): MailDraft {
  const invoice = invoiceNumberText(facts.invoiceNumber);
  const ways = [
    `- By check, payable to ${facts.shopName}${facts.address ? `, mailed or brought to ${facts.address}` : ''}. Please write ${invoice} on it.`,
    ...(facts.link
      ? [
          facts.cardPayments
            ? '- Online by card, and the invoice itself, on your private page:'
            : '- The invoice is on your private page:',
          facts.link,
        ]
      : ['- Or reply to this e-mail to arrange paying it.']),
  ];
  return {
    to,
    subject: invoiceDueSubject(facts.stage, invoice, facts.due, facts.shopName),
    text: [
      opening(facts, invoice),
      '',
      `Amount due: ${formatMoney(facts.balanceCents)}`,
      `Due date: ${formatDay(facts.due)}`,
      ...(facts.poNumber ? [`Your purchase order: ${facts.poNumber}`] : []),
      '',
      'How to pay:',
      ...ways,
      '',
      'Already paid? Thank you, and please ignore this reminder: a check in the mail may cross it.',
      '',
      `Reference: ${facts.reference}`,
      facts.shopName,
    ].join('\n'),
    look: {
      summary: [
        { label: 'Invoice', value: invoice },
        { label: 'Amount due', value: formatMoney(facts.balanceCents) },
        { label: 'Due date', value: formatDay(facts.due) },
        ...(facts.poNumber ? [{ label: 'Purchase order', value: facts.poNumber }] : []),
      ],
      ...(facts.link ? { button: { href: facts.link, label: 'Open your invoice' } } : {}),
    },
  };
}
