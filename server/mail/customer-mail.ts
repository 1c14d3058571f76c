import type { MailFacts } from '#server/storage/mail-facts.ts';
import { formatDay } from '#shared/desk-format.ts';
import { formatMoney } from '#shared/money.ts';
import type { PromisedDate } from '#shared/requests/promised-date.ts';
import { depositOf, type QuoteTerms, quoteTotal } from '#shared/requests/quote.ts';
import { statusLabels } from '#shared/requests/request-status.ts';
import type { MailDraft } from './mail-draft.ts';
import { inertText } from './user-text.ts';

/** The mails the shop sends a customer about their request, from the desk. */
export type ToCustomerFacts = Extract<
  MailFacts,
  {
    kind:
      | 'quote-sent'
      | 'proof-sent'
      | 'status-changed'
      | 'desk-message'
      | 'link-replaced'
      | 'approval-receipt'
      | 'promised-changed'
      | 'cancel-undone'
      | 'reminder';
  }
>;

/** The subject of each, from its facts alone: the desk lists a queued mail under the subject it goes with. */
export function toCustomerSubject(
  facts: ToCustomerFacts,
  { reference, shopName }: { reference: string; shopName: string },
): string {
  switch (facts.kind) {
    case 'quote-sent':
      return `${shopName}: your quote for ${reference}${facts.version > 1 ? ` (revised, v${facts.version})` : ''}`;
    case 'proof-sent':
      return `${shopName}: your proof for ${reference} is ready${facts.version > 1 ? ` (v${facts.version})` : ''}`;
    case 'status-changed':
      return facts.status === 'ready'
        ? `${shopName}: your order ${reference} is ready`
        : facts.status === 'completed'
          ? `${shopName}: your order ${reference} is complete`
          : facts.status === 'cancelled'
            ? `${shopName}: your request ${reference} is cancelled`
            : `${shopName}: your request ${reference} is now ${statusLabels[facts.status].toLowerCase()}`;
    case 'cancel-undone':
      return `${shopName}: your request ${reference} is back on`;
    case 'reminder':
      return facts.about === 'deposit'
        ? `${shopName}: a reminder: the deposit for ${reference} is due`
        : facts.about === 'balance'
          ? `${shopName}: a reminder: your order ${reference} is ready and waiting`
          : facts.about === 'proof-date-moved'
            ? `${shopName}: your proof for ${reference} is still waiting: a new date`
            : facts.about === 'proof-deadline'
              ? `${shopName}: a reminder: approve your proof for ${reference}${facts.day ? ` by ${formatDay(facts.day)}` : ''}`
              : `${shopName}: a reminder: your quote for ${reference} expires soon`;
    case 'desk-message':
      return `${shopName}: about ${facts.about === 'quote' ? `your quote request ${reference}` : `your message ${reference}`}`;
    case 'link-replaced':
      return `${shopName}: a new link to your request ${reference}`;
    case 'approval-receipt':
      return `${shopName}: you approved ${facts.withProof === undefined ? `${facts.subject} v${facts.version}` : `quote v${facts.version} and proof v${facts.withProof}`} of ${reference}`;
    case 'promised-changed':
      return `${shopName}: a new date for your order ${reference}`;
  }
}

/** "Ready for pickup on Fri, Dec 18, 2026" or "Delivered to you by …": the promised day in words. */
function promisedText({ date, handover }: PromisedDate): string {
  return `${handover === 'pickup' ? 'Ready for pickup on' : 'Delivered to you by'} ${formatDay(date)}`;
}

/** The total and the deposit, with what was already paid and what is left of the deposit when anything was. */
function depositLines(
  total: number,
  depositPercent: number,
  paid: { paidCents: number; depositDueCents: number; depositWaived: boolean } | undefined,
): string[] {
  const deposit = `Deposit before production: ${formatMoney(depositOf(total, depositPercent))} (${depositPercent}%)`;
  if (paid?.depositWaived) return [`Total: ${formatMoney(total)}`, 'No deposit is needed before production.'];
  if (!paid || paid.paidCents <= 0) return [`Total: ${formatMoney(total)}`, deposit];
  return [
    `Total: ${formatMoney(total)}`,
    deposit,
    `Already paid: ${formatMoney(paid.paidCents)}`,
    paid.depositDueCents > 0
      ? `Deposit still due: ${formatMoney(paid.depositDueCents)}`
      : 'The deposit is covered by what was already paid: nothing is due before production.',
  ];
}

/**
 * The customer's receipt of their own approval: exactly what they approved (each version), the quote's
 * total and deposit, the name they signed with and when, and the day the order is promised for once the
 * proof is approved.
 */
export function approvalReceiptMail(
  to: string,
  {
    reference,
    approved,
    quote,
    signedAs,
    at,
    promised,
    shopName,
    link,
    paid,
  }: {
    reference: string;
    /** What was approved, in words: "quote v2", "proof v1", "quote v2 and proof v1". */
    approved: string;
    /**
     * What is already counted as paid on the order (group members' shares, a payment at the counter) and
     * what is left of the deposit: the mail asks for what is due, not for the deposit's full amount.
     */
    paid?: { paidCents: number; depositDueCents: number; depositWaived: boolean };
    /** The approved quote's figures (the one a proof goes with). */
    quote?: QuoteTerms;
    signedAs: string;
    /** When, as the shop's clock says it. */
    at: string;
    promised?: PromisedDate;
    shopName: string;
    link?: string;
  },
): MailDraft {
  const total = quote && quoteTotal(quote.lines);
  return {
    to,
    subject: `${shopName}: you approved ${approved} of ${reference}`,
    text: [
      `Thank you: this is your receipt. You approved ${approved} of your request ${reference}, signing as “${inertText(signedAs)}” on ${at}.`,
      ...(quote && total !== undefined ? ['', ...depositLines(total, quote.depositPercent, paid)] : []),
      ...(promised ? ['', `${promisedText(promised)}. We will tell you at once should that change.`] : []),
      ...pageLines(link),
      '',
      `Reference: ${reference}`,
      shopName,
    ].join('\n'),
  };
}

/** The shop moved the promised day: the new one, and the one it replaces. */
export function promisedChangedMail(
  to: string,
  {
    reference,
    promised,
    was,
    shopName,
    link,
  }: { reference: string; promised: PromisedDate; was?: string; shopName: string; link?: string },
): MailDraft {
  return {
    to,
    subject: toCustomerSubject({ kind: 'promised-changed', ...promised }, { reference, shopName }),
    text: [
      `The date of your order ${reference} has changed. ${promisedText(promised)}${was ? ` (we had said ${formatDay(was)})` : ''}.`,
      'If the new date does not work for you, reply to this e-mail or write to us on your private page.',
      ...pageLines(link),
      '',
      `Reference: ${reference}`,
      shopName,
    ].join('\n'),
  };
}

/** The lines that point a customer to their request's private page, when it has one. */
function pageLines(link: string | undefined): string[] {
  return link ? ['', 'Your request, its status and our messages, on your private page:', link] : [];
}

/** The shop's message to a customer from the desk (a reply to a contact message, a question about a quote). */
export function customerMessageMail(
  to: string,
  {
    reference,
    message,
    shopName,
    kind,
    link,
  }: { reference: string; message: string; shopName: string; kind: 'quote' | 'contact'; link?: string },
): MailDraft {
  return {
    to,
    subject: toCustomerSubject({ kind: 'desk-message', message, about: kind }, { reference, shopName }),
    text: [message, '', `Reference: ${reference}`, ...pageLines(link), '', shopName].join('\n'),
  };
}

/** The customer's new private link, after the shop replaced one that had leaked. */
export function newRequestLinkMail(
  to: string,
  { reference, shopName, link }: { reference: string; shopName: string; link: string },
): MailDraft {
  return {
    to,
    subject: toCustomerSubject({ kind: 'link-replaced' }, { reference, shopName }),
    text: [
      `We have replaced the link to the private page of your request ${reference}; the old one no longer works.`,
      'Your new link (anyone with it can see the request, so keep it to yourself):',
      link,
      '',
      shopName,
    ].join('\n'),
  };
}

/** A quote version, e-mailed whole: the customer can read every line without opening anything. */
export function quoteMail(
  to: string,
  {
    reference,
    version,
    terms,
    shopName,
    link,
  }: { reference: string; version: number; terms: QuoteTerms; shopName: string; link?: string },
): MailDraft {
  const total = quoteTotal(terms.lines);
  const lines = terms.lines.map(
    (line) =>
      `- ${line.label}: ${line.quantity} × ${formatMoney(line.unitCents)} = ${formatMoney(line.quantity * line.unitCents)}`,
  );
  return {
    to,
    subject: toCustomerSubject({ kind: 'quote-sent', version }, { reference, shopName }),
    text: [
      `Here is our quote for your request ${reference}${version > 1 ? `. It replaces the one we sent before (this is version ${version})` : ''}.`,
      '',
      ...lines,
      '',
      `Total: ${formatMoney(total)}`,
      `Deposit before production: ${formatMoney(depositOf(total, terms.depositPercent))} (${terms.depositPercent}%)`,
      `Good until: ${formatDay(terms.validUntil)}`,
      ...(terms.notes ? ['', terms.notes] : []),
      '',
      link
        ? `To approve it, or to ask for changes, open your request's private page:\n${link}`
        : 'To go ahead, or to change anything, reply to this e-mail.',
      '',
      `Reference: ${reference}`,
      shopName,
    ].join('\n'),
  };
}

/** The shop's answer to one of the customer's notes on the version replaced: its words, or just done. */
export interface ProofAnswer {
  number: number;
  /** The note as the customer wrote it. */
  note: string;
  replies: string[];
  done: boolean;
}

/** A note quoted short: the customer knows their own words, a line reminds them which. */
function quoted(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

/** "Your notes, answered:" and each note with the shop's words (or "Done."), for the new version's mail. */
function answerLines(answers: readonly ProofAnswer[]): string[] {
  if (answers.length === 0) return [];
  return [
    '',
    answers.length === 1 ? 'Your note, answered:' : 'Your notes, answered:',
    ...answers.flatMap((answer) => [
      '',
      `Note ${answer.number}: "${quoted(answer.note)}"`,
      ...(answer.replies.length > 0 ? answer.replies.map((reply) => `Our answer: ${reply}`) : []),
      ...(answer.done ? ['Done.'] : []),
    ]),
  ];
}

/** A proof to approve: the file stays on the server, the mail says what to look at. */
export function proofMail(
  to: string,
  {
    reference,
    version,
    notes,
    printSize,
    shopName,
    link,
    answers = [],
  }: {
    reference: string;
    version: number;
    notes: string;
    printSize?: string;
    shopName: string;
    link?: string;
    /** The shop's answers to the notes on the version this one replaces: told here, once, with it. */
    answers?: readonly ProofAnswer[];
  },
): MailDraft {
  return {
    to,
    subject: toCustomerSubject({ kind: 'proof-sent', version }, { reference, shopName }),
    text: [
      `Your proof for request ${reference} is ready${version > 1 ? ` (version ${version}, replacing the one before)` : ''}.`,
      ...(printSize ? [`Print size: ${printSize}.`] : []),
      ...(notes ? ['', notes] : []),
      ...answerLines(answers),
      '',
      'Please check the spelling, colors, size and placement. Nothing is printed until you approve it.',
      link
        ? `See it large, approve it or ask for changes on your request's private page:\n${link}`
        : 'Reply to this e-mail to approve it or to ask for changes.',
      '',
      `Reference: ${reference}`,
      shopName,
    ].join('\n'),
  };
}
