import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import { formatDateTime } from '#shared/desk-format.ts';
import { staffSession } from '#tests/support/staff-session.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';
import { visitorSession } from '#tests/support/visitor-session.ts';
import { createStaffAuth } from './staff-auth.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const staff = 'owner@seenwear.example';

// Signing in to the desk and out of it, over each database.
describe.each(backends)('staff sign-in on %s', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ storage: await openTestStorage(backend), config: { submissionRateLimit: 1000 } });
  });

  const signedIn = (email = staff) => staffSession(t.app, t.storage, staff, email);

  it('answers every address the same way, and queues a link only for staff', async () => {
    const { cookie, token } = await visitorSession(t.app, '/contact-us');
    const before = (await t.storage.outboxDepth()).pending;
    for (const email of [staff, 'stranger@example.com', 'OWNER@seenwear.example']) {
      const answer = await request(t.app)
        .post('/staff/sign-in')
        .set('Cookie', cookie)
        .type('form')
        .send({ [CSRF_FIELD]: token, email })
        .expect(303);
      expect(answer.headers.location).toBe('/staff/sign-in?sent');
    }
    // Two for the owner (any case), none for the stranger.
    expect((await t.storage.outboxDepth()).pending).toBe(before + 2);
    const sent = await request(t.app).get('/staff/sign-in?sent').expect(200);
    expect(sent.text).toContain('If that address belongs to the shop’s staff');
    expect(sent.headers['cache-control']).toBe('no-store');
    expect(sent.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(sent.text).toContain('<meta name="robots" content="noindex, nofollow"/>');
  });

  it('signs in once per link: a used or unknown link sends back to sign-in', async () => {
    const { cookie, token } = await visitorSession(t.app, '/contact-us');
    const secret = await createStaffAuth(t.storage, { staffEmails: [staff], secure: false }).createLink(staff);
    const use = () =>
      request(t.app)
        .post('/staff/sign-in/confirm')
        .set('Cookie', cookie)
        .type('form')
        .send({ [CSRF_FIELD]: token, token: secret });
    expect((await use()).headers.location).toBe('/staff');
    expect((await use()).headers.location).toBe('/staff/sign-in?invalid');
    await request(t.app).get('/staff/sign-in/not-a-secret').expect(303);
    // A used link's page says so at once, rather than offering a button that cannot work.
    await request(t.app).get(`/staff/sign-in/${secret}`).expect(303).expect('Location', '/staff/sign-in?invalid');
    const unknown = 'A'.repeat(43);
    await request(t.app).get(`/staff/sign-in/${unknown}`).expect(303).expect('Location', '/staff/sign-in?invalid');
    const invalid = await request(t.app).get('/staff/sign-in?invalid').expect(200);
    expect(invalid.text).toContain('That sign-in link has expired, was used already, or a newer one was used.');
  });

  it('says on the link’s page what it does, for whom, until when, and what to do if nobody asked', async () => {
    const timeZone = t.siteData.data['order-terms'].timeZone;
    const ttl = 15 * 60_000;
    const before = Date.now();
    const secret = await createStaffAuth(t.storage, { staffEmails: [staff], secure: false }).createLink(staff);
    const after = Date.now();
    const page = await request(t.app).get(`/staff/sign-in/${secret}`).expect(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.text).toContain('Sign in to the Seenwear desk');
    expect(page.text).toContain(`This signs <strong class="break-all">${staff}</strong> in to Seenwear’s staff desk`);
    expect(page.text).toContain('in this browser on this device');
    const until = [before, after].map((at) => formatDateTime(new Date(at + ttl).toISOString(), timeZone));
    expect(
      until.some((text) =>
        page.text.includes(`The link works once, until <span class="whitespace-nowrap">${text}</span>`),
      ),
    ).toBe(true);
    expect(page.text).toContain('Did not ask for it?');
    expect(page.text).toContain('Do not press the button: close this page.');
    // Opening the page (as a mail scanner does) leaves the link usable.
    const { cookie, token } = await visitorSession(t.app, '/contact-us');
    await request(t.app)
      .post('/staff/sign-in/confirm')
      .set('Cookie', cookie)
      .type('form')
      .send({ [CSRF_FIELD]: token, token: secret })
      .expect(303)
      .expect('Location', '/staff');
  });

  it('refuses the page of a link whose address left STAFF_EMAILS', async () => {
    const secret = await createStaffAuth(t.storage, {
      staffEmails: ['former@seenwear.example'],
      secure: false,
    }).createLink('former@seenwear.example');
    await request(t.app).get(`/staff/sign-in/${secret}`).expect(303).expect('Location', '/staff/sign-in?invalid');
  });

  it('ends the other unused links of the address when one is used, and all of them on signing out everywhere', async () => {
    const { cookie, token } = await visitorSession(t.app, '/contact-us');
    const auth = createStaffAuth(t.storage, { staffEmails: [staff], secure: false });
    const use = async (secret: string) =>
      (
        await request(t.app)
          .post('/staff/sign-in/confirm')
          .set('Cookie', cookie)
          .type('form')
          .send({ [CSRF_FIELD]: token, token: secret })
          .expect(303)
      ).headers.location;
    const older = await auth.createLink(staff);
    const newer = await auth.createLink(staff);
    expect(await use(newer)).toBe('/staff');
    expect(await use(older)).toBe('/staff/sign-in?invalid');

    const session = await signedIn();
    const waiting = await auth.createLink(staff);
    await request(t.app)
      .post('/staff/sign-out-everywhere')
      .set('Cookie', session.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: session.token })
      .expect(303);
    await request(t.app).get(`/staff/sign-in/${waiting}`).expect(303).expect('Location', '/staff/sign-in?invalid');
    expect(await use(waiting)).toBe('/staff/sign-in?invalid');
  });

  it('signs out here, and everywhere', async () => {
    const first = await signedIn();
    const second = await signedIn();
    await request(t.app)
      .post('/staff/sign-out')
      .set('Cookie', first.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: first.token })
      .expect(303);
    await request(t.app).get('/staff').set('Cookie', first.cookie).set('Accept', 'text/html').expect(303);
    await request(t.app).get('/staff').set('Cookie', second.cookie).expect(200);
    const third = await signedIn();
    await request(t.app)
      .post('/staff/sign-out-everywhere')
      .set('Cookie', third.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: third.token })
      .expect(303);
    await request(t.app).get('/staff').set('Cookie', second.cookie).set('Accept', 'text/html').expect(303);
  });
});
