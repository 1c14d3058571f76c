import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { AppConfig } from '#server/config.ts';
import type { BuiltMail } from '#server/mail/mail-row.ts';
import { requestLinks } from '#server/requests/request-links.ts';
import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import { dumpDatabase } from '#tests/support/database-dump.ts';
import { memoryLogger } from '#tests/support/memory-logger.ts';
import { staffSession } from '#tests/support/staff-session.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';
import { visitorSession } from '#tests/support/visitor-session.ts';
import { startNotifications } from './start-notifications.ts';

const staff = 'owner@seenwear.example';
const mail: AppConfig['mail'] = {
  smtpUrl: 'smtp://127.0.0.1:2525',
  from: 'Seenwear <orders@seenwear.example>',
  shopEmail: 'team@seenwear.example',
};
/** Anything shaped like a link's secret: 43 base64url characters, not part of a longer run. */
const secretShaped = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g;

// A copy of the database (a backup, a dump, a replica) must sign nobody in and open no customer's page, on
// each database, once the mail carrying those links has gone.
describe.each(backends)('a copy of the database on %s', (backend) => {
  it('holds no working sign-in link or private link once their mail is sent, and none can be rebuilt from it', async () => {
    const storage = await openTestStorage(backend);
    const t = await createTestApp({ storage, config: { submissionRateLimit: 1000, mail } });
    const { reference } = await storage.submissions.saveSubmission({
      kind: 'quote',
      name: 'Dana Whitfield',
      email: 'dana@example.com',
      payload: { name: 'Dana Whitfield', quantity: 48 },
      files: [],
    });
    // The shop replaces the customer's link and mails it; a member of staff asks for a sign-in link.
    const desk = await staffSession(t.app, storage, staff);
    await request(t.app)
      .post(`/staff/requests/${reference}/link`)
      .set('Cookie', desk.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: desk.token, mail: 'yes' })
      .expect(303);
    const visitor = await visitorSession(t.app, '/contact-us');
    await request(t.app)
      .post('/staff/sign-in')
      .set('Cookie', visitor.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: visitor.token, email: staff, next: `/staff/requests/${reference}` })
      .expect(303);

    // Sent through the server's own wiring, with the keys it makes from CSRF_SECRET.
    const sent: BuiltMail[] = [];
    const notifications = startNotifications({
      config: t.config,
      site: t.siteData.data.config,
      stores: storage,
      logger: memoryLogger().logger,
      transport: { sendMail: async (message) => void sent.push(message as BuiltMail), close: () => undefined },
      intervalMs: 3_600_000,
    });
    expect(await notifications?.drain()).toBe(4);
    await notifications?.stop();
    const texts = sent.map((message) => message.text).join('\n');
    const signIn = /\/staff\/sign-in\/([A-Za-z0-9_-]{43})\?next=/.exec(texts)?.[1] ?? '';
    const pages = [...texts.matchAll(new RegExp(`/requests/${reference}/([A-Za-z0-9_-]{43})`, 'g'))].map(
      (match) => match[1] ?? '',
    );
    // The confirmation and the new-link mail, both written when sent: both carry the live link.
    expect(pages).toHaveLength(2);
    const [page] = pages;
    expect(new Set(pages)).toEqual(new Set([page]));

    // Every value of every column of every table: neither secret, in the outbox or anywhere else.
    const dump = await dumpDatabase(storage.location);
    expect(Object.keys(dump)).toEqual(expect.arrayContaining(['outbox', 'staff_sign_in_links', 'submissions']));
    // The sent rows are kept, with what their mails were about.
    expect(dump.outbox).toContain('staff-sign-in');
    expect(dump.outbox).toContain('link-replaced');
    for (const [table, values] of Object.entries(dump)) {
      expect(values.includes(signIn), `the sign-in secret in ${table}`).toBe(false);
      expect(values.includes(page ?? ''), `the page's secret in ${table}`).toBe(false);
    }

    // Whoever holds the copy tries every secret-shaped value in it, as a sign-in link and as the page's.
    const candidates = new Set(Object.values(dump).flatMap((values) => values.match(secretShaped) ?? []));
    expect(candidates.size).toBeGreaterThanOrEqual(2); // the request's salt and the sign-in mail's nonce at least
    const thief = await visitorSession(t.app, '/contact-us');
    for (const candidate of candidates) {
      const tried = await request(t.app)
        .post('/staff/sign-in/confirm')
        .set('Cookie', thief.cookie)
        .type('form')
        .send({ [CSRF_FIELD]: thief.token, token: candidate });
      expect(tried.headers.location).toBe('/staff/sign-in?invalid');
      expect(await requestLinks(storage.customer, t.config.csrfSecret).opens(reference, candidate)).toBe(false);
    }

    // The links the mails carried work: what was searched for were live secrets.
    await request(t.app).get(`/requests/${reference}/${page}`).expect(200);
    const used = await request(t.app)
      .post('/staff/sign-in/confirm')
      .set('Cookie', visitor.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: visitor.token, token: signIn });
    expect(used.headers.location).toBe('/staff');
    await storage.close();
  });
});
