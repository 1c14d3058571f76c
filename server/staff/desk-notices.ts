import { pinNotices } from '#shared/requests/proof-pins.ts';
import { proofNotices } from './proof-routes.ts';

/** What the desk says after an action, as the request page shows it at the top. */
export interface DeskNotice {
  type: 'success' | 'error';
  text: string;
}

/**
 * The request page's notices, by the name a redirect's ?done= gives: the desk's own actions and its proofs'.
 * The routers the app mounts beside the desk (payments, mockups) hand theirs in through deskRoutes.
 */
export const deskNotices: Readonly<Record<string, DeskNotice>> = {
  moved: { type: 'success', text: 'Status changed.' },
  noted: { type: 'success', text: 'Note added.' },
  conflict: {
    type: 'error',
    text: 'Someone changed this request while you were looking at it: check its status below and try again.',
  },
  'bad-move': { type: 'error', text: 'That status change is not possible from here.' },
  cancelled: {
    type: 'success',
    text: 'Request cancelled: the customer is told why by e-mail. You can undo it for 24 hours.',
  },
  'cancel-form': {
    type: 'error',
    text: 'Nothing was changed: cancel with the “Cancel this request” form, which asks why and for a confirmation.',
  },
  'balance-open': {
    type: 'error',
    text: 'Not completed: a balance is still owed. Record the payment, or say why it is completed anyway.',
  },
  'no-reason': {
    type: 'error',
    text: 'Not cancelled: say why (the customer reads it), and tick the box to confirm.',
  },
  'cancel-unconfirmed': {
    type: 'error',
    text: 'Not cancelled: tick “Yes, cancel this request” to confirm.',
  },
  'cancel-undone': { type: 'success', text: 'Cancel undone: the request is back where it was.' },
  'cancel-undone-told': {
    type: 'success',
    text: 'Cancel undone: the request is back where it was, and the customer is told by e-mail.',
  },
  'cancel-undone-withdrawn': {
    type: 'success',
    text: 'Cancel undone: the request is back where it was. The cancel e-mail had not gone yet, so the customer is sent nothing.',
  },
  'undo-too-late': { type: 'error', text: 'A cancel can be undone for 24 hours only: this one is older.' },
  'not-cancelled': { type: 'error', text: 'The request is not cancelled (any more): check its status below.' },
  superseded: {
    type: 'error',
    text: 'A newer version was sent meanwhile: the approval was not recorded. Check the request below.',
  },
  expired: {
    type: 'error',
    text: 'The quote is past its valid-until date: send a new version before recording an approval.',
  },
  'not-waiting': { type: 'error', text: 'Nothing is waiting for that approval any more: check the request below.' },
  promised: { type: 'success', text: 'Date changed: the customer is told by e-mail.' },
  'promise-bad': { type: 'error', text: 'Choose a date, and pickup or delivery.' },
  'promise-past': { type: 'error', text: 'That day has gone: choose today or later.' },
  'promise-not-booked': {
    type: 'error',
    text: 'A date is promised once the proof is approved, until the order is completed.',
  },
  'empty-note': { type: 'error', text: 'Write the note first.' },
  sent: { type: 'success', text: 'Message sent to the customer.' },
  'empty-message': { type: 'error', text: 'Write the message first.' },
  quoted: { type: 'success', text: 'Quote sent to the customer.' },
  'proof-sent': { type: 'success', text: 'Proof sent to the customer.' },
  'no-quote': { type: 'error', text: 'A quote cannot be sent from this status.' },
  'no-proof': { type: 'error', text: 'A proof cannot be sent from this status.' },
  'pin-added': { type: 'success', text: 'Your note is pinned on the proof: the customer sees it on their page.' },
  'pin-answered': pinNotices['pin-answered'],
  'pin-done': pinNotices['pin-done'],
  'pin-reopened': pinNotices['pin-reopened'],
  ...Object.fromEntries(Object.entries(proofNotices).map(([key, text]) => [key, { type: 'error' as const, text }])),
  'link-replaced': { type: 'success', text: 'The customer’s link was replaced: the old one no longer works.' },
  'link-mailed': {
    type: 'success',
    text: 'The customer’s link was replaced and the new one e-mailed to them: the old one no longer works.',
  },
};
