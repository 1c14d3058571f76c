import { createHash } from 'node:crypto';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MailSettings } from '#server/mail/mail-settings.ts';
import { buildMail } from '#server/notifications/build-mail.ts';
import { requestLinks } from '#server/requests/request-links.ts';
import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import { proofWaiting } from '#tests/support/proof-waiting.ts';
import { randomPng } from '#tests/support/random-png.ts';
import { staffSession } from '#tests/support/staff-session.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';
import { visitorSession } from '#tests/support/visitor-session.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const csrfSecret = 'test-secret-0123456789abcdef0123456789abcdef';
const staff = 'staff:owner@seenwear.example' as const;
const mailSettings: MailSettings = {
  from: 'Seenwear <orders@seenwear.example>',
  shopEmail: 'team@seenwear.example',
  shop: { appName: 'Seenwear', contact: { email: 'hello@seenwear.example', phone: '+15550100123' } },
  publicUrl: 'https://shop.example',
};
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

// The proof room over HTTP on each database: notes pinned by the customer and the desk, every bad note
// refused with a 4xx and nothing kept, a superseded version refused as a conflict, and the approval that
// locks the file's checksum and the terms, printed on the work order.
describe.each(backends)('the proof room on %s', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    const storage = await openTestStorage(backend);
    t = await createTestApp({ storage, config: { submissionRateLimit: 1000, csrfSecret } });
  });

  async function proofSent(app = t) {
    const { reference } = await app.storage.submissions.saveSubmission({
      kind: 'quote',
      name: 'Dana Whitfield',
      email: 'dana@example.com',
      payload: { name: 'Dana Whitfield', service: 'Screen printing', quantity: 48 },
      files: [],
    });
    const v1 = randomPng(40);
    await app.storage.versions.sendProof(
      reference,
      {
        file: { name: 'front.png', mediaType: 'image/png', size: v1.length, data: v1 },
        widthInches: null,
        heightInches: null,
        notes: '',
      },
      { from: 'new', to: 'proof_sent', actor: staff, mail: (version) => ({ kind: 'proof-sent', version }) },
    );
    const path = await requestLinks(app.storage.customer, csrfSecret).pathFor(reference);
    if (!path) throw new Error('no link');
    const session = await visitorSession(app.app, '/contact-us');
    const post = (address: string, fields: Record<string, string>) =>
      request(app.app)
        .post(`${path}${address}`)
        .set('Cookie', session.cookie)
        .type('form')
        .send({ [CSRF_FIELD]: session.token, ...fields });
    return { reference, path, post, v1 };
  }

  async function sendVersion2(reference: string) {
    const v2 = randomPng(40);
    await t.storage.versions.sendProof(
      reference,
      {
        file: { name: 'front-2.png', mediaType: 'image/png', size: v2.length, data: v2 },
        widthInches: null,
        heightInches: null,
        notes: '',
      },
      { from: 'proof_sent', to: 'proof_sent', actor: staff, mail: (version) => ({ kind: 'proof-sent', version }) },
    );
    return v2;
  }

  it('pins a note at a point or in words, shows it numbered on the proof, and escapes what was typed', async () => {
    const { reference, path, post } = await proofSent();
    const pinned = await post('/proofs/1/notes', {
      text: 'Make the <script>alert(1)</script> logo bigger',
      x: '0.25',
      y: '0.4',
    }).expect(303);
    expect(pinned.headers.location).toBe(`${path}?done=pin-added#note-1`);
    await post('/proofs/1/notes', { text: 'Add the year', place: 'under the logo', x: '', y: '' }).expect(303);
    const page = await request(t.app).get(`${path}?done=pin-added`).expect(200);
    expect(page.text).toContain('Your note is pinned on the proof');
    expect(page.text).toContain('Make the &lt;script&gt;alert(1)&lt;/script&gt; logo bigger');
    expect(page.text).not.toContain('<script>alert(1)');
    expect(page.text).toContain('Where: under the logo');
    // The pin sits at its fractions of the 40-pixel picture; the page loads the pin script.
    expect(page.text).toContain('transform="translate(10 16)"');
    expect(page.text).toMatch(/<script src="[^"]*entry-proof-pins[^"]*" type="module">/);
    const pins = await t.storage.versions.pinsOf(reference);
    expect(pins.map((pin) => [pin.number, pin.x, pin.y, pin.place])).toEqual([
      [1, 0.25, 0.4, ''],
      [2, null, null, 'under the logo'],
    ]);
  });

  it('refuses every bad note with a 4xx and keeps nothing', async () => {
    const { reference, post } = await proofSent();
    const other = await proofSent();
    const refused: [string, Record<string, string>, number, string][] = [
      ['/proofs/1/notes', { text: 'Outside', x: '1.2', y: '0.5' }, 422, 'outside the proof'],
      ['/proofs/1/notes', { text: 'Outside', x: '-0.1', y: '0.5' }, 422, 'outside the proof'],
      ['/proofs/1/notes', { text: 'Half a point', x: '0.5', y: '' }, 422, 'outside the proof'],
      ['/proofs/1/notes', { text: 'Not a number', x: 'NaN', y: '0.5' }, 422, 'outside the proof'],
      ['/proofs/1/notes', { text: '   ' }, 422, 'Write the note first'],
      ['/proofs/1/notes', { text: 'x'.repeat(10_000) }, 422, 'up to 2,000 characters'],
      ['/proofs/1/notes', { text: 'Long where', place: 'p'.repeat(201) }, 422, 'Say where in up to'],
      ['/proofs/9/notes', { text: 'No such version' }, 404, 'no such note or proof'],
      ['/notes/1', { text: 'No such note here' }, 404, 'no such note or proof'],
    ];
    for (const [address, fields, status, words] of refused) {
      const answer = await post(address, fields).expect(status);
      expect(answer.text).toContain(words);
    }
    // A refused note comes back in its form, to correct rather than type again.
    const back = await post('/proofs/1/notes', { text: 'Logo <b>bigger</b>', place: 'left', x: '7', y: '0.5' }).expect(
      422,
    );
    expect(back.text).toContain('>Logo &lt;b&gt;bigger&lt;/b&gt;</textarea>');
    expect(back.text).toMatch(/name="place" value="left"|value="left"[^>]*name="place"/);
    // Another request's note is out of reach through this page's link: it has its own numbers.
    await other.post('/proofs/1/notes', { text: 'Theirs' }).expect(303);
    await post('/notes/1', { text: 'Answer to someone else' }).expect(404);
    expect(await t.storage.versions.pinsOf(reference)).toEqual([]);
    expect((await t.storage.versions.pinsOf(other.reference))[0]?.replies).toEqual([]);

    // On a superseded version: a conflict.
    await sendVersion2(reference);
    const late = await post('/proofs/1/notes', { text: 'On the old one' }).expect(409);
    expect(late.text).toContain('replaced by a newer version');
    expect(await t.storage.versions.pinsOf(reference)).toEqual([]);
  });

  it('answers a note and marks it done from either side, and says which notes the next version answers', async () => {
    const { reference, path, post } = await proofSent();
    await post('/proofs/1/notes', { text: 'Logo bigger', x: '0.5', y: '0.5' }).expect(303);
    await post('/proofs/1/notes', { text: 'Darker blue', x: '0.2', y: '0.8' }).expect(303);
    const { cookie, token } = await staffSession(t.app, t.storage, 'owner@seenwear.example');
    const desk = (address: string, fields: Record<string, string>) =>
      request(t.app)
        .post(`/staff/requests/${reference}${address}`)
        .set('Cookie', cookie)
        .type('form')
        .send({ [CSRF_FIELD]: token, ...fields });
    await desk('/proof-notes/1', { text: 'Made it 20% bigger', done: 'done' }).expect(303);
    await desk('/proofs/1/notes', { text: 'Is the back print as before?', x: '0.9', y: '0.1' }).expect(303);
    await desk('/proof-notes/2', { text: '' }).expect(422);
    await post('/notes/3', { text: 'Yes, as before' }).expect(303);
    const page = await request(t.app).get(`/staff/requests/${reference}`).set('Cookie', cookie).expect(200);
    expect(page.text).toContain('Made it 20% bigger');
    expect(page.text).toContain('Yes, as before');
    expect(page.text).toContain('this version answers note 1');
    expect(page.text).toContain('Send new version');
    const inbox = await request(t.app).get('/staff').set('Cookie', cookie).expect(200);
    expect(inbox.text).toContain('Proofs waiting for the customer');
    expect(inbox.text).toMatch(
      new RegExp(
        `${reference}</a>[^<]*proof v1[^<]*<span[^>]*>[^<]*2<!-- --> open notes|${reference}</a>[\\s\\S]{0,200}2 open notes`,
      ),
    );
    // The "Proof sent" filter lists them too; a search's results and another status's come without them.
    const filtered = await request(t.app).get('/staff?status=proof_sent').set('Cookie', cookie).expect(200);
    expect(filtered.text).toContain('Proofs waiting for the customer');
    for (const address of ['/staff?q=Dana', '/staff?status=new']) {
      const other = await request(t.app).get(address).set('Cookie', cookie).expect(200);
      expect(other.text).not.toContain('Proofs waiting for the customer');
    }
    const customer = await request(t.app).get(path).expect(200);
    expect(customer.text).toContain('Made it 20% bigger');

    // The customer hears the shop's answers once, in the mail of the version that carries them: no
    // mail per answer, and the note the shop did not answer (2) is not in it.
    const mailsBefore = (await t.storage.outbox.notificationsOf(reference)).length;
    await desk('/proof-notes/2', { text: 'Darker: Pantone 288 instead of 286' }).expect(303);
    expect(await t.storage.outbox.notificationsOf(reference)).toHaveLength(mailsBefore);
    await sendVersion2(reference);
    const proofMails = (await t.storage.outbox.notificationsOf(reference)).filter(
      (mail) => mail.facts?.kind === 'proof-sent',
    );
    expect(proofMails).toHaveLength(2);
    const mail = await buildMail(
      { id: 1, reference, recipient: 'customer', facts: { kind: 'proof-sent', version: 2 } },
      t.storage,
      mailSettings,
    );
    expect(mail.text).toContain('Your notes, answered:');
    expect(mail.text).toContain('Note 1: "Logo bigger"\nOur answer: Made it 20% bigger\nDone.');
    expect(mail.text).toContain('Note 2: "Darker blue"\nOur answer: Darker: Pantone 288 instead of 286');
    // Note 3 is the shop's own question, answered by the customer: nothing to tell them.
    expect(mail.text).not.toContain('Note 3');
  });

  it('refuses the approval of a superseded proof as a conflict, and locks the approved file and terms', async () => {
    const { reference, path, post } = await proofSent();
    const v2 = await sendVersion2(reference);
    const approve = { decision: 'approved', name: 'Dana Whitfield', accept: 'on' };
    const stale = await post('/proofs/1/decision', approve).expect(409);
    expect(stale.text).toContain('The shop has sent a newer version since');
    expect(await t.storage.customer.approvalsOf(reference)).toEqual([]);
    // The old link shows the newest version, the old one marked superseded beside it.
    const page = await request(t.app).get(path).expect(200);
    expect(page.text).toContain('Your proof (v2, the newest)');
    expect(page.text).toContain('Superseded');
    expect(page.text).toContain('Approve proof v2');

    await post('/proofs/2/decision', approve).expect(303);
    const [approval] = await t.storage.customer.approvalsOf(reference);
    expect(approval).toMatchObject({ subject: 'proof', version: 2, decision: 'approved', fileSha256: sha256(v2) });
    expect(JSON.parse(approval?.terms ?? '{}')).toMatchObject({ termsOfService: '/terms-of-service' });
    expect(JSON.parse(approval?.terms ?? '{}').payments.cancelText).toEqual(expect.any(String));

    const { cookie } = await staffSession(t.app, t.storage, 'owner@seenwear.example');
    const order = await request(t.app).get(`/staff/requests/${reference}/work-order`).set('Cookie', cookie).expect(200);
    expect(order.text).toContain(sha256(v2));
    expect(order.text).toContain('matches the approval');
    expect(order.text).not.toContain('role="alert"');
  });

  it('warns on the work order and the desk when the file to print is not the one approved', async () => {
    const { reference, post } = await proofSent();
    await post('/proofs/1/decision', { decision: 'approved', name: 'Dana Whitfield', accept: 'on' }).expect(303);
    // The stored file changed after the approval (a restore gone wrong, a hand edit): its checksum differs.
    await t.storage.database.db
      .updateTable('proofs')
      .set({ data: randomPng(40) })
      .where('version', '=', 1)
      .where(
        'submission_id',
        '=',
        t.storage.database.db.selectFrom('submissions').where('reference', '=', reference).select('id'),
      )
      .execute();
    const { cookie } = await staffSession(t.app, t.storage, 'owner@seenwear.example');
    const order = await request(t.app).get(`/staff/requests/${reference}/work-order`).set('Cookie', cookie).expect(200);
    expect(order.text).toContain('is not the one the customer approved');
    expect(order.text).not.toContain('matches the approval');
    const desk = await request(t.app).get(`/staff/requests/${reference}`).set('Cookie', cookie).expect(200);
    expect(desk.text).toContain('Before production: The file of proof v1 is not the one the customer approved');
  });
});

// The approval's deadline on the shop's load, with a clock the test holds: said on the customer's page while
// the proof waits, and on the desk's inbox, the soonest first.
describe.each(backends)('the approval deadline on %s', (backend) => {
  it('says until when an approval keeps the in-hands date, or that it is already missed', async () => {
    const storage = await openTestStorage(backend);
    // Monday 30 November 2026, 09:00 in the shop's zone.
    const app = await createTestApp({
      storage,
      config: { submissionRateLimit: 1000, csrfSecret },
      now: () => new Date('2026-11-30T15:00:00Z'),
    });
    async function proofFor(inHandsDate: string) {
      const reference = await proofWaiting(storage, inHandsDate);
      return { reference, path: await requestLinks(storage.customer, csrfSecret).pathFor(reference) };
    }
    const roomy = await proofFor('2027-01-29');
    const tight = await proofFor('2026-12-01');
    const page = await request(app.app)
      .get(roomy.path ?? '')
      .expect(200);
    expect(page.text).toMatch(
      /Approve by [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, 2027, \d{1,2}:\d{2} [ap]m [A-Z]+, to keep Fri, Jan 29, 2027\./,
    );
    const late = await request(app.app)
      .get(tight.path ?? '')
      .expect(200);
    expect(late.text).toContain('Approving today, the earliest your order can be ready is');

    const { cookie } = await staffSession(app.app, storage, 'owner@seenwear.example');
    const inbox = await request(app.app).get('/staff').set('Cookie', cookie).expect(200);
    const listed = /Proofs waiting for the customer[\s\S]*?<\/ul>/.exec(inbox.text)?.[0] ?? '';
    // The missed date first, then the deadline.
    expect(listed.indexOf(tight.reference)).toBeLessThan(listed.indexOf(roomy.reference));
    expect(listed).toContain('date missed');
    expect(listed).toContain('to keep Fri, Jan 29, 2027');
    const desk = await request(app.app).get(`/staff/requests/${roomy.reference}`).set('Cookie', cookie).expect(200);
    expect(desk.text).toMatch(/The customer should approve by [^<]* to keep Fri, Jan 29, 2027\./);

    // The job moves the missed date (server/jobs/proof-reminder.test.ts): the inbox flags it, old and new.
    const moved = await storage.reminders.moveMissedDate(tight.reference, {
      version: 1,
      missed: '2026-12-01',
      promised: { date: '2027-01-29', handover: 'pickup' },
      mail: (promised) => ({
        kind: 'reminder',
        about: 'proof-date-moved',
        version: 1,
        day: '2026-12-01',
        keeps: promised.date,
      }),
      onceKey: 'proof-date-moved',
    });
    expect(moved).toBe(true);
    const flagged = await request(app.app).get('/staff').set('Cookie', cookie).expect(200);
    expect(flagged.text).toContain('approval deadline missed: new date Fri, Jan 29, 2027 (was Tue, Dec 1, 2026)');
    // The customer's page counts to the new date before they approve.
    const after = await request(app.app)
      .get(tight.path ?? '')
      .expect(200);
    expect(after.text).toMatch(/to keep Fri, Jan 29, 2027\./);
    await storage.close();
  });
});

// A flood of notes from one address is cut off by the rate limit, before anything is read or kept.
describe.each(backends)('a flood of proof notes on %s', (backend) => {
  it('answers 429 past the limit and keeps only the notes before it', async () => {
    const storage = await openTestStorage(backend);
    const app = await createTestApp({ storage, config: { submissionRateLimit: 3, csrfSecret } });
    const { reference } = await storage.submissions.saveSubmission({
      kind: 'quote',
      name: 'Dana Whitfield',
      email: 'dana@example.com',
      payload: { name: 'Dana Whitfield' },
      files: [],
    });
    const png = randomPng(20);
    await storage.versions.sendProof(
      reference,
      {
        file: { name: 'front.png', mediaType: 'image/png', size: png.length, data: png },
        widthInches: null,
        heightInches: null,
        notes: '',
      },
      { from: 'new', to: 'proof_sent', actor: staff, mail: (version) => ({ kind: 'proof-sent', version }) },
    );
    const path = await requestLinks(storage.customer, csrfSecret).pathFor(reference);
    const session = await visitorSession(app.app, '/contact-us');
    const statuses: number[] = [];
    for (let note = 1; note <= 5; note += 1) {
      const answer = await request(app.app)
        .post(`${path}/proofs/1/notes`)
        .set('Cookie', session.cookie)
        .type('form')
        .send({ [CSRF_FIELD]: session.token, text: `Note ${note}` });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([303, 303, 303, 429, 429]);
    expect((await storage.versions.pinsOf(reference)).map((pin) => pin.text)).toEqual(['Note 1', 'Note 2', 'Note 3']);
    await storage.close();
  });
});
