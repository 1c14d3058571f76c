import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '#server/config.ts';
import { requestLinks } from '#server/requests/request-links.ts';
import { CSRF_FIELD, CSRF_HEADER } from '#shared/csrf-contract.ts';
import { withSubjects } from '#tests/support/mail-subjects.ts';
import { randomPng } from '#tests/support/random-png.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';
import { cookiesOf, visitorSession } from '#tests/support/visitor-session.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const csrfSecret = 'test-secret-0123456789abcdef0123456789abcdef';
const mail: AppConfig['mail'] = {
  smtpUrl: 'smtp://127.0.0.1:2525',
  from: 'orders@seenwear.example',
  shopEmail: 'shop@seenwear.example',
};

// The customer's private page over each database: who gets in, what it shows, and what they can do.
describe.each(backends)("the customer's request page on %s", (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    const storage = await openTestStorage(backend, { now: () => new Date() });
    t = await createTestApp({ storage, config: { submissionRateLimit: 1000, mail, csrfSecret } });
  });

  /** A new quote request straight into the database, and its page's path. */
  let made = 0;
  async function newRequest(name = 'Dana Whitfield') {
    made += 1;
    const { reference } = await t.storage.submissions.saveSubmission({
      kind: 'quote',
      name,
      // An address each: the sixth request from one address in a day would have its confirmation skipped (and logged).
      email: `dana-${made}@example.com`,
      payload: {
        name,
        company: 'Riverside 5K',
        service: 'Screen printing',
        quantity: 48,
        sizes: 'M: 30, L: 18',
        inHandsDate: '2099-01-10',
        comments: 'Team shirts for the 5K',
        websiteEstimate: '$412.80 in total, $8.60 per piece',
      },
      files: [
        { name: 'logo.png', mediaType: 'image/png', size: 3, data: Buffer.from('png') },
        { name: 'logo.svg', mediaType: 'image/svg+xml', size: 12, data: Buffer.from('<svg></svg>\n') },
      ],
    });
    const path = await requestLinks(t.storage.customer, csrfSecret).pathFor(reference);
    if (!path) throw new Error('no link for a quote request');
    return { reference, path };
  }

  it('opens with its link: where it stands, what was asked for and the estimate, never cached or indexed', async () => {
    const { reference, path } = await newRequest();
    const page = await request(t.app).get(path).expect(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.text).toContain(reference);
    expect(page.text).toContain('Waiting on us');
    expect(page.text).toMatch(/aria-current="step"[^>]*>.*?Received/s);
    expect(page.text).toContain('Riverside 5K');
    expect(page.text).toContain('$412.80 in total, $8.60 per piece');
    expect(page.text).toContain(`${path}/files/0/preview`);
    expect(page.text).not.toContain(`${path}/files/1/preview`);
    expect(page.text).toContain('Cancel my request');
    expect(page.text).not.toContain('<script');
  });

  it('answers an unknown reference, a wrong secret and a contact message with the one same 404', async () => {
    const { reference, path } = await newRequest();
    const secret = path.split('/').at(-1) ?? '';
    const { reference: contact } = await t.storage.submissions.saveSubmission({
      kind: 'contact',
      name: 'Sam',
      email: 'sam@example.com',
      payload: { message: 'Hi' },
      files: [],
    });
    const answers = await Promise.all(
      [
        `/requests/Q-2000-000001/${secret}`,
        `/requests/${reference}/${secret.slice(0, -2)}${secret.endsWith('AA') ? 'BB' : 'AA'}`,
        `/requests/${contact}/${secret}`,
        `/requests/${reference}/short`,
      ].map((address) => request(t.app).get(address).set('Accept', 'text/html')),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
      expect(answer.text).toBe(answers[0]?.text);
    }
    await request(t.app)
      // A secret one character off (never the real one: it may start with "x" itself, 1 run in 64).
      .get(`/requests/${reference}/${secret.startsWith('x') ? 'y' : 'x'}${secret.slice(1)}/files/0`)
      .expect(404);
  });

  it('stops opening with a link the shop replaced, and opens with the new one', async () => {
    const { reference, path } = await newRequest();
    const replaced = await requestLinks(t.storage.customer, csrfSecret).replace(
      reference,
      'staff:owner@seenwear.example',
    );
    await request(t.app).get(path).expect(404);
    await request(t.app)
      .get(replaced ?? '')
      .expect(200);
  });

  it('serves only raster previews inline, under a sandbox; other files as downloads', async () => {
    const { path } = await newRequest();
    const preview = await request(t.app).get(`${path}/files/0/preview`).expect(200);
    expect(preview.headers['content-type']).toBe('image/png');
    expect(preview.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    const svg = await request(t.app).get(`${path}/files/1`).expect(200);
    expect(svg.headers['content-type']).toBe('application/octet-stream');
    expect(svg.headers['content-disposition']).toBe("attachment; filename*=UTF-8''logo.svg");
    await request(t.app).get(`${path}/files/1/preview`).expect(404);
    await request(t.app).get(`${path}/files/9`).expect(404);
  });

  it('takes a message with artwork: it joins the thread and the shop is e-mailed', async () => {
    const { reference, path } = await newRequest();
    const { cookie, token } = await visitorSession(t.app, path);
    const sent = await request(t.app)
      .post(`${path}/messages`)
      .set('Cookie', cookie)
      .field(CSRF_FIELD, token)
      .field('text', 'Here is the back print, 10 inches wide.')
      .attach('artwork', randomPng(8), 'back.png')
      .expect(303);
    expect(sent.headers.location).toBe(`${path}?done=sent`);
    const page = await request(t.app).get(`${path}?done=sent`).expect(200);
    expect(page.text).toContain('Your message is on its way to the shop.');
    expect(page.text).toContain('Here is the back print, 10 inches wide.');
    expect(page.text).toContain(`href="${path}/files/2">back.png</a>`);
    const mails = withSubjects(await t.storage.outbox.notificationsOf(reference), reference, 'Seenwear');
    expect(mails.at(-1)).toMatchObject({ recipient: 'staff', subject: `The customer wrote (${reference})` });
    // The shop sees it on the desk, with the file among the request's artwork.
    expect((await t.storage.desk.getRequestFile(reference, 2))?.mediaType).toBe('image/png');

    const empty = await request(t.app)
      .post(`${path}/messages`)
      .set('Cookie', cookie)
      .field(CSRF_FIELD, token)
      .field('text', '  ')
      .expect(303);
    expect(empty.headers.location).toBe(`${path}?done=empty`);
  });

  it('refuses a file that is not artwork by its content, keeping nothing', async () => {
    const { reference, path } = await newRequest();
    const filesBefore = (await t.storage.customer.getCustomerRequest(reference))?.files;
    const { cookie, token } = await visitorSession(t.app, path);
    const refused = await request(t.app)
      .post(`${path}/messages`)
      .set('Cookie', cookie)
      .field(CSRF_FIELD, token)
      .field('text', 'Logo attached')
      .attach('artwork', Buffer.from('just some text, not a picture'), 'logo.png')
      .expect(422);
    expect(refused.text).toContain('is not a PNG, JPEG, SVG, PDF, AI or EPS file');
    // No message and no file (the log may say a confirmation was skipped: this file posts many requests).
    const request_ = await t.storage.customer.getCustomerRequest(reference);
    expect(request_?.events.filter((event) => event.type === 'message')).toEqual([]);
    expect(request_?.files).toEqual(filesBefore);
  });

  it('refuses posts without the token, and posts to a wrong link before reading them', async () => {
    const { reference, path } = await newRequest();
    const { cookie, token } = await visitorSession(t.app, path);
    await request(t.app).post(`${path}/cancel`).set('Cookie', cookie).type('form').send({ reason: 'x' }).expect(403);
    await request(t.app)
      .post(`${path}/messages`)
      .set('Cookie', cookie)
      .set(CSRF_HEADER, 'forged')
      .field('text', 'forged')
      .expect(403);
    await request(t.app)
      .post(`/requests/${reference}/${'A'.repeat(43)}/cancel`)
      .set('Cookie', cookie)
      .type('form')
      .send({ [CSRF_FIELD]: token })
      .expect(404);
    expect((await t.storage.customer.getCustomerRequest(reference))?.status).toBe('new');
  });

  it('cancels before approval with a reason the shop is told, and not after', async () => {
    const { reference, path } = await newRequest();
    const { cookie, token } = await visitorSession(t.app, path);
    const cancel = (address: string) =>
      request(t.app)
        .post(`${address}/cancel`)
        .set('Cookie', cookie)
        .type('form')
        .send({ [CSRF_FIELD]: token, reason: 'The race was called off' })
        .expect(303);
    expect((await cancel(path)).headers.location).toBe(`${path}?done=cancelled`);
    const page = await request(t.app).get(`${path}?done=cancelled`).expect(200);
    expect(page.text).toContain('Your request is cancelled.');
    expect(page.text).toContain('The race was called off');
    expect(page.text).toMatch(/aria-current="step"[^>]*>.*?Cancelled/s);
    expect(page.text).not.toContain('Cancel my request');
    expect(withSubjects(await t.storage.outbox.notificationsOf(reference), reference, 'Seenwear').at(-1)).toMatchObject(
      {
        recipient: 'staff',
        subject: `The customer cancelled (${reference})`,
      },
    );
    expect((await cancel(path)).headers.location).toBe(`${path}?done=too-late`);

    const approved = await newRequest('Lee Park');
    await t.storage.desk.changeRequestStatus(approved.reference, {
      from: 'new',
      to: 'approved',
      actor: 'staff:owner@seenwear.example',
    });
    expect((await cancel(approved.path)).headers.location).toBe(`${approved.path}?done=too-late`);
    expect((await t.storage.customer.getCustomerRequest(approved.reference))?.status).toBe('approved');
  });

  it('shows the link to whoever sent the quote form, with and without JavaScript', async () => {
    const quote = {
      name: 'Ana Souza',
      email: 'ana@example.com',
      phone: '(555) 010-0188',
      service: 'screen-printing',
      garment: 'gildan-5000',
      garmentColor: 'White',
      qtyM: '48',
      loc1: 'front',
      loc1Colors: '2',
      delivery: 'pickup',
    };
    const { cookie, token } = await visitorSession(t.app, '/pricing');
    const scripted = await request(t.app)
      .post('/api/quotes')
      .set('Cookie', cookie)
      .set(CSRF_HEADER, token)
      .set('Accept', 'application/json')
      .type('form')
      .send(quote)
      .expect(201);
    expect(scripted.headers['cache-control']).toBe('no-store');
    expect(scripted.body.link).toMatch(/^\/requests\/Q-\d{4}-\d{6}\/[A-Za-z0-9_-]{43}$/);
    await request(t.app).get(scripted.body.link).expect(200);

    const plain = await request(t.app)
      .post('/api/quotes')
      .set('Cookie', cookie)
      .set('Accept', 'text/html')
      .type('form')
      .send({ ...quote, [CSRF_FIELD]: token })
      .expect(303);
    // Without JavaScript the request lands on its confirmation page, the link carried by the flash cookie.
    expect(plain.headers.location).toBe('/pricing/sent');
    const flash =
      cookiesOf(plain)
        .find((line) => line.startsWith('flash='))
        ?.split(';')[0] ?? '';
    const landing = await request(t.app).get('/pricing/sent').set('Cookie', `${cookie}; ${flash}`).expect(200);
    expect(landing.headers['cache-control']).toBe('private, no-store');
    const link = /href="(\/requests\/Q-\d{4}-\d{6}\/[A-Za-z0-9_-]{43})"/.exec(landing.text)?.[1];
    expect(link).toBeDefined();
    await request(t.app)
      .get(link ?? '')
      .expect(200);
    // Another visitor's copy of the page has no link.
    expect((await request(t.app).get('/pricing').expect(200)).text).not.toContain('/requests/Q-');
  });
});

describe("the customer's page's rate limit", () => {
  it('refuses an address after a few wrong links, and counts no visits with the right one', async () => {
    const storage = await openTestStorage('sqlite');
    const t = await createTestApp({ storage, config: { submissionRateLimit: 3, csrfSecret } });
    const { reference } = await storage.submissions.saveSubmission({
      kind: 'quote',
      name: 'Kim',
      email: 'kim@example.com',
      payload: { name: 'Kim', quantity: 24 },
      files: [],
    });
    const path = (await requestLinks(storage.customer, csrfSecret).pathFor(reference)) ?? '';
    for (let visit = 0; visit < 5; visit++) await request(t.app).get(path).expect(200);
    for (let guess = 0; guess < 3; guess++) {
      await request(t.app)
        .get(`/requests/${reference}/${'B'.repeat(42)}${guess}`)
        .expect(404);
    }
    const refused = await request(t.app)
      .get(`/requests/${reference}/${'C'.repeat(43)}`)
      .expect(429);
    expect(refused.text).toContain('Too many tries at this address');
  });
});
