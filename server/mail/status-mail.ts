import { formatDay } from '#shared/desk-format.ts';
import { formatMoney } from '#shared/money.ts';
import type { HoursLine } from '#shared/opening-hours.ts';
import { type RequestStatus, statusLabels } from '#shared/requests/request-status.ts';
import { toCustomerSubject } from './customer-mail.ts';
import type { MailDraft } from './mail-draft.ts';

/**
 * The mails a status tells the customer by itself (Ready, Completed, Cancelled, a cancel undone) and
 * the reminders the reminder job sends once each: written from what is stored when they go, so a
 * Ready mail gives the balance due then, and the shop's hours from its data files.
 */

/** What these mails say about the order beyond its status. */
export interface OrderContext {
  reference: string;
  shopName: string;
  /** The customer's private page, when links can be made. */
  link?: string;
  /** The page takes card payments (Stripe is set up, and there is a link to it). */
  cardPayments?: boolean;
  /** Picked up at the shop, or delivered: the promised day's handover, else what the customer asked. */
  handover: 'pickup' | 'delivery';
  /** The order's money once a quote is approved: what is left to pay, what was paid, the deposit still due. */
  money?: { balanceCents: number; paidCents: number; depositDueCents: number };
  /** The shop's street address on one line, and its opening hours (data/config.json). */
  address?: string;
  hours?: readonly HoursLine[];
}

/** The lines that point a customer to their request's private page, when it has one. */
function pageLines(
  link: string | undefined,
  what = 'Your request, its status and our messages, on your private page:',
) {
  return link ? ['', what, link] : [];
}

/** Where and when to pick it up: the address, then one line per opening-hours row. */
function pickupLines({ address, hours }: OrderContext): string[] {
  return [
    ...(address ? ['', `Pick it up at ${address}.`] : []),
    ...(hours && hours.length > 0 ? ['', 'We are open:', ...hours.map((line) => `${line.days}: ${line.hours}`)] : []),
  ];
}

/** What is left to pay, and how, in one line; nothing before a quote is approved. */
function balanceLine(money: OrderContext['money'], byCard: boolean | undefined, handover: OrderContext['handover']) {
  if (!money) return [];
  if (money.balanceCents <= 0) return ['', 'It is paid in full: nothing is due.'];
  const how = byCard
    ? `Pay it by card on your private page${handover === 'pickup' ? ', or when you pick it up' : ''}.`
    : handover === 'pickup'
      ? 'Pay it when you pick it up.'
      : 'Reply to this e-mail to arrange paying it.';
  return ['', `${formatMoney(money.balanceCents)} is due (the balance). ${how}`];
}

/** The desk's own words, first, when it wrote some. */
function messageLines(message: string | undefined): string[] {
  return message ? [message, ''] : [];
}

/**
 * The customer's mail for a status the desk set: Ready (the balance due, where and when to pick it up,
 * or that the delivery is being arranged), Completed, Cancelled (with the reason), or any other status
 * with the desk's message.
 */
export function statusChangedMail(
  to: string,
  facts: { status: RequestStatus; message?: string; reason?: string },
  order: OrderContext,
): MailDraft {
  const { reference, shopName, link } = order;
  const subject = toCustomerSubject({ kind: 'status-changed', ...facts }, { reference, shopName });
  const close = ['', `Reference: ${reference}`, shopName];
  let body: string[];
  switch (facts.status) {
    case 'ready':
      body =
        order.handover === 'pickup'
          ? [
              `Good news: your order ${reference} is ready for pickup.`,
              ...balanceLine(order.money, order.cardPayments, 'pickup'),
              ...pickupLines(order),
            ]
          : [
              `Good news: your order ${reference} is ready. We will be in touch shortly to arrange the delivery you asked for.`,
              ...balanceLine(order.money, order.cardPayments, 'delivery'),
            ];
      break;
    case 'completed':
      body = [
        `Your order ${reference} is complete. Thank you for choosing ${shopName}!`,
        '',
        link
          ? 'Need the same again? Open your private page and press “Order again”: the quote form opens with this order’s details.'
          : 'Need the same again? Reply to this e-mail and we will quote it.',
      ];
      break;
    case 'cancelled':
      body = [
        `We have cancelled your request ${reference}.`,
        ...(facts.reason ? ['', `Why: ${facts.reason}`] : []),
        ...(order.money && order.money.paidCents > 0
          ? [
              '',
              `You have paid ${formatMoney(order.money.paidCents)}: we refund what our terms give back and send you a receipt when we do.`,
            ]
          : []),
        '',
        'If this is not what you expected, reply to this e-mail or write to us on your private page.',
      ];
      break;
    default:
      // Another status: the desk's message, then where the request stands.
      return {
        to,
        subject,
        text: [
          ...messageLines(facts.message),
          `Reference: ${reference}`,
          `Status: ${statusLabels[facts.status]}`,
          ...pageLines(link),
          '',
          shopName,
        ].join('\n'),
      };
  }
  return {
    to,
    subject,
    text: [...messageLines(facts.message), ...body, ...pageLines(link), ...close].join('\n'),
  };
}

/** The cancel was undone within its day: the request is back where it was. */
export function cancelUndoneMail(to: string, status: RequestStatus, order: OrderContext): MailDraft {
  const { reference, shopName, link } = order;
  return {
    to,
    subject: toCustomerSubject({ kind: 'cancel-undone', status }, { reference, shopName }),
    text: [
      `Please disregard our e-mail saying your request ${reference} was cancelled: we have undone the cancel, and it is back where it was (${statusLabels[status].toLowerCase()}).`,
      'Nothing else has changed. If you have questions, reply to this e-mail.',
      ...pageLines(link),
      '',
      `Reference: ${reference}`,
      shopName,
    ].join('\n'),
  };
}

/** A reminder the job sends once: a deposit due for days, a balance waiting at pickup, a quote about to expire. */
export function reminderMail(
  to: string,
  reminder:
    | { about: 'deposit'; depositDueCents: number }
    | { about: 'balance'; balanceCents: number }
    | { about: 'quote-expiring'; version: number; validUntil: string }
    | { about: 'proof-deadline'; version: number; day: string; cutoff: string; keeps: string }
    | { about: 'proof-date-moved'; version: number; wanted: string; earliest: string },
  order: OrderContext,
): MailDraft {
  const { reference, shopName, link } = order;
  let body: string[];
  switch (reminder.about) {
    case 'deposit':
      body = [
        `A friendly reminder: your order ${reference} is waiting for its ${formatMoney(reminder.depositDueCents)} deposit before we can start production.`,
        '',
        order.cardPayments
          ? 'Pay it by card on your private page, or at the shop.'
          : 'Pay it at the shop, or reply to this e-mail to arrange it.',
        'Already paid? Thank you, and please ignore this reminder.',
      ];
      break;
    case 'balance':
      body =
        order.handover === 'pickup'
          ? [
              `A friendly reminder: your order ${reference} is ready and waiting for you at the shop.`,
              '',
              `${formatMoney(reminder.balanceCents)} is due (the balance). ${order.cardPayments ? 'Pay it by card on your private page, or when you pick it up.' : 'Pay it when you pick it up.'}`,
              ...pickupLines(order),
            ]
          : [
              `A friendly reminder: your order ${reference} is ready, and ${formatMoney(reminder.balanceCents)} is due (the balance).`,
              '',
              order.cardPayments
                ? 'Pay it by card on your private page, or reply to this e-mail to arrange it.'
                : 'Reply to this e-mail to arrange paying it.',
            ];
      break;
    case 'quote-expiring':
      body = [
        `Your quote for ${reference}${reminder.version > 1 ? ` (version ${reminder.version})` : ''} is good until ${formatDay(reminder.validUntil)}.`,
        '',
        link
          ? 'To book your order at its prices, approve it on your private page before then. Want something changed? Ask us there.'
          : 'To book your order at its prices, reply to this e-mail before then.',
        'After that date we will gladly make you a fresh quote.',
      ];
      break;
    case 'proof-date-moved':
      body = [
        `The day to approve your proof for ${reference}${reminder.version > 1 ? ` (version ${reminder.version})` : ''} has passed, and ${formatDay(reminder.wanted)} can no longer be kept with the work already booked on our presses.`,
        '',
        `Your new date: ${formatDay(reminder.earliest)}. That is the earliest we can have your order ready if you approve the proof today.`,
        link
          ? 'Approve it on your private page, which shows the date before you approve, or tell us there what to change. Need the earlier date? Ask us about a rush.'
          : 'Reply to this e-mail to approve it, or to ask us about a rush.',
      ];
      break;
    case 'proof-deadline':
      body = [
        `Your proof for ${reference}${reminder.version > 1 ? ` (version ${reminder.version})` : ''} is waiting for your approval.`,
        '',
        `Approve it by ${formatDay(reminder.day)}, ${reminder.cutoff}, to keep ${formatDay(reminder.keeps)}: after that, the work already booked on our presses may push your order later.`,
        link
          ? 'Check it and approve it on your private page, or tell us there what to change.'
          : 'Reply to this e-mail to approve it or to tell us what to change.',
        'Already approved? Thank you, and please ignore this reminder.',
      ];
      break;
  }
  return {
    to,
    subject: toCustomerSubject(
      {
        kind: 'reminder',
        about: reminder.about,
        ...(reminder.about === 'quote-expiring' ? { version: reminder.version } : {}),
        ...(reminder.about === 'proof-date-moved'
          ? { version: reminder.version, day: reminder.wanted, keeps: reminder.earliest }
          : {}),
        ...(reminder.about === 'proof-deadline'
          ? { version: reminder.version, day: reminder.day, keeps: reminder.keeps, cutoff: reminder.cutoff }
          : {}),
      },
      { reference, shopName },
    ),
    text: [...body, ...pageLines(link), '', `Reference: ${reference}`, shopName].join('\n'),
  };
}
