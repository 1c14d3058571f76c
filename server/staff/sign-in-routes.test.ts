import type { KyselyPlugin, QueryId } from 'kysely';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/storage/database.ts';
import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import { formatDateTime } from '#shared/desk-format.ts';
import { staffSession } from '#tests/support/staff-session.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { backends, openTestStorage, runSql } from '#tests/support/test-storage.ts';
import { visitorSession } from '#tests/support/visitor-session.ts';
import { createStaffAuth } from './staff-auth.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const staff = 'owner@seenwear.example';
const helper = 'helper@seenwear.example';

/** What became of each ask for a link, logged once the answer has gone. */
function outcomes(lines: Record<string, unknown>[]) {
  return lines
    .filter((line) => typeof line.reason === 'string' && line.reason.startsWith('staff_sign_in_'))
    .filter((line) => line.reason !== 'staff_signed_in');
}

/**
 * Asks for a link for `email` as the sign-in page does, from the visitor address `from` when given (as
 * a proxy names it, for an app with TRUST_PROXY 1); the answer's location.
 */
async function askForLink(app: TestApp['app'], email: string, from?: string): Promise<string | undefined> {
  const { cookie, token } = await visitorSession(app, '/contact-us');
  const answer = await request(app)
    .post('/staff/sign-in')
    .set('Cookie', cookie)
    .set(from ? { 'X-Forwarded-For': from } : {})
    .type('form')
    .send({ [CSRF_FIELD]: token, email })
    .expect(303);
  return answer.headers.location;
}

/**
 * The database with each insert into `table` hooked: `before` runs as it is sent (a throw fails it) and
 * the insert answers only once `after` resolves. The app builds its stores from the handle it is
 * given, so this is how a test makes one store's write fail or take its time inside the real app.
 */
function hookInserts(
  database: Database,
  table: string,
  hook: { before?: () => void; after?: () => Promise<void> },
): Database {
  const hooked = new WeakSet<QueryId>();
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      if (node.kind === 'InsertQueryNode' && node.into?.table.identifier.name === table) {
        hook.before?.();
        hooked.add(queryId);
      }
      return node;
    },
    async transformResult({ result, queryId }) {
      if (hooked.has(queryId)) await hook.after?.();
      return result;
    },
  };
  return { ...database, db: database.db.withPlugin(plugin) };
}

// Signing in to the desk and out of it, over each database.
describe.each(backends)('staff sign-in on %s', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ storage: await openTestStorage(backend), config: { submissionRateLimit: 1000 } });
  });

  const signedIn = (email = staff) => staffSession(t.app, t.storage, staff, email);

  it('answers every address the same way, and queues a link only for staff', async () => {
    const { cookie, token } = await visitorSession(t.app, '/contact-us');
    const before = (await t.storage.outbox.outboxDepth()).pending;
    for (const email of [staff, 'stranger@example.com', 'OWNER@seenwear.example']) {
      const answer = await request(t.app)
        .post('/staff/sign-in')
        .set('Cookie', cookie)
        .type('form')
        .send({ [CSRF_FIELD]: token, email })
        .expect(303);
      expect(answer.headers.location).toBe('/staff/sign-in?sent');
    }
    // The links are made after the answers: once the three are settled, two for the owner (any case),
    // none for the stranger.
    await expect.poll(() => outcomes(t.lines).length).toBe(3);
    expect((await t.storage.outbox.outboxDepth()).pending).toBe(before + 2);
    const sent = await request(t.app).get('/staff/sign-in?sent').expect(200);
    expect(sent.text).toContain('If that address belongs to the shop’s staff');
    expect(sent.headers['cache-control']).toBe('no-store');
    expect(sent.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(sent.text).toContain('<meta name="robots" content="noindex, nofollow"/>');
  });

  it('signs in once per link: a used or unknown link sends back to sign-in', async () => {
    const { cookie, token } = await visitorSession(t.app, '/contact-us');
    const secret = await createStaffAuth(t.storage.desk, { staffEmails: [staff], secure: false }).createLink(staff);
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
    const secret = await createStaffAuth(t.storage.desk, { staffEmails: [staff], secure: false }).createLink(staff);
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
    const secret = await createStaffAuth(t.storage.desk, {
      staffEmails: ['former@seenwear.example'],
      secure: false,
    }).createLink('former@seenwear.example');
    await request(t.app).get(`/staff/sign-in/${secret}`).expect(303).expect('Location', '/staff/sign-in?invalid');
  });

  it('ends the other unused links of the address when one is used, and all of them on signing out everywhere', async () => {
    const { cookie, token } = await visitorSession(t.app, '/contact-us');
    const auth = createStaffAuth(t.storage.desk, { staffEmails: [staff], secure: false });
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

  it('sends one staff address at most 3 links in 15 minutes, answering as for anyone past that and logging it', async () => {
    const storage = await openTestStorage(backend);
    const app = await createTestApp({ storage, config: { submissionRateLimit: 1000, staffEmails: [staff, helper] } });
    // Five at once (a few senders racing): the count is one atomic upsert each, so exactly three go.
    const answers = await Promise.all(Array.from({ length: 5 }, () => askForLink(app.app, staff)));
    expect(answers).toEqual(Array(5).fill('/staff/sign-in?sent'));
    await expect.poll(() => outcomes(app.lines).length).toBe(5);
    expect(
      outcomes(app.lines)
        .map((line) => line.reason)
        .sort(),
    ).toEqual([
      'staff_sign_in_capped',
      'staff_sign_in_capped',
      'staff_sign_in_link',
      'staff_sign_in_link',
      'staff_sign_in_link',
    ]);
    const capped = outcomes(app.lines).filter((line) => line.reason === 'staff_sign_in_capped');
    expect(capped.every((line) => line.level === 40 && line.staff === staff && line.cap === '3 per 15 minutes')).toBe(
      true,
    );
    expect(JSON.stringify(app.lines)).not.toMatch(/sign-in\/[A-Za-z0-9_-]{43}/);
    expect((await storage.outbox.outboxDepth()).pending).toBe(3);
    expect(
      await runSql(storage.location, 'select token_hash from staff_sign_in_links where email = $1', [staff]),
    ).toHaveLength(3);
    // The sixth, later on, is answered the same and sends nothing; another address has its own count.
    expect(await askForLink(app.app, staff)).toBe('/staff/sign-in?sent');
    expect(await askForLink(app.app, helper)).toBe('/staff/sign-in?sent');
    await expect.poll(() => outcomes(app.lines).length).toBe(7);
    expect((await storage.outbox.outboxDepth()).pending).toBe(4);
    const page = await request(app.app).get('/staff/sign-in?sent').expect(200);
    expect(page.text).toContain('From one connection, an address is sent at most 3 links in 15 minutes and 10 a day');
  });

  it('still sends a staff member their link from their own address after another sender used up its share for them', async () => {
    const storage = await openTestStorage(backend);
    const app = await createTestApp({ storage, config: { submissionRateLimit: 1000, trustProxy: 1 } });
    const attacker = '203.0.113.9';
    // Someone who knows the address asks again and again: only their own share goes, the rest is capped.
    for (let i = 0; i < 12; i += 1) expect(await askForLink(app.app, staff, attacker)).toBe('/staff/sign-in?sent');
    await expect.poll(() => outcomes(app.lines).length).toBe(12);
    expect(outcomes(app.lines).filter((line) => line.reason === 'staff_sign_in_link')).toHaveLength(3);
    const before = (await storage.outbox.outboxDepth()).pending;
    // The staff member, from their own address, gets their link straight away.
    expect(await askForLink(app.app, staff, '198.51.100.7')).toBe('/staff/sign-in?sent');
    await expect.poll(() => outcomes(app.lines).length).toBe(13);
    expect(outcomes(app.lines).at(-1)?.reason).toBe('staff_sign_in_link');
    expect((await storage.outbox.outboxDepth()).pending).toBe(before + 1);
  });

  it('answers a staff address at once, and makes and queues its link after the answer', async () => {
    const storage = await openTestStorage(backend);
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = 0;
    // Link-making that takes as long as the test says: an answer that waited for it could never come.
    const slow: typeof storage = {
      ...storage,
      database: hookInserts(storage.database, 'staff_sign_in_links', {
        before: () => {
          asked += 1;
        },
        after: () => gate,
      }),
    };
    const app = await createTestApp({ storage: slow, config: { submissionRateLimit: 1000 } });
    try {
      const answer = await Promise.race([
        askForLink(app.app, staff),
        new Promise((_resolve, reject) => setTimeout(() => reject(new Error('the answer waited for the link')), 3000)),
      ]);
      expect(answer).toBe('/staff/sign-in?sent');
      await expect.poll(() => asked).toBe(1);
      expect((await storage.outbox.outboxDepth()).pending).toBe(0);
      expect(outcomes(app.lines)).toEqual([]);
    } finally {
      release();
    }
    await expect.poll(async () => (await storage.outbox.outboxDepth()).pending).toBe(1);
    expect(
      await runSql(storage.location, 'select token_hash from staff_sign_in_links where email = $1', [staff]),
    ).toHaveLength(1);
    await expect.poll(() => outcomes(app.lines).map((line) => line.reason)).toEqual(['staff_sign_in_link']);
  });

  it('queues a link by what its mail needs: the address, a nonce and the page to open, never the link', async () => {
    const storage = await openTestStorage(backend);
    const app = await createTestApp({ storage, config: { submissionRateLimit: 1000 } });
    const { cookie, token } = await visitorSession(app.app, '/contact-us');
    const ask = async (next: string) => {
      const before = (await storage.outbox.outboxDepth()).pending;
      await request(app.app)
        .post('/staff/sign-in')
        .set('Cookie', cookie)
        .type('form')
        .send({ [CSRF_FIELD]: token, email: staff, next })
        .expect(303)
        .expect('Location', '/staff/sign-in?sent');
      await expect.poll(async () => (await storage.outbox.outboxDepth()).pending).toBe(before + 1);
      const rows = (await runSql(
        storage.location,
        'select facts from outbox where submission_id is null order by id desc',
      )) as { facts: string | Record<string, unknown> }[];
      const facts = rows[0]?.facts;
      return typeof facts === 'string' ? (JSON.parse(facts) as Record<string, unknown>) : facts;
    };
    expect(await ask('/staff/requests/Q-2026-000001')).toEqual({
      kind: 'staff-sign-in',
      to: staff,
      nonce: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      next: '/staff/requests/Q-2026-000001',
    });
    // A page longer than the facts keep: the link opens the inbox instead, and the answer is the same.
    expect(await ask(`/staff?q=${'a'.repeat(600)}`)).toEqual({
      kind: 'staff-sign-in',
      to: staff,
      nonce: expect.any(String),
    });
  });

  it('logs a link it could not make, the answer unchanged', async () => {
    const storage = await openTestStorage(backend);
    const broken: typeof storage = {
      ...storage,
      database: hookInserts(storage.database, 'staff_sign_in_links', {
        before: () => {
          throw new Error('database gone');
        },
      }),
    };
    const app = await createTestApp({ storage: broken, config: { submissionRateLimit: 1000 } });
    expect(await askForLink(app.app, staff)).toBe('/staff/sign-in?sent');
    await expect.poll(() => outcomes(app.lines).map((line) => line.reason)).toEqual(['staff_sign_in_link_failed']);
    const [failed] = outcomes(app.lines);
    expect(failed?.level).toBe(50);
    expect(JSON.stringify(failed)).toContain('database gone');
    expect((await storage.outbox.outboxDepth()).pending).toBe(0);
  });
});
