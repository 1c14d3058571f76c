import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '#server/config.ts';
import { linkKeys } from '#server/http/link-secrets.ts';
import { buildMail } from '#server/notifications/build-mail.ts';
import { requestLinks } from '#server/requests/request-links.ts';
import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import { withSubjects } from '#tests/support/mail-subjects.ts';
import { staffSession } from '#tests/support/staff-session.ts';
import {
  type StripeStandIn,
  signedEvent,
  standInStripeConfig,
  startStripeStandIn,
} from '#tests/support/stripe-stand-in.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';
import { visitorSession } from '#tests/support/visitor-session.ts';
import { sharePath } from './group-links.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const csrfSecret = 'test-secret-0123456789abcdef0123456789abcdef';
const mail: AppConfig['mail'] = {
  smtpUrl: 'smtp://127.0.0.1:2525',
  from: 'orders@seenwear.example',
  shopEmail: 'shop@seenwear.example',
};

// Paying per person: with Stripe set up and a price per person, a member joining pays their share through
// Checkout (the real `stripe` package against the local stand-in), and only the signed webhook marks the
// entry paid; without Stripe the group works as before. On each database.
describe.each(backends)('group members paying by card on %s', (backend) => {
  let t: TestApp;
  let plain: TestApp;
  let stripe: StripeStandIn;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    const config = { submissionRateLimit: 1000, mail, csrfSecret, groupLimits: { perGroup: 300, perVisitor: 12 } };
    t = await createTestApp({
      storage: await openTestStorage(backend),
      config: {
        ...config,
        stripe: standInStripeConfig(stripe),
      },
    });
    plain = await createTestApp({ storage: await openTestStorage(backend), config });
  });
  afterAll(() => stripe.close());

  let made = 0;
  /** A request whose organiser started a group at $14.50 a person, and a member's session at its link. */
  async function pricedGroup(app: TestApp, price = '14.50', garment = 'tee') {
    made += 1;
    const { reference } = await app.storage.submissions.saveSubmission({
      kind: 'quote',
      name: 'Pat Organiser',
      email: `pat-${made}@example.com`,
      payload: { name: 'Pat Organiser', garment, garmentColor: 'Navy', quantity: 20 },
      formValues: { name: 'Pat Organiser', qtyM: '20' },
      files: [],
    });
    const path = (await requestLinks(app.storage.customer, csrfSecret).pathFor(reference)) ?? '';
    const organiser = await visitorSession(app.app, path);
    await request(app.app)
      .post(`${path}/group`)
      .set('Cookie', organiser.cookie)
      .type('form')
      .send({
        [CSRF_FIELD]: organiser.token,
        title: 'Choir',
        deadline: '2099-06-01T18:00',
        payer: 'members',
        price,
      })
      .expect(303);
    const group = await app.storage.groups.groupOf(reference);
    const share = group && sharePath(linkKeys(csrfSecret), group);
    if (!group || !share) throw new Error('no group');
    const member = await visitorSession(app.app, share);
    const join = (name: string, quantity: string) =>
      request(app.app)
        .post(`${share}/join`)
        .set('Cookie', member.cookie)
        .type('form')
        .send({ [CSRF_FIELD]: member.token, name, email: `${name.toLowerCase()}@example.com`, size: 'L', quantity });
    return { reference, path, group, share, join, member };
  }

  function deliver(type: string, object: Record<string, unknown>, options: Parameters<typeof signedEvent>[2] = {}) {
    const event = signedEvent(type, object, options);
    return request(t.app)
      .post('/webhooks/stripe')
      .set('Stripe-Signature', event.signature)
      .set('Content-Type', 'application/json')
      .send(event.payload);
  }

  /** The desk's removal of a group entry, as its group card posts it. */
  async function deskRemoval(reference: string, entryId: number | undefined) {
    const desk = await staffSession(t.app, t.storage, 'owner@seenwear.example');
    const answer = await request(t.app)
      .post(`/staff/requests/${reference}/group/entries/${entryId}/remove`)
      .set('Cookie', desk.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: desk.token })
      .expect(303);
    return { desk, location: answer.headers.location as string };
  }

  const sessionOf = (location: string) => {
    const session = stripe.sessions.get(location.split('/').at(-1) ?? '');
    if (!session) throw new Error(`no session at ${location}`);
    return session as Record<string, unknown> & { id: string; metadata: Record<string, string> };
  };

  it('charges each member the price of the size they chose, and takes only that amount from the webhook', async () => {
    // The Gildan 5000's 2XL is $2.00 more: at $14.50 a person, a 2XL costs $16.50 each.
    const { reference, path, group, share, member } = await pricedGroup(t, '14.50', 'gildan-5000');
    const page = await request(t.app).get(share).expect(200);
    expect(page.text).toContain(
      'Each person pays the price beside their size by card when joining: $14.50, more for the larger sizes.',
    );
    expect(page.text).toMatch(/value="2XL"\/><span>2XL<span class="block text-xs text-stone-700">\$16\.50</);
    expect(page.text).toMatch(/value="M"\/><span>M<span class="block text-xs text-stone-700">\$14\.50</);
    const join = (name: string, size: string, quantity: string) =>
      request(t.app)
        .post(`${share}/join`)
        .set('Cookie', member.cookie)
        .type('form')
        .send({ [CSRF_FIELD]: member.token, name, email: `${name.toLowerCase()}@example.com`, size, quantity })
        .expect(303);
    const sam = sessionOf((await join('Sam', '2XL', '2')).headers.location as string);
    expect(sam.amount_total).toBe(3300);
    const kim = sessionOf((await join('Kim', 'M', '1')).headers.location as string);
    expect(kim.amount_total).toBe(1450);
    const [samEntry, kimEntry] = await t.storage.groups.entriesOf(group.id);

    // The 2XL share at its own price is recorded; the flat price for it would be held for the desk.
    expect((await deliver('checkout.session.completed', stripe.pay(sam.id)).expect(200)).body.outcome).toBe('recorded');
    expect((await t.storage.groups.entryById(samEntry?.id ?? 0))?.entry.payment).toBe('paid');
    // An M has no upcharge: the price per person alone.
    await deliver('checkout.session.completed', stripe.pay(kim.id)).expect(200);
    expect((await t.storage.groups.entryById(kimEntry?.id ?? 0))?.entry.payment).toBe('paid');

    // A third pays the flat price for a 2XL (an old page's amount): held, the entry still waiting.
    const lee = sessionOf((await join('Lee', '2XL', '1')).headers.location as string);
    expect(lee.amount_total).toBe(1650);
    await deliver('checkout.session.completed', { ...stripe.pay(lee.id), amount_total: 1450 }).expect(200);
    const payments = await t.storage.payments.paymentsOf(reference);
    expect(payments.map((row) => [row.amountCents, row.state, row.flag ?? null])).toEqual([
      [3300, 'succeeded', null],
      [1450, 'succeeded', null],
      [1450, 'held', 'amount-mismatch'],
    ]);

    // Someone the organiser adds by hand pays them, not the site: their share is still to pay.
    const organiser = await visitorSession(t.app, path);
    await request(t.app)
      .post(`${path}/group/entries`)
      .set('Cookie', organiser.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: organiser.token, name: 'Grandpa Joe', size: 'M' })
      .expect(303);
    // The organiser sees each share and what is in and still to come.
    const organiserPage = await request(t.app).get(path).expect(200);
    expect(organiserPage.text).toMatch(
      /data-entry="Grandpa Joe"[\s\S]*?Added by you[\s\S]*?\$14\.50<\/span>Not paid here/,
    );
    expect(organiserPage.text).toContain('Each person pays $14.50 plus their size’s upcharge');
    // Adding someone by hand shows what each size costs: the share the organiser collects from them.
    expect(organiserPage.text).toMatch(/value="2XL"\/><span>2XL<span class="block text-xs text-stone-700">\$16\.50</);
    expect(organiserPage.text).toMatch(/data-entry="Sam"[\s\S]*?\$33\.00<\/span>Paid/);
    expect(organiserPage.text).toMatch(/data-entry="Lee"[\s\S]*?\$16\.50<\/span>Waiting for payment/);
    expect(organiserPage.text).toContain(
      'Paid by card: <span class="font-semibold">$47.50</span> · Still to pay: <span class="font-semibold">$31.00</span>',
    );

    // Paid for a 2XL: a move to M (another price) is refused; to 3XL's price too; the name may change.
    const samPage = `/group-entries/${samEntry?.id}/${linkKeys(csrfSecret).groupEntry(samEntry?.id ?? 0, samEntry?.editSalt ?? '')}`;
    const refused = await request(t.app)
      .post(samPage)
      .set('Cookie', member.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: member.token, name: 'Sam', email: 'sam@example.com', size: 'M', quantity: '2' })
      .expect(422);
    expect(refused.text).toContain('that size costs a different amount');
    expect((await t.storage.groups.entryById(samEntry?.id ?? 0))?.entry.size).toBe('2XL');

    // The desk's list of mails says the receipts went to the members, by name, not to the customer.
    const desk = await staffSession(t.app, t.storage, 'owner@seenwear.example');
    const deskPage = await request(t.app).get(`/staff/requests/${reference}`).set('Cookie', desk.cookie).expect(200);
    expect(deskPage.text).toContain('To member Sam: “Seenwear: you joined the group order”');
    expect(deskPage.text).toContain('To member Kim: “Seenwear: you joined the group order”');
    expect(deskPage.text).not.toContain('To the customer: “Seenwear: you joined the group order”');
    // The outbox is shared by these tests: these receipts are sent, so no later test reads them as its own.
    for (
      let row = await t.storage.outbox.claimNotification(60_000);
      row;
      row = await t.storage.outbox.claimNotification(60_000)
    )
      await t.storage.outbox.markNotificationSent(row);
  });

  it('sends a joining member to Checkout for their share, and marks them paid only on the signed webhook', async () => {
    const { reference, path, group, share, join, member } = await pricedGroup(t);
    const page = await request(t.app).get(share).expect(200);
    expect(page.text).toContain('Each person pays $14.50 by card when joining.');
    // The join form's answer is a redirect to Stripe's page: the CSP lets the form go there.
    expect(page.headers['content-security-policy']).toContain(`form-action 'self' ${stripe.url};`);
    const joined = await join('Alex', '2').expect(303);
    expect(joined.headers.location).toMatch(new RegExp(`^${stripe.url}/pay/cs_test_\\w+$`));
    const session = sessionOf(joined.headers.location as string);
    const [entry] = await t.storage.groups.entriesOf(group.id);
    if (!entry) throw new Error('no entry');
    // Two pieces at $14.50, from the stored price, for this entry alone.
    expect(session).toMatchObject({
      amount_total: 2900,
      customer_email: 'alex@example.com',
      metadata: { reference, purpose: 'group-share', groupEntry: String(entry.id), group: String(group.id) },
    });
    const own = String(session.success_url);
    expect(own).toMatch(new RegExp(`^https://shop\\.example/group-entries/${entry.id}/[\\w-]{43}\\?done=paying$`));
    expect(session.cancel_url).toBe(own.replace('done=paying', 'done=payment-cancelled'));
    expect(entry.payment).toBe('pending');

    // Back from Stripe before its webhook: nothing paid yet, the page says it is being confirmed.
    const back = await request(t.app).get(own.replace('https://shop.example', '')).expect(200);
    expect(back.text).toContain('being confirmed');
    expect(back.text).not.toContain('is paid');
    // It looks again by itself, at an address that counts the looks (ten minutes' worth, then it stops).
    const ownPath = own.replace('https://shop.example', '').replace('?done=paying', '');
    expect(back.text).toContain(`<meta http-equiv="refresh" content="5; url=${ownPath}?done=paying&amp;looked=1"/>`);
    const tired = await request(t.app).get(`${ownPath}?done=paying&looked=120`).expect(200);
    expect(tired.text).not.toContain('http-equiv="refresh"');
    expect(tired.text).toContain('do not pay again');
    const organiserBefore = await request(t.app).get(path).expect(200);
    expect(organiserBefore.text).toContain('Waiting for payment');
    const receipt = 'Seenwear: you joined the group order';
    const subjects = async () =>
      withSubjects(await t.storage.outbox.notificationsOf(reference), reference, 'Seenwear').map(
        (item) => item.subject,
      );
    expect(await subjects()).not.toContain(receipt);

    const paid = stripe.pay(session.id);
    expect((await deliver('checkout.session.completed', paid).expect(200)).body.outcome).toBe('recorded');
    expect((await t.storage.groups.entryById(entry.id))?.entry.payment).toBe('paid');
    expect(await t.storage.payments.paymentsOf(reference)).toMatchObject([
      { kind: 'payment', state: 'succeeded', purpose: 'group-share', amountCents: 2900, stripeSessionId: session.id },
    ]);
    expect(await subjects()).toContain(receipt);
    // The member's receipt goes to them, not the organiser, and says what they paid.
    const written = await writtenMails();
    const memberMail = written.find((item) => item.subject === receipt);
    expect(memberMail?.to).toBe('alex@example.com');
    expect(memberMail?.text).toContain('Paid by card: $29.00.');
    expect(memberMail?.text).toContain(own.split('?')[0]);
    const after = await request(t.app).get(own.replace('https://shop.example', '')).expect(200);
    expect(after.text).toContain('Your share of $29.00 is paid');
    // The same return address, now that the payment is in, says so: never "being confirmed" beside "Paid".
    expect(after.text).toContain('your payment is recorded');
    expect(after.text).not.toContain('being confirmed');
    expect(after.text).toContain('(paid for: ask the organiser to change it)');
    expect(after.text).toMatch(/<input[^>]*name="quantity"[^>]*readOnly=""|<input[^>]*readOnly=""[^>]*name="quantity"/);
    const organiserAfter = await request(t.app).get(path).expect(200);
    expect(organiserAfter.text).toContain('Paid');
    expect(organiserAfter.text).not.toContain('Waiting for payment');

    // Paid for two: the member may change the size, not how many (the payment covers two pieces).
    const change = (quantity: string, size: string) =>
      request(t.app)
        .post(own.replace('https://shop.example', '').split('?')[0] ?? '')
        .set('Cookie', member.cookie)
        .type('form')
        .send({ [CSRF_FIELD]: member.token, name: 'Alex', email: 'alex@example.com', size, quantity });
    const more = await change('3', 'L').expect(422);
    expect(more.text).toContain('You have paid for these pieces, so how many stays as it is.');
    expect((await t.storage.groups.entryById(entry.id))?.entry).toMatchObject({ quantity: 2, payment: 'paid' });
    await change('2', 'XL').expect(303);
    expect((await t.storage.groups.entryById(entry.id))?.entry).toMatchObject({
      quantity: 2,
      size: 'XL',
      payment: 'paid',
    });
  });

  /** Every mail queued and not sent yet, written as it would be sent. */
  async function writtenMails() {
    const written = [];
    for (
      let row = await t.storage.outbox.claimNotification(60_000);
      row;
      row = await t.storage.outbox.claimNotification(60_000)
    ) {
      written.push(
        await buildMail(row, t.storage, {
          from: 'Seenwear <orders@seenwear.example>',
          shopEmail: 'shop@seenwear.example',
          shop: { appName: 'Seenwear', contact: { email: 'hello@seenwear.example', phone: '+15550100123' } },
          publicUrl: 'https://shop.example',
          linkKeys: linkKeys(csrfSecret),
          deskUrl: 'https://shop.example/staff',
        }),
      );
      await t.storage.outbox.markNotificationSent(row);
    }
    return written;
  }

  /** The member's change of their own entry, as their page posts it. */
  const changeOwn = (member: { cookie: string; token: string }, own: string, fields: Record<string, string>) =>
    request(t.app)
      .post(own)
      .set('Cookie', member.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: member.token, size: 'L', ...fields });

  it('expires the open Checkout when a member changes how many, and holds an old session paid anyway', async () => {
    const { reference, path, group, join, member } = await pricedGroup(t, '10.00');
    const session = sessionOf((await join('Max', '1').expect(303)).headers.location as string);
    expect(session.amount_total).toBe(1000);
    const own = String(session.success_url).replace('https://shop.example', '').split('?')[0] ?? '';
    // While the $10 page is open, the member asks for 20: the $10 page is closed first.
    await changeOwn(member, own, { name: 'Max', email: 'max@example.com', quantity: '20' })
      .expect(303)
      .expect('Location', `${own}?done=changed`);
    expect(stripe.sessions.get(session.id)?.status).toBe('expired');
    const page = await request(t.app).get(own).expect(200);
    expect(page.text).toContain('Pay $200.00 by card');
    // Paid all the same (it was completing as it was expired): the $10 is held for the desk, not 20 pieces.
    expect((await deliver('checkout.session.completed', stripe.pay(session.id)).expect(200)).body.outcome).toBe(
      'recorded',
    );
    expect((await t.storage.groups.entryById(Number(session.metadata.groupEntry)))?.entry).toMatchObject({
      quantity: 20,
      payment: 'pending',
    });
    expect(await t.storage.payments.paymentsOf(reference)).toMatchObject([
      { kind: 'payment', state: 'held', amountCents: 1000, flag: 'amount-mismatch' },
    ]);
    const mails = await writtenMails();
    expect(mails.filter((item) => item.to === 'max@example.com').map((item) => item.text)).toEqual([]);
    expect(mails.map((item) => item.subject)).toContain(`A payment needs you (${reference})`);
    const organiserPage = await request(t.app).get(path).expect(200);
    expect(organiserPage.text).toContain('Waiting for payment');
    // The close leaves the unpaid 20 out of the order.
    const organiser = await visitorSession(t.app, path);
    await request(t.app)
      .post(`${path}/group/close`)
      .set('Cookie', organiser.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: organiser.token, confirm: 'on' })
      .expect(303);
    expect((await t.storage.submissions.getSubmission(reference))?.payload).toMatchObject({ quantity: 0 });
    expect((await t.storage.groups.entriesOf(group.id))[0]?.payment).toBe('pending');
  });

  it('refuses to change how many while a payment is going through, and the receipt says what was paid', async () => {
    const { join, member } = await pricedGroup(t, '10.00');
    const session = sessionOf((await join('Ned', '1').expect(303)).headers.location as string);
    const own = String(session.success_url).replace('https://shop.example', '').split('?')[0] ?? '';
    // Paid on Stripe's page; its webhook has not come yet, so the session can no longer be expired.
    const paid = stripe.pay(session.id);
    const refused = await changeOwn(member, own, { name: 'Ned', email: 'ned@example.com', quantity: '20' }).expect(409);
    expect(refused.text).toContain('Your card payment for this entry is going through');
    expect((await t.storage.groups.entryById(Number(session.metadata.groupEntry)))?.entry.quantity).toBe(1);
    await deliver('checkout.session.completed', paid).expect(200);
    expect((await t.storage.groups.entryById(Number(session.metadata.groupEntry)))?.entry).toMatchObject({
      quantity: 1,
      payment: 'paid',
    });
    const receipt = (await writtenMails()).find((item) => item.to === 'ned@example.com');
    expect(receipt?.text).toContain('Paid by card: $10.00.');
  });

  it('holds a share paid a second time (an old session paid after a new one), counting the entry once', async () => {
    const { reference, join, member } = await pricedGroup(t, '10.00');
    const first = sessionOf((await join('Ivy', '2').expect(303)).headers.location as string);
    const own = String(first.success_url).replace('https://shop.example', '').split('?')[0] ?? '';
    // The site saw the first page run out (Stripe's own expiry), and the member started another.
    await t.storage.payments.markCheckoutSession(first.id, 'expired');
    const again = await request(t.app)
      .post(`${own}/pay`)
      .set('Cookie', member.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: member.token })
      .expect(303);
    const second = sessionOf(again.headers.location as string);
    expect(second.id).not.toBe(first.id);
    await deliver('checkout.session.completed', stripe.pay(second.id)).expect(200);
    // The first page, still open in another tab, is paid too.
    await deliver('checkout.session.completed', stripe.pay(first.id)).expect(200);
    expect(await t.storage.payments.paymentsOf(reference)).toMatchObject([
      { state: 'succeeded', amountCents: 2000, flag: null },
      { state: 'held', amountCents: 2000, flag: 'already-paid' },
    ]);
    const mails = await writtenMails();
    expect(mails.filter((item) => item.to === 'ivy@example.com')).toHaveLength(1);
    expect(mails.map((item) => item.subject)).toContain(`A payment needs you (${reference})`);
  });

  it('tells the organiser, on approving, the deposit still due after the members’ shares', async () => {
    const { reference, path, join } = await pricedGroup(t, '10.00');
    for (const name of ['Uma', 'Vic']) {
      const session = sessionOf((await join(name, '3').expect(303)).headers.location as string);
      await deliver('checkout.session.completed', stripe.pay(session.id)).expect(200);
    }
    // Six paid places at $10: $60 of a $240 order's $120 deposit is in already.
    await t.storage.versions.sendQuote(
      reference,
      {
        lines: [{ label: 'Tees', quantity: 24, unitCents: 1000 }],
        notes: '',
        validUntil: '2099-01-31',
        depositPercent: 50,
      },
      {
        from: 'new',
        to: 'quoted',
        actor: 'staff:owner@seenwear.example',
        mail: (version) => ({ kind: 'quote-sent', version }),
      },
    );
    const organiser = await visitorSession(t.app, path);
    await request(t.app)
      .post(`${path}/quotes/1/decision`)
      .set('Cookie', organiser.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: organiser.token, decision: 'approved', name: 'Pat Organiser', accept: 'yes' })
      .expect(303);
    const receipt = (await writtenMails()).find((mail) => mail.subject.includes('you approved quote v1'));
    expect(receipt?.text).toContain('Deposit before production: $120.00 (50%)');
    expect(receipt?.text).toContain('Already paid: $60.00');
    expect(receipt?.text).toContain('Deposit still due: $60.00');
    expect(receipt?.html).toContain('Deposit still due');
  });

  it('counts only paid places at the close, as the member’s page says', async () => {
    const { reference, path, join } = await pricedGroup(t, '10.00');
    const paidSession = sessionOf((await join('Ona', '2').expect(303)).headers.location as string);
    await join('Pia', '3').expect(303);
    await deliver('checkout.session.completed', stripe.pay(paidSession.id)).expect(200);
    const waitingSession = sessionOf((await join('Quin', '1').expect(303)).headers.location as string);
    const waiting = await request(t.app)
      .get(String(waitingSession.cancel_url).replace('https://shop.example', ''))
      .expect(200);
    expect(waiting.text).toContain('your place counts once it is');
    const organiser = await visitorSession(t.app, path);
    const before = await request(t.app).get(path).expect(200);
    expect(before.text).toContain('Waiting for payment');
    await request(t.app)
      .post(`${path}/group/close`)
      .set('Cookie', organiser.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: organiser.token, confirm: 'on' })
      .expect(303);
    expect((await t.storage.submissions.getSubmission(reference))?.payload).toMatchObject({
      quantity: 2,
      sizes: 'L: 2',
      roster: ['L', 'L'],
    });
    // Paid after the close left them out: the shop has the money, the order has no piece for it.
    await deliver('checkout.session.completed', stripe.pay(waitingSession.id)).expect(200);
    expect((await t.storage.payments.paymentsOf(reference)).at(-1)).toMatchObject({
      state: 'succeeded',
      flag: 'group-closed',
    });
    expect((await t.storage.groups.entryById(Number(waitingSession.metadata.groupEntry)))?.entry.payment).toBe(
      'pending',
    );
    expect((await t.storage.submissions.getSubmission(reference))?.payload).toMatchObject({ quantity: 2 });
  });

  it('keeps each member’s session apart, ignores a replay, and answers 200 with a warning for a session it never made', async () => {
    const { reference, group, join } = await pricedGroup(t);
    const first = sessionOf((await join('Bea', '1').expect(303)).headers.location as string);
    const second = sessionOf((await join('Cal', '3').expect(303)).headers.location as string);
    // The second member's checkout expires nothing of the first's.
    expect(stripe.sessions.get(first.id)).toMatchObject({ status: 'open', amount_total: 1450 });
    expect(second).toMatchObject({ status: 'open', amount_total: 4350 });

    const paid = stripe.pay(first.id);
    const eventId = `evt_group_replay_${backend}`;
    expect((await deliver('checkout.session.completed', paid, { id: eventId }).expect(200)).body.outcome).toBe(
      'recorded',
    );
    expect((await deliver('checkout.session.completed', paid, { id: eventId }).expect(200)).body.outcome).toBe(
      'replay',
    );
    expect(await t.storage.payments.paymentsOf(reference)).toHaveLength(1);
    // The desk sees what the money was for in the activity log.
    const desk = await staffSession(t.app, t.storage, 'owner@seenwear.example');
    const deskPage = await request(t.app).get(`/staff/requests/${reference}`).set('Cookie', desk.cookie).expect(200);
    expect(deskPage.text).toContain('Recorded a $14.50 group member’s share by card on the site');
    expect(deskPage.text).toMatch(
      /data-word="true">Bea<.*?>Paid<\/td>.*?data-word="true">Cal<.*?>Waiting for payment<\/td>/,
    );
    const entries = await t.storage.groups.entriesOf(group.id);
    expect(entries.map((entry) => [entry.name, entry.payment])).toEqual([
      ['Bea', 'paid'],
      ['Cal', 'pending'],
    ]);

    const stranger = { ...paid, id: 'cs_test_nogroupentry', metadata: { groupEntry: '999999' } };
    expect((await deliver('checkout.session.completed', stranger).expect(200)).body.outcome).toBe('unknown');
    expect(t.lines.some((line) => line.reason === 'stripe_unknown' && line.level === 40)).toBe(true);
  });

  it('leaves a paid entry to the desk, whose removal refunds the card and is in the activity', async () => {
    const { reference, path, group, join, member } = await pricedGroup(t);
    const session = sessionOf((await join('Gus', '2').expect(303)).headers.location as string);
    await deliver('checkout.session.completed', stripe.pay(session.id)).expect(200);
    const [entry] = await t.storage.groups.entriesOf(group.id);
    if (!entry) throw new Error('no entry');
    expect(entry.payment).toBe('paid');
    const entryPath = String(session.success_url).replace('https://shop.example', '').split('?')[0] ?? '';

    // Their pages offer no removal, and say whom to ask.
    const own = await request(t.app).get(entryPath).expect(200);
    expect(own.text).not.toContain('Remove my entry');
    expect(own.text).toContain(
      'You paid for this entry by card, so it stays on the list. To be taken off, ask the shop',
    );
    const organiserPage = await request(t.app).get(path).expect(200);
    expect(organiserPage.text).toContain('Paid: ask the shop to remove');
    expect(organiserPage.text).not.toContain(`/group/entries/${entry.id}/remove`);
    // Posted anyway (an old page), the member and the organiser are refused, and told whom to ask.
    const byMember = await request(t.app)
      .post(`${entryPath}/remove`)
      .set('Cookie', member.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: member.token })
      .expect(409);
    expect(byMember.text).toContain('You have paid for this entry by card, so it stays on the roster.');
    expect(byMember.text).toContain('ask the shop: it removes the entry and refunds your card.');
    const organiser = await visitorSession(t.app, path);
    const byOrganiser = await request(t.app)
      .post(`${path}/group/entries/${entry.id}/remove`)
      .set('Cookie', organiser.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: organiser.token })
      .expect(422);
    expect(byOrganiser.text).toContain('This member paid by card for their entry, so only the shop can remove it');
    expect((await t.storage.groups.entryById(entry.id))?.entry.removedAt).toBeNull();

    // The desk removes it: the card is refunded through Stripe for what was paid.
    const desk = await staffSession(t.app, t.storage, 'owner@seenwear.example');
    const before = await request(t.app).get(`/staff/requests/${reference}`).set('Cookie', desk.cookie).expect(200);
    const removePath = `/staff/requests/${reference}/group/entries/${entry.id}/remove`;
    expect(before.text).toContain(`action="${removePath}"`);
    expect(before.text).toContain('Remove and refund');
    const removed = await request(t.app)
      .post(removePath)
      .set('Cookie', desk.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: desk.token })
      .expect(303);
    expect(removed.headers.location).toBe(`/staff/requests/${reference}?done=entry-refund-asked#group`);
    expect((await t.storage.groups.entryById(entry.id))?.entry.removedAt).not.toBeNull();
    const asked = [...stripe.refunds.values()].at(-1);
    expect(asked).toMatchObject({ amount: 2900, status: 'pending' });
    const payments = await t.storage.payments.paymentsOf(reference);
    const paid = payments.find((row) => row.kind === 'payment');
    expect(payments.find((row) => row.kind === 'refund')).toMatchObject({
      state: 'pending',
      amountCents: 2900,
      refundOf: paid?.id,
      recordedBy: 'staff:owner@seenwear.example',
    });
    const after = await request(t.app).get(String(removed.headers.location)).set('Cookie', desk.cookie).expect(200);
    expect(after.text).toContain('The entry is removed, and the refund of its card payment asked of Stripe');
    expect(after.text).toContain('Gus’s group entry was removed');
    expect(after.text).toContain('Asked Stripe to refund $29.00');
    expect(after.text).toContain('Group entry of Gus removed: $29.00 back to their card.');
    // Stripe confirms it: the refund counts, as any refund from the money card does.
    await deliver('refund.updated', { ...asked, status: 'succeeded' }).expect(200);
    expect((await t.storage.payments.paymentsOf(reference)).find((row) => row.kind === 'refund')?.state).toBe(
      'succeeded',
    );

    // Removed once: a second post finds no entry, and asks Stripe for nothing more.
    await request(t.app)
      .post(removePath)
      .set('Cookie', desk.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: desk.token })
      .expect(404);
    expect([...stripe.refunds.values()].filter((item) => item.payment_intent === asked?.payment_intent)).toHaveLength(
      1,
    );
  });

  it('flags for the desk a share paid after its entry was removed, its Checkout still open', async () => {
    const { reference, group, join, member } = await pricedGroup(t);
    const session = sessionOf((await join('Ida', '1').expect(303)).headers.location as string);
    const entryPath = String(session.success_url).replace('https://shop.example', '').split('?')[0] ?? '';
    // Waiting for payment, the member may still take themselves off.
    await request(t.app)
      .post(`${entryPath}/remove`)
      .set('Cookie', member.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: member.token })
      .expect(303);
    expect((await t.storage.groups.entriesOf(group.id))[0]?.removedAt).not.toBeNull();
    // They pay on the tab Stripe's page was open in: the money is the shop's, flagged for a refund.
    expect((await deliver('checkout.session.completed', stripe.pay(session.id)).expect(200)).body.outcome).toBe(
      'recorded',
    );
    expect(await t.storage.payments.paymentsOf(reference)).toMatchObject([
      { kind: 'payment', state: 'succeeded', amountCents: 1450, flag: 'entry-removed' },
    ]);
    const subjects = withSubjects(await t.storage.outbox.notificationsOf(reference), reference, 'Seenwear').map(
      (item) => item.subject,
    );
    expect(subjects).toContain(`A payment needs you (${reference})`);
  });

  it('removes a paid entry even when Stripe refuses its refund, and tells the desk to refund it by hand', async () => {
    const { reference, group, join } = await pricedGroup(t);
    const session = sessionOf((await join('Jo', '1').expect(303)).headers.location as string);
    await deliver('checkout.session.completed', stripe.pay(session.id)).expect(200);
    const [entry] = await t.storage.groups.entriesOf(group.id);
    const [payment] = await t.storage.payments.paymentsOf(reference);
    // Refunded in Stripe's Dashboard meanwhile; its event has not reached the site.
    stripe.refundInDashboard(payment?.stripePaymentIntent ?? '');
    const { desk, location } = await deskRemoval(reference, entry?.id);
    expect(location).toBe(`/staff/requests/${reference}?done=entry-refund-failed#group`);
    expect((await t.storage.groups.entryById(entry?.id ?? 0))?.entry.removedAt).not.toBeNull();
    // No refund kept as asked: the desk refunds it once it knows what Stripe holds.
    expect((await t.storage.payments.paymentsOf(reference)).map((row) => row.kind)).toEqual(['payment']);
    const after = await request(t.app).get(location).set('Cookie', desk.cookie).expect(200);
    expect(after.text).toContain('The entry is removed, but Stripe did not take the refund of its card payment');
  });

  it('removes an unpaid entry on the desk without asking Stripe for anything', async () => {
    const { reference, group, join } = await pricedGroup(t);
    await join('Hal', '1').expect(303);
    const [entry] = await t.storage.groups.entriesOf(group.id);
    const refunds = stripe.refunds.size;
    const { location } = await deskRemoval(reference, entry?.id);
    expect(location).toBe(`/staff/requests/${reference}?done=entry-removed#group`);
    expect(await t.storage.groups.entriesOf(group.id)).toMatchObject([{ name: 'Hal', removedAt: expect.any(Date) }]);
    expect(stripe.refunds.size).toBe(refunds);
  });

  it('lets a member who cancelled on Stripe pay later from their own page', async () => {
    const { join, member } = await pricedGroup(t);
    const session = sessionOf((await join('Dee', '1').expect(303)).headers.location as string);
    const own = String(session.cancel_url).replace('https://shop.example', '');
    const page = await request(t.app).get(own).expect(200);
    expect(page.text).toContain('You did not pay');
    const entryPath = own.split('?')[0];
    expect(page.text).toContain(`action="${entryPath}/pay"`);
    const again = await request(t.app)
      .post(`${entryPath}/pay`)
      .set('Cookie', member.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: member.token })
      .expect(303);
    // The same open session for the same share: no second one to pay as well.
    expect(again.headers.location).toBe(`${stripe.url}/pay/${session.id}`);
  });

  it('keeps the entry waiting and says so when Stripe refuses to start the payment', async () => {
    // The stand-in, like Stripe, refuses a Checkout amount under 50 cents.
    const { group, join } = await pricedGroup(t, '0.40');
    const joined = await join('Fay', '1').expect(303);
    expect(joined.headers.location).toMatch(/^\/group-entries\/\d+\/[\w-]{43}\?done=payment-failed$/);
    const page = await request(t.app)
      .get(joined.headers.location as string)
      .expect(200);
    expect(page.text).toContain('could not be started');
    expect(page.text).toContain('Pay $0.40 by card');
    expect((await t.storage.groups.entriesOf(group.id)).map((entry) => entry.payment)).toEqual(['pending']);
    expect(t.lines.some((line) => line.msg === 'group share checkout could not start' && line.level === 50)).toBe(true);
  });

  it('changes nothing without Stripe: the member joins, is not sent to pay, and is mailed nothing', async () => {
    const { reference, group, join } = await pricedGroup(plain);
    const joined = await join('Eve', '1').expect(303);
    expect(joined.headers.location).toMatch(/^\/group-entries\/\d+\/[\w-]{43}\?done=joined$/);
    expect((await plain.storage.groups.entriesOf(group.id)).map((entry) => entry.payment)).toEqual(['none']);
    const mails = withSubjects(await plain.storage.outbox.notificationsOf(reference), reference, 'Seenwear');
    expect(mails.map((item) => item.subject)).not.toContain('Seenwear: you joined the group order');
    const page = await request(plain.app)
      .get(joined.headers.location as string)
      .expect(200);
    expect(page.text).toContain('Each person pays $14.50 to Pat');
  });
});
