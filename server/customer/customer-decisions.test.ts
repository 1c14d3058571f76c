import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '#server/config.ts';
import { requestLinks } from '#server/requests/request-links.ts';
import { threadView } from '#server/staff/desk-views.ts';
import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import type { QuoteTerms } from '#shared/requests/quote.ts';
import { withSubjects } from '#tests/support/mail-subjects.ts';
import { screenPrintRequest } from '#tests/support/proof-waiting.ts';
import { randomPng } from '#tests/support/random-png.ts';
import { staffSession } from '#tests/support/staff-session.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';
import { visitorSession } from '#tests/support/visitor-session.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const csrfSecret = 'test-secret-0123456789abcdef0123456789abcdef';
const mail: AppConfig['mail'] = {
  smtpUrl: 'smtp://127.0.0.1:2525',
  from: 'orders@seenwear.example',
  shopEmail: 'shop@seenwear.example',
};
const staff = 'staff:owner@seenwear.example' as const;
const terms = (validUntil = '2099-01-31'): QuoteTerms => ({
  lines: [
    { label: 'Standard cotton tee', quantity: 48, unitCents: 450 },
    { label: 'Front print, 2 colors', quantity: 48, unitCents: 325 },
  ],
  notes: 'White and gold ink.',
  validUntil,
  depositPercent: 50,
});
const toCustomer = (version: number) => ({ kind: 'quote-sent' as const, version });

// Approving quotes and proofs on the customer's page, over each database: consent recorded once, for
// exactly the version seen, and never for a version replaced or a quote past its date.
describe.each(backends)('decisions on the customer page on %s', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    const storage = await openTestStorage(backend);
    t = await createTestApp({ storage, config: { submissionRateLimit: 1000, mail, csrfSecret, trustProxy: 1 } });
  });

  async function quotedRequest(validUntil?: string) {
    // With the form's own fields: the promised day follows the calculator's schedule for them.
    const reference = await screenPrintRequest(t.storage);
    await t.storage.versions.sendQuote(reference, terms(validUntil), {
      from: 'new',
      to: 'quoted',
      actor: staff,
      mail: toCustomer,
    });
    const path = await requestLinks(t.storage.customer, csrfSecret).pathFor(reference);
    if (!path) throw new Error('no link');
    const session = await visitorSession(t.app, '/contact-us');
    const decide = (what: 'quotes' | 'proofs', version: number, fields: Record<string, string>) =>
      request(t.app)
        .post(`${path}/${what}/${version}/decision`)
        .set('Cookie', session.cookie)
        .set('User-Agent', 'Test browser 1.0')
        .set('X-Forwarded-For', '203.0.113.7')
        .type('form')
        .send({ [CSRF_FIELD]: session.token, ...fields });
    return { reference, path, decide };
  }

  it('shows the quote with its lines, total and deposit, and takes an approval signed with a name', async () => {
    const { reference, path, decide } = await quotedRequest();
    const page = await request(t.app).get(path).expect(200);
    expect(page.text).toContain('Your quote');
    expect(page.text).toContain('Standard cotton tee');
    expect(page.text).toContain('$372.00');
    expect(page.text).toContain('Deposit to start (50%)');
    expect(page.text).toContain('$186.00');
    expect(page.text).toContain('Approve quote v1');

    const unsigned = await decide('quotes', 1, { decision: 'approved', name: 'Dana Whitfield' }).expect(303);
    expect(unsigned.headers.location).toBe(`${path}?done=need-name#quote`);
    const approved = await decide('quotes', 1, { decision: 'approved', name: 'Dana Whitfield', accept: 'on' }).expect(
      303,
    );
    // The page opens at the payment: the deposit is the next step.
    expect(approved.headers.location).toBe(`${path}?done=quote-approved#payment`);

    expect((await t.storage.desk.getRequestState(reference))?.status).toBe('approved');
    const [record] = await t.storage.customer.approvalsOf(reference);
    expect(record).toMatchObject({
      subject: 'quote',
      version: 1,
      decision: 'approved',
      name: 'Dana Whitfield',
      ip: '203.0.113.7',
      userAgent: 'Test browser 1.0',
    });
    const mails = withSubjects(await t.storage.outbox.notificationsOf(reference), reference, 'Seenwear');
    const shopMail = mails.find((item) => item.subject?.startsWith('The customer approved'));
    expect(shopMail?.subject).toBe(`The customer approved quote v1 (${reference})`);
    // And the customer's own receipt of it.
    expect(mails.find((item) => item.recipient === 'customer' && item.subject?.includes('you approved'))?.subject).toBe(
      `Seenwear: you approved quote v1 of ${reference}`,
    );

    const after = await request(t.app).get(`${path}?done=quote-approved`).expect(200);
    expect(after.text).toContain('Thank you: your quote is approved.');
    expect(after.text).toContain('Approved by Dana Whitfield');
    expect(after.text).not.toContain('Approve quote v1');
    // A second approval of the same version finds nothing waiting, and records nothing.
    const again = await decide('quotes', 1, { decision: 'approved', name: 'Dana', accept: 'on' }).expect(303);
    expect(again.headers.location).toBe(`${path}?done=not-waiting#quote`);
    expect(await t.storage.customer.approvalsOf(reference)).toHaveLength(1);
    // The desk shows the record of consent.
    const desk = await t.storage.desk.getRequest(reference);
    expect(desk?.events.at(-1)).toMatchObject({ actor: 'customer', type: 'decision' });
  });

  it('asks for a fresh quote for an expired one in one press, once, marked in the inbox until a quote is sent', async () => {
    const { reference, path } = await quotedRequest('2020-01-01');
    const session = await visitorSession(t.app, '/contact-us');
    const ask = () =>
      request(t.app)
        .post(`${path}/fresh-quote`)
        .set('Cookie', session.cookie)
        .type('form')
        .send({
          [CSRF_FIELD]: session.token,
        });
    expect((await ask().expect(303)).headers.location).toBe(`${path}?done=fresh-quote-asked`);
    // Once: a second press changes nothing and mails no one.
    expect((await ask().expect(303)).headers.location).toBe(`${path}?done=fresh-quote-already`);
    const mails = withSubjects(await t.storage.outbox.notificationsOf(reference), reference, 'Seenwear');
    expect(mails.filter((item) => item.subject === `The customer asks for a fresh quote (${reference})`)).toHaveLength(
      1,
    );

    const page = await request(t.app).get(`${path}?done=fresh-quote-asked`).expect(200);
    expect(page.text).toContain('we have your request for a fresh quote');
    expect(page.text).toContain('You asked for a fresh quote on');
    expect(page.text).not.toContain('>Ask for a fresh quote<');
    expect(page.text).toContain('Waiting on us');

    // The desk: unread, at the top of the inbox and marked, with the way to a new quote on the request.
    const { cookie } = await staffSession(t.app, t.storage, 'owner@seenwear.example');
    const inbox = await request(t.app).get('/staff').set('Cookie', cookie).expect(200);
    const row = new RegExp(`<li[^>]*>(?:(?!</li>).)*${reference}(?:(?!</li>).)*</li>`, 's').exec(inbox.text)?.[0] ?? '';
    expect(row).toContain('Needs a new quote');
    expect(row).toContain('(unread)');
    const desk = await request(t.app).get(`/staff/requests/${reference}`).set('Cookie', cookie).expect(200);
    expect(desk.text).toContain('the customer asked for a fresh quote on');
    expect(desk.text).toContain('Asked for a fresh quote: quote v1 had expired');
    // An expired quote cannot be approved in person either: the menu does not offer it.
    expect(desk.text).not.toContain('Approved (in person)');

    // A new quote answers it.
    await t.storage.versions.sendQuote(reference, terms(), {
      from: 'quoted',
      to: 'quoted',
      actor: staff,
      mail: toCustomer,
    });
    const later = await request(t.app).get('/staff').set('Cookie', cookie).expect(200);
    const after =
      new RegExp(`<li[^>]*>(?:(?!</li>).)*${reference}(?:(?!</li>).)*</li>`, 's').exec(later.text)?.[0] ?? '';
    expect(after).not.toContain('Needs a new quote');
    const open = await request(t.app).get(path).expect(200);
    expect(open.text).toContain('Approve quote v2');
    expect(open.text).not.toContain('Ask for a fresh quote');
    // An open quote is not asked for again.
    expect((await ask().expect(303)).headers.location).toBe(`${path}?done=fresh-quote-not-expired`);
  });

  it('shows the desk an approved quote as Approved, with the browser it came from by name', async () => {
    const { reference, path } = await quotedRequest();
    const session = await visitorSession(t.app, '/contact-us');
    await request(t.app)
      .post(`${path}/quotes/1/decision`)
      .set('Cookie', session.cookie)
      .set(
        'User-Agent',
        'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      )
      .type('form')
      .send({ [CSRF_FIELD]: session.token, decision: 'approved', name: 'Dana Whitfield', accept: 'on' })
      .expect(303);
    const { cookie } = await staffSession(t.app, t.storage, 'owner@seenwear.example');
    const desk = await request(t.app).get(`/staff/requests/${reference}`).set('Cookie', cookie).expect(200);
    const version = /Quote v1 <span[^>]*>.*?<\/p>/s.exec(desk.text)?.[0] ?? '';
    expect(version).toContain('Approved');
    expect(version).not.toContain('Open');
    expect(desk.text).toContain('using Chrome 131 on Android');
    // The user agent as it came stays in the record.
    expect(desk.text).toContain('Chrome/131.0.0.0 Mobile Safari/537.36');
  });

  it('refuses to approve a replaced version or a quote past its date, recording nothing', async () => {
    const { reference, path, decide } = await quotedRequest();
    await t.storage.versions.sendQuote(reference, terms(), {
      from: 'quoted',
      to: 'quoted',
      actor: staff,
      mail: toCustomer,
    });
    // A version replaced since: a conflict, answered with the page showing the newest and why nothing was kept.
    const stale = await decide('quotes', 1, { decision: 'approved', name: 'Dana Whitfield', accept: 'on' }).expect(409);
    expect(stale.text).toContain('The shop has sent a newer version since');
    expect(stale.text).toContain('Approve quote v2');
    expect(path).toMatch(/^\/requests\//);

    const expired = await quotedRequest('2020-01-01');
    const late = await expired
      .decide('quotes', 1, { decision: 'approved', name: 'Dana Whitfield', accept: 'on' })
      .expect(303);
    expect(late.headers.location).toBe(`${expired.path}?done=expired#quote`);
    const page = await request(t.app).get(expired.path).expect(200);
    expect(page.text).toContain('so it can no longer be approved');
    expect(page.text).toContain('Ask for a fresh quote');
    expect(page.text).not.toContain('Approve quote v1');
    // The status box asks for no approval that cannot be given.
    expect(page.text).not.toContain('Approve it to book your order');
    expect(page.text).not.toContain('waiting for your approval');
    expect(await t.storage.customer.approvalsOf(reference)).toEqual([]);
    expect(await t.storage.customer.approvalsOf(expired.reference)).toEqual([]);
  });

  it('takes a request for changes as a message to the shop, leaving the quote waiting', async () => {
    const { reference, path, decide } = await quotedRequest();
    const empty = await decide('quotes', 1, { decision: 'changes', comment: ' ' }).expect(303);
    expect(empty.headers.location).toBe(`${path}?done=need-comment#quote`);
    await decide('quotes', 1, { decision: 'changes', comment: 'Navy shirts instead, please.' }).expect(303);
    expect((await t.storage.desk.getRequestState(reference))?.status).toBe('quoted');
    const page = await request(t.app).get(path).expect(200);
    expect(page.text).toContain('Navy shirts instead, please.');
    expect((await t.storage.customer.approvalsOf(reference))[0]?.decision).toBe('changes');
    const desk = await t.storage.desk.getRequest(reference);
    expect(desk && threadView(desk).at(-1)).toMatchObject({
      from: 'customer',
      text: 'Changes asked to quote v1: Navy shirts instead, please.',
    });
  });

  it('shows the proof at its print size, serves it, and takes its approval', async () => {
    const { reference, path, decide } = await quotedRequest();
    await decide('quotes', 1, { decision: 'approved', name: 'Dana Whitfield', accept: 'on' }).expect(303);
    const png = randomPng(16);
    await t.storage.versions.sendProof(
      reference,
      {
        file: { name: 'front.png', mediaType: 'image/png', size: png.length, data: png },
        widthInches: 11.5,
        heightInches: 4,
        notes: '',
      },
      { from: 'approved', to: 'proof_sent', actor: staff, mail: (version) => ({ kind: 'proof-sent', version }) },
    );
    const page = await request(t.app).get(path).expect(200);
    expect(page.text).toContain('width="11.5in" height="4in"');
    expect(page.text).toContain('Prints at 11.5 × 4 in.');
    const preview = await request(t.app).get(`${path}/proofs/1/preview`).expect(200);
    expect(preview.headers['content-type']).toBe('image/png');
    // The proof mail shows it as a thumbnail, from a mail client's page: another origin.
    expect(preview.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(preview.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    await request(t.app).get(`${path}/proofs/2/preview`).expect(404);

    const approved = await decide('proofs', 1, { decision: 'approved', name: 'Dana Whitfield', accept: 'on' }).expect(
      303,
    );
    expect(approved.headers.location).toBe(`${path}?done=proof-approved#proof`);
    expect((await t.storage.desk.getRequestState(reference))?.status).toBe('proof_approved');
    // The approved proof books the order in: the page says the day it will be ready.
    const promised = (await t.storage.customer.getCustomerRequest(reference))?.promised;
    expect(promised?.handover).toBe('pickup');
    expect(promised?.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const booked = await request(t.app).get(path).expect(200);
    expect(booked.text).toMatch(/Ready for pickup on [^<]*\d{1,2}, \d{4}</);
    expect((await t.storage.customer.approvalsOf(reference)).map((item) => [item.subject, item.decision])).toEqual([
      ['quote', 'approved'],
      ['proof', 'approved'],
    ]);
  });

  it('shows a proof sent before approval as a draft beside the quote, and approves both at once', async () => {
    const { reference, path, decide } = await quotedRequest();
    const png = randomPng(16);
    await t.storage.versions.sendProof(
      reference,
      {
        file: { name: 'front.png', mediaType: 'image/png', size: png.length, data: png },
        widthInches: null,
        heightInches: null,
        notes: '',
      },
      { from: 'quoted', to: 'quoted', actor: staff, mail: toCustomer },
    );
    const page = await request(t.app).get(path).expect(200);
    expect(page.text).toContain('This proof comes with your quote');
    expect(page.text).toContain('Approve quote v1 and proof v1');
    // The draft is answered with its quote, never on its own.
    const alone = await decide('proofs', 1, { decision: 'approved', name: 'Dana Whitfield', accept: 'on' }).expect(303);
    expect(alone.headers.location).toBe(`${path}?done=not-waiting#proof`);

    const both = await decide('quotes', 1, { decision: 'approved', name: 'Dana Whitfield', accept: 'on' }).expect(303);
    expect(both.headers.location).toBe(`${path}?done=quote-and-proof-approved#payment`);
    expect((await t.storage.desk.getRequestState(reference))?.status).toBe('proof_approved');
    expect(
      (await t.storage.customer.approvalsOf(reference)).map((item) => [item.subject, item.version, item.name]),
    ).toEqual([
      ['quote', 1, 'Dana Whitfield'],
      ['proof', 1, 'Dana Whitfield'],
    ]);
    // The timeline shows what happened, and nothing that did not: no "Proof sent" step was taken.
    const after = await request(t.app).get(`${path}?done=quote-and-proof-approved`).expect(200);
    expect(after.text).toContain('your quote and your proof are approved');
    expect(after.text).not.toContain('Proof sent');
  });

  it('makes the request unread and first in the inbox after each thing the customer does', async () => {
    const older = await quotedRequest();
    const newer = await quotedRequest();
    const inbox = async () => {
      const list = await t.storage.desk.listRequests({ page: 1, pageSize: 100 });
      const mine = list.items.filter((item) => [older.reference, newer.reference].includes(item.reference));
      return mine.map((item) => [item.reference, item.readAt === null]);
    };
    await t.storage.desk.markRequestRead(older.reference, staff);
    await t.storage.desk.markRequestRead(newer.reference, staff);
    expect(await inbox()).toEqual([
      [newer.reference, false],
      [older.reference, false],
    ]);
    await older.decide('quotes', 1, { decision: 'changes', comment: 'Navy, please.' }).expect(303);
    expect(await inbox()).toEqual([
      [older.reference, true],
      [newer.reference, false],
    ]);
    await t.storage.desk.markRequestRead(older.reference, staff);
    await newer.decide('quotes', 1, { decision: 'approved', name: 'Dana Whitfield', accept: 'on' }).expect(303);
    expect(await inbox()).toEqual([
      [newer.reference, true],
      [older.reference, false],
    ]);
  });

  it('takes no decision without the page’s token, nor through a wrong link', async () => {
    const { reference, path } = await quotedRequest();
    await request(t.app)
      .post(`${path}/quotes/1/decision`)
      .type('form')
      .send({ decision: 'approved', name: 'Mallory', accept: 'on' })
      .expect(403);
    const session = await visitorSession(t.app, '/contact-us');
    await request(t.app)
      .post(`/requests/${reference}/${'A'.repeat(43)}/quotes/1/decision`)
      .set('Cookie', session.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: session.token, decision: 'approved', name: 'Mallory', accept: 'on' })
      .expect(404);
    expect(await t.storage.customer.approvalsOf(reference)).toEqual([]);
  });
});
