import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { linkKeys } from '#server/http/link-secrets.ts';
import type { BuiltMail } from '#server/mail/mail-row.ts';
import type { MailSettings } from '#server/mail/mail-settings.ts';
import { buildMail } from '#server/notifications/build-mail.ts';
import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import type { QuoteTerms } from '#shared/requests/quote.ts';
import { withSubjects } from '#tests/support/mail-subjects.ts';
import { staffSession } from '#tests/support/staff-session.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { backends, isoFromNow, openTestStorage, runSql } from '#tests/support/test-storage.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const csrfSecret = 'test-secret-0123456789abcdef0123456789abcdef';
const staff = 'staff:owner@seenwear.example' as const;
const settings: MailSettings = {
  from: 'Seenwear <orders@seenwear.example>',
  shopEmail: 'team@seenwear.example',
  shop: {
    appName: 'Seenwear',
    contact: { email: 'hello@seenwear.example', phone: '+15550100123' },
    address: { street: '1420 Market Street', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' },
    openingHours: [
      { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '09:00', closes: '18:00' },
      { days: ['Saturday'], opens: '10:00', closes: '14:00' },
    ],
  },
  publicUrl: 'https://shop.example',
  linkKeys: linkKeys(csrfSecret),
  cardPayments: true,
};
// $492.66: a 50 % deposit of $246.33, so $246.33 is left once it is paid.
const terms: QuoteTerms = {
  lines: [{ label: '54 tees, front print', quantity: 1, unitCents: 49_266 }],
  notes: '',
  validUntil: '2099-01-31',
  depositPercent: 50,
};

// The desk's status changes that tell the customer by themselves, the cancel with its reason and
// confirmation, and its undo within a day, on each database.
describe.each(backends)('status mails, cancels and their undo on %s', (backend) => {
  let t: TestApp;
  let storage: Awaited<ReturnType<typeof openTestStorage>>;

  beforeAll(async () => {
    storage = await openTestStorage(backend);
    t = await createTestApp({ storage, config: { submissionRateLimit: 1000, csrfSecret } });
  });

  /** A quote request with quote v1 approved and its deposit paid at the counter, moved to `status`. */
  async function order(status: 'in_production' | 'approved' | 'new' = 'in_production', delivery = 'pickup') {
    const { reference } = await storage.submissions.saveSubmission({
      kind: 'quote',
      name: 'Dana Whitfield',
      email: 'dana@example.com',
      payload: { name: 'Dana Whitfield', quantity: 54, delivery },
      files: [],
    });
    if (status === 'new') {
      await sendAll();
      return reference;
    }
    await storage.versions.sendQuote(reference, terms, {
      from: 'new',
      to: 'quoted',
      actor: staff,
      mail: (version) => ({ kind: 'quote-sent', version }),
    });
    await storage.customer.decideVersion(
      reference,
      { subject: 'quote', version: 1, decision: 'approved', name: 'Dana', comment: '', ip: '', userAgent: '' },
      () => ({ ok: true, to: 'approved' }),
    );
    await storage.payments.recordOfflinePayment(reference, {
      amountCents: 24_633,
      method: 'cash',
      purpose: 'deposit',
      note: '',
      actor: staff,
    });
    if (status === 'in_production')
      await storage.desk.changeRequestStatus(reference, { from: 'approved', to: 'in_production', actor: staff });
    await sendAll();
    return reference;
  }

  /** Every due mail written as the worker would, and marked sent. */
  async function sendAll(): Promise<BuiltMail[]> {
    const mails: BuiltMail[] = [];
    for (;;) {
      const claimed = await storage.outbox.claimNotification(60_000);
      if (!claimed) return mails;
      mails.push(await buildMail(claimed, storage, settings));
      await storage.outbox.markNotificationSent(claimed);
    }
  }

  const signedIn = () => staffSession(t.app, storage, 'owner@seenwear.example');

  async function post(reference: string, what: string, body: Record<string, string> = {}) {
    const { cookie, token } = await signedIn();
    return request(t.app)
      .post(`/staff/requests/${reference}/${what}`)
      .set('Cookie', cookie)
      .type('form')
      .send({ [CSRF_FIELD]: token, ...body })
      .expect(303);
  }

  async function deskPage(reference: string, query = '') {
    const { cookie } = await signedIn();
    return (await request(t.app).get(`/staff/requests/${reference}${query}`).set('Cookie', cookie).expect(200)).text;
  }

  it('mails Ready by itself, with the real balance due and the shop’s hours, and shows it before the button', async () => {
    const reference = await order();
    const page = await deskPage(reference);
    // The preview under the status form: the mail Ready sends, as it would go now.
    expect(page).toContain('What the customer is e-mailed');
    expect(page).toContain(`Moving it to Ready sends “Seenwear: your order ${reference} is ready”`);
    expect(page).toContain(`Good news: your order ${reference} is ready for pickup.`);
    expect(page).toContain('$246.33 is due (the balance).');
    expect(page).toContain('Monday to Friday: 9:00 am to 6:00 pm');
    expect(page).toContain('Saturday: 10:00 am to 2:00 pm');

    const moved = await post(reference, 'status', { from: 'in_production', to: 'ready' });
    expect(moved.headers.location).toBe(`/staff/requests/${reference}?done=moved`);
    const [mail] = await sendAll();
    expect(mail?.to).toBe('dana@example.com');
    expect(mail?.subject).toBe(`Seenwear: your order ${reference} is ready`);
    expect(mail?.text).toContain(`Good news: your order ${reference} is ready for pickup.`);
    expect(mail?.text).toContain(
      '$246.33 is due (the balance). Pay it by card on your private page, or when you pick it up.',
    );
    expect(mail?.text).toContain('Pick it up at 1420 Market Street, Springfield, IL 62701.');
    expect(mail?.text).toContain('Monday to Friday: 9:00 am to 6:00 pm\nSaturday: 10:00 am to 2:00 pm');
    expect(mail?.html).toContain('Balance due');

    // Completed, also by itself, with a message typed first; the balance still open needs the shop's
    // reason, which stays in the log and out of the mail.
    await post(reference, 'status', {
      from: 'ready',
      to: 'completed',
      message: 'Thanks for the cookies!',
      'balance-reason': 'Paid on the school’s purchase order',
    });
    const [done] = await sendAll();
    expect(done?.subject).toBe(`Seenwear: your order ${reference} is complete`);
    expect(done?.text.startsWith('Thanks for the cookies!\n\n')).toBe(true);
    expect(done?.text).toContain('press “Order again”');
    expect(done?.text).not.toContain('purchase order');
  });

  it('says a delivered order is ready without sending anyone to the counter', async () => {
    const reference = await order('in_production', 'delivery');
    await post(reference, 'status', { from: 'in_production', to: 'ready' });
    const [mail] = await sendAll();
    expect(mail?.text).toContain('We will be in touch shortly to arrange the delivery you asked for.');
    expect(mail?.text).not.toContain('Pick it up at');
  });

  it('sends nothing for a move that does not tell by itself, unless a message is written', async () => {
    const reference = await order();
    await post(reference, 'status', { from: 'in_production', to: 'ready' });
    await sendAll();
    await post(reference, 'status', { from: 'ready', to: 'in_production' });
    expect(await sendAll()).toEqual([]);
  });

  it('cancels only with a reason and a confirmation, and mails the customer why', async () => {
    const reference = await order('new');
    const page = await deskPage(reference);
    // From New the status menu offers nothing to click: never a preselected cancel.
    expect(page).not.toContain('name="to"');
    expect(page).toContain('Cancel this request');
    expect(page).toContain(`The e-mail the customer is sent: “Seenwear: your request ${reference} is cancelled”`);

    const none = await post(reference, 'cancel', { from: 'new' });
    expect(none.headers.location).toBe(`/staff/requests/${reference}?done=no-reason#cancel`);
    const unconfirmed = await post(reference, 'cancel', { from: 'new', reason: 'Asked by phone' });
    expect(unconfirmed.headers.location).toBe(`/staff/requests/${reference}?done=cancel-unconfirmed#cancel`);
    const blank = await post(reference, 'cancel', { from: 'new', reason: '   ', confirm: 'yes' });
    expect(blank.headers.location).toBe(`/staff/requests/${reference}?done=no-reason#cancel`);
    expect((await storage.desk.getRequestState(reference))?.status).toBe('new');
    expect(await deskPage(reference, '?done=cancel-unconfirmed')).toContain(
      'Not cancelled: tick “Yes, cancel this request” to confirm.',
    );

    const cancelled = await post(reference, 'cancel', {
      from: 'new',
      reason: 'The logo is not yours to print.',
      confirm: 'yes',
    });
    expect(cancelled.headers.location).toBe(`/staff/requests/${reference}?done=cancelled`);
    expect((await storage.desk.getRequestState(reference))?.status).toBe('cancelled');
    const [mail] = await sendAll();
    expect(mail?.subject).toBe(`Seenwear: your request ${reference} is cancelled`);
    expect(mail?.text).toContain('Why: The logo is not yours to print.');
    const after = await deskPage(reference);
    expect(after).toContain('Moved it from New to Cancelled, saying why');
    expect(after).toContain('Undo the cancel');
  });

  it('undoes a cancel within the day: a mail not yet gone is withdrawn, a mail gone is followed by one', async () => {
    const reference = await order('approved');
    await post(reference, 'cancel', { from: 'approved', reason: 'Changed our minds', confirm: 'yes' });
    // Undone before the outbox sent the cancel: the customer is sent nothing at all.
    const quick = await post(reference, 'undo-cancel');
    expect(quick.headers.location).toBe(`/staff/requests/${reference}?done=cancel-undone-withdrawn`);
    expect((await storage.desk.getRequestState(reference))?.status).toBe('approved');
    expect(await sendAll()).toEqual([]);
    const page = await deskPage(reference);
    expect(page).toContain('Undid the cancel: back from Cancelled to Approved');
    expect(page).not.toContain('Undo the cancel<');

    // Cancelled again, and this time the mail went: one mail says it is undone.
    await post(reference, 'cancel', { from: 'approved', reason: 'Changed our minds again', confirm: 'yes' });
    expect((await sendAll()).map((mail) => mail.subject)).toEqual([`Seenwear: your request ${reference} is cancelled`]);
    const told = await post(reference, 'undo-cancel');
    expect(told.headers.location).toBe(`/staff/requests/${reference}?done=cancel-undone-told`);
    const [undone] = await sendAll();
    expect(undone?.subject).toBe(`Seenwear: your request ${reference} is back on`);
    expect(undone?.text).toContain('we have undone the cancel, and it is back where it was (approved)');
    // A second press finds nothing to undo.
    expect((await post(reference, 'undo-cancel')).headers.location).toBe(
      `/staff/requests/${reference}?done=not-cancelled`,
    );
    const mails = withSubjects(await storage.outbox.notificationsOf(reference), reference, 'Seenwear');
    expect(mails.filter((mail) => mail.subject?.endsWith('is back on'))).toHaveLength(1);
  });

  it('keeps the undo for 24 hours only', async () => {
    const reference = await order('new');
    await post(reference, 'cancel', { from: 'new', reason: 'Duplicate of another request', confirm: 'yes' });
    await runSql(
      storage.location,
      `update request_events set at = $1 where type = 'status' and submission_id = (select id from submissions where reference = $2)`,
      [isoFromNow(-25 * 60 * 60 * 1000), reference],
    );
    expect(await deskPage(reference)).not.toContain('Undo the cancel');
    expect((await post(reference, 'undo-cancel')).headers.location).toBe(
      `/staff/requests/${reference}?done=undo-too-late`,
    );
    expect((await storage.desk.getRequestState(reference))?.status).toBe('cancelled');
  });

  it('tells a customer who cancelled on their own page when the shop undoes it', async () => {
    const reference = await order('new');
    expect(await storage.customer.cancelByCustomer(reference, { from: ['new'], reason: 'Oops' })).toBe('cancelled');
    const undone = await post(reference, 'undo-cancel');
    expect(undone.headers.location).toBe(`/staff/requests/${reference}?done=cancel-undone-told`);
    expect((await sendAll()).map((mail) => mail.subject)).toEqual([`Seenwear: your request ${reference} is back on`]);
  });
});
