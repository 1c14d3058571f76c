import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import { withSubjects } from '#tests/support/mail-subjects.ts';
import { staffSession } from '#tests/support/staff-session.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const staff = 'owner@seenwear.example';

// The desk over each database: the inbox, a request, its status and notes (sign-in: sign-in-routes.test.ts).
describe.each(backends)('the staff desk on %s', (backend) => {
  let t: TestApp;
  let reference: string;

  beforeAll(async () => {
    const storage = await openTestStorage(backend);
    t = await createTestApp({ storage, config: { submissionRateLimit: 1000 } });
    reference = (
      await storage.submissions.saveSubmission({
        kind: 'quote',
        name: 'Dana Whitfield',
        email: 'dana@example.com',
        payload: {
          name: 'Dana Whitfield',
          company: 'Riverside 5K',
          service: 'Screen printing',
          quantity: 36,
          inHandsDate: '2099-01-10',
        },
        files: [
          { name: 'logo.png', mediaType: 'image/png', size: 3, data: Buffer.from('png') },
          { name: 'logo.svg', mediaType: 'image/svg+xml', size: 12, data: Buffer.from('<svg></svg>\n') },
        ],
      })
    ).reference;
  });

  const signedIn = (email = staff) => staffSession(t.app, t.storage, staff, email);

  it('sends strangers to the sign-in page, and API callers a 401', async () => {
    const page = await request(t.app).get('/staff?status=new').set('Accept', 'text/html').expect(303);
    expect(page.headers.location).toBe('/staff/sign-in?next=%2Fstaff%3Fstatus%3Dnew');
    await request(t.app).get(`/staff/requests/${reference}`).set('Accept', 'application/json').expect(401);
  });

  it('lists requests in the inbox with unread ones marked, and finds them by company', async () => {
    const { cookie } = await signedIn();
    const inbox = await request(t.app).get('/staff?q=riverside').set('Cookie', cookie).expect(200);
    expect(inbox.headers['cache-control']).toBe('no-store');
    expect(inbox.text).toContain(reference);
    expect(inbox.text).toContain('Riverside 5K');
    expect(inbox.text).toContain('(unread)');
    expect(inbox.text).toContain(`Signed in as`);
    const none = await request(t.app).get('/staff?q=nobody-at-all').set('Cookie', cookie).expect(200);
    expect(none.text).toContain('Nothing matches these filters.');
  });

  it('shows a request, marks it read, and serves only raster previews inline', async () => {
    const { cookie } = await signedIn();
    const page = await request(t.app).get(`/staff/requests/${reference}`).set('Cookie', cookie).expect(200);
    expect(page.text).toContain('Riverside 5K');
    // The first view already shows, in the activity, that it was opened; a second logs nothing more.
    expect(page.text.split('Opened it on the desk')).toHaveLength(2);
    const again = await request(t.app).get(`/staff/requests/${reference}`).set('Cookie', cookie).expect(200);
    expect(again.text.split('Opened it on the desk')).toHaveLength(2);
    expect(page.text).toContain(`/staff/requests/${reference}/files/0/preview`);
    expect(page.text).not.toContain(`/staff/requests/${reference}/files/1/preview`);
    const inbox = await request(t.app).get('/staff?q=riverside').set('Cookie', cookie).expect(200);
    expect(inbox.text).not.toContain('(unread)');

    const preview = await request(t.app)
      .get(`/staff/requests/${reference}/files/0/preview`)
      .set('Cookie', cookie)
      .expect(200);
    expect(preview.headers['content-type']).toBe('image/png');
    expect(preview.headers['content-disposition']).toMatch(/^inline/);
    const svg = await request(t.app).get(`/staff/requests/${reference}/files/1`).set('Cookie', cookie).expect(200);
    expect(svg.headers['content-type']).toBe('application/octet-stream');
    expect(svg.headers['content-disposition']).toBe("attachment; filename*=UTF-8''logo.svg");
    await request(t.app).get(`/staff/requests/${reference}/files/1/preview`).set('Cookie', cookie).expect(404);
    await request(t.app).get('/staff/requests/Q-2000-000001').set('Cookie', cookie).expect(404);
  });

  it('puts the conversation first, and a contact message in it with its date, not among the details', async () => {
    const { cookie } = await signedIn();
    const { reference: contact } = await t.storage.submissions.saveSubmission({
      kind: 'contact',
      name: 'Sam Ortiz',
      email: 'sam@example.com',
      payload: { name: 'Sam Ortiz', email: 'sam@example.com', phone: '(555) 010-0123', message: 'Do you print socks?' },
      files: [],
    });
    const page = await request(t.app).get(`/staff/requests/${contact}`).set('Cookie', cookie).expect(200);
    const messages = page.text.indexOf('>Messages</h2>');
    const sent = page.text.indexOf('>What they sent</h2>');
    expect(messages).toBeGreaterThan(0);
    expect(sent).toBeGreaterThan(messages);
    // Once, in the conversation, dated by the shop's clock.
    expect(page.text.split('Do you print socks?')).toHaveLength(2);
    const thread = page.text.slice(messages, sent);
    expect(thread).toContain('Do you print socks?');
    expect(thread).toMatch(/<time dateTime="[^"]+">[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M C[SD]T</);
    expect(page.text.slice(sent)).toContain('(555) 010-0123');
    // In the inbox, a message is not a quote missing its in-hands date: its row shows when it came.
    const inbox = await request(t.app).get('/staff?kind=contact').set('Cookie', cookie).expect(200);
    expect(inbox.text).toContain(contact);
    expect(inbox.text).not.toContain('No date given');

    // A quote request's own page: its in-hands date the shop's way, the form's labels.
    const quote = await request(t.app).get(`/staff/requests/${reference}`).set('Cookie', cookie).expect(200);
    expect(quote.text).toContain('Sat, Jan 10, 2099');
    expect(quote.text).toContain('Company or team');
  });

  it('moves the status with a message mailed to the customer, and refuses a stale or impossible move', async () => {
    const { cookie, token } = await signedIn();
    const move = (body: Record<string, string>) =>
      request(t.app)
        .post(`/staff/requests/${reference}/status`)
        .set('Cookie', cookie)
        .type('form')
        .send({ [CSRF_FIELD]: token, ...body })
        .expect(303);
    // Quoted is reached by sending a quote, Approved by the customer: never by a click.
    for (const to of ['quoted', 'approved', 'proof_approved', 'completed']) {
      expect((await move({ from: 'new', to })).headers.location).toBe(`/staff/requests/${reference}?done=bad-move`);
    }
    await t.storage.desk.changeRequestStatus(reference, { from: 'new', to: 'in_production', actor: 'system' });
    const before = (await t.storage.outbox.notificationsOf(reference)).length;
    expect(
      (await move({ from: 'in_production', to: 'ready', message: 'Your shirts are ready.' })).headers.location,
    ).toBe(`/staff/requests/${reference}?done=moved`);
    expect((await t.storage.outbox.notificationsOf(reference)).length).toBe(before + 1);
    // Someone else's page still says "in production".
    expect((await move({ from: 'in_production', to: 'proof_approved' })).headers.location).toBe(
      `/staff/requests/${reference}?done=conflict`,
    );
    // The status menu never cancels: the cancel form asks why and for a confirmation.
    expect((await move({ from: 'ready', to: 'cancelled' })).headers.location).toBe(
      `/staff/requests/${reference}?done=cancel-form`,
    );
    expect((await t.storage.desk.getRequestState(reference))?.status).toBe('ready');
    expect((await move({ from: 'ready', to: 'handled' })).headers.location).toBe(
      `/staff/requests/${reference}?done=bad-move`,
    );
    const page = await request(t.app).get(`/staff/requests/${reference}?done=moved`).set('Cookie', cookie).expect(200);
    expect(page.text).toContain('Status changed.');
    expect(page.text).toContain('Moved it from In production to Ready, with a message to the customer');
    expect(page.text).toContain('Your shirts are ready.');
  });

  it('keeps internal notes in the activity log, and refuses posts without the token', async () => {
    const { cookie, token } = await signedIn();
    await request(t.app)
      .post(`/staff/requests/${reference}/notes`)
      .set('Cookie', cookie)
      .type('form')
      .send({ [CSRF_FIELD]: token, text: 'Called her: navy, not black' })
      .expect(303);
    await request(t.app)
      .post(`/staff/requests/${reference}/notes`)
      .set('Cookie', cookie)
      .type('form')
      .send({ text: 'forged' })
      .expect(403);
    const page = await request(t.app).get(`/staff/requests/${reference}`).set('Cookie', cookie).expect(200);
    expect(page.text).toContain('Called her: navy, not black');
    expect(page.text).not.toContain('forged');
  });

  it('writes to the customer: the message joins the thread and its mail is queued with it', async () => {
    const { cookie, token } = await signedIn();
    const before = await t.storage.outbox.notificationsOf(reference);
    await request(t.app)
      .post(`/staff/requests/${reference}/messages`)
      .set('Cookie', cookie)
      .type('form')
      .send({ [CSRF_FIELD]: token, text: 'Would navy work instead of black?' })
      .expect(303)
      .expect('Location', `/staff/requests/${reference}?done=sent`);
    const after = withSubjects(await t.storage.outbox.notificationsOf(reference), reference, 'Seenwear');
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({
      recipient: 'customer',
      subject: `Seenwear: about your quote request ${reference}`,
    });
    const empty = await request(t.app)
      .post(`/staff/requests/${reference}/messages`)
      .set('Cookie', cookie)
      .type('form')
      .send({ [CSRF_FIELD]: token, text: '   ' })
      .expect(303);
    expect(empty.headers.location).toBe(`/staff/requests/${reference}?done=empty-message`);
    const page = await request(t.app).get(`/staff/requests/${reference}?done=sent`).set('Cookie', cookie).expect(200);
    expect(page.text).toContain('Message sent to the customer.');
    expect(page.text).toContain('Would navy work instead of black?');
    expect(page.text).toContain('To the customer: “Seenwear: about your quote request');
  });

  it('replaces a leaked customer link: the old one stops opening, the new one is mailed, and the log says who', async () => {
    const { cookie, token } = await signedIn();
    const page = await request(t.app).get(`/staff/requests/${reference}`).set('Cookie', cookie).expect(200);
    const old = /href="(\/requests\/[^"]+)"/.exec(page.text)?.[1] ?? '';
    await request(t.app).get(old).expect(200);
    const before = (await t.storage.outbox.notificationsOf(reference)).length;
    const replaced = await request(t.app)
      .post(`/staff/requests/${reference}/link`)
      .set('Cookie', cookie)
      .type('form')
      .send({ [CSRF_FIELD]: token, mail: 'yes' })
      .expect(303);
    expect(replaced.headers.location).toBe(`/staff/requests/${reference}?done=link-mailed`);
    await request(t.app).get(old).expect(404);
    const after = withSubjects(await t.storage.outbox.notificationsOf(reference), reference, 'Seenwear');
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toMatchObject({
      recipient: 'customer',
      subject: `Seenwear: a new link to your request ${reference}`,
    });
    const again = await request(t.app).get(`/staff/requests/${reference}?done=link-mailed`).set('Cookie', cookie);
    expect(again.text).toContain('Replaced the customer’s link');
    const fresh = /href="(\/requests\/[^"]+)"/.exec(again.text)?.[1] ?? '';
    expect(fresh).not.toBe(old);
    await request(t.app).get(fresh).expect(200);
    await request(t.app)
      .post(`/staff/requests/${reference}/link`)
      .set('Cookie', cookie)
      .type('form')
      .send({})
      .expect(403);
  });

  it('keeps the other features’ desk pages staff only and private, as its own', async () => {
    const pages = [
      '/staff/board',
      '/staff/capacity',
      `/staff/requests/${reference}/work-order`,
      `/staff/requests/${reference}/group.csv`,
      `/staff/requests/${reference}/group/packing`,
      `/staff/requests/${reference}/mockups/front`,
      `/staff/requests/${reference}/invoice`,
    ];
    for (const path of pages) {
      const page = await request(t.app).get(path).set('Accept', 'text/html').expect(303);
      expect(page.headers.location).toMatch(/^\/staff\/sign-in\?next=/);
      expect(page.headers['cache-control']).toBe('no-store');
      await request(t.app).get(path).set('Accept', 'application/json').expect(401);
    }
    const { cookie } = await signedIn();
    const board = await request(t.app).get('/staff/board').set('Cookie', cookie).expect(200);
    expect(board.headers['cache-control']).toBe('no-store');
    expect(board.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(board.headers['referrer-policy']).toBe('no-referrer');
  });

  it('shows the notices of the payments’ and mockups’ forms on the request page, and no unknown one', async () => {
    const { cookie } = await signedIn();
    const page = (done: string) =>
      request(t.app).get(`/staff/requests/${reference}?done=${done}`).set('Cookie', cookie).expect(200);
    expect((await page('waived')).text).toContain('Deposit waived: production can start without it.');
    expect((await page('mockup-none')).text).toContain('This request has no mockup to work from.');
    expect((await page('noted')).text).toContain('Note added.');
    const unknown = await page('constructor');
    expect(unknown.text).not.toContain('role="alert"');
    expect(unknown.text).not.toContain('role="status"');
  });
});
