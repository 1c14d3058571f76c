import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '#server/config.ts';
import { linkKeys } from '#server/http/link-secrets.ts';
import { requestLinks } from '#server/requests/request-links.ts';
import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import type { QuoteTerms } from '#shared/requests/quote.ts';
import { withSubjects } from '#tests/support/mail-subjects.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';
import { visitorSession } from '#tests/support/visitor-session.ts';
import { garmentOf, type WithCatalogue } from './group-garment.ts';
import { sharePath } from './group-links.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const csrfSecret = 'test-secret-0123456789abcdef0123456789abcdef';
const mail: AppConfig['mail'] = {
  smtpUrl: 'smtp://127.0.0.1:2525',
  from: 'orders@seenwear.example',
  shopEmail: 'shop@seenwear.example',
};

// A group order through the app on each database: the organiser starts it from their page, members
// join at the share link without an account, and the close turns the roster into the request's order.
describe.each(backends)('group orders over HTTP on %s', (backend) => {
  let t: TestApp;
  let clock = Date.now();

  beforeAll(async () => {
    const storage = await openTestStorage(backend, { now: () => new Date(clock) });
    t = await createTestApp({
      storage,
      config: { submissionRateLimit: 1000, mail, csrfSecret, groupLimits: { perGroup: 300, perVisitor: 12 } },
      now: () => new Date(clock),
    });
  });

  let made = 0;
  async function newRequest(files: { name: string; mediaType: string; data: Buffer }[] = []) {
    made += 1;
    const { reference } = await t.storage.submissions.saveSubmission({
      kind: 'quote',
      name: 'Pat Organiser',
      email: `pat-${made}@example.com`,
      payload: { name: 'Pat Organiser', garment: 'tee', garmentColor: 'Navy', quantity: 20 },
      formValues: { name: 'Pat Organiser', qtyM: '20' },
      files: files.map((file) => ({ ...file, size: file.data.length })),
    });
    const path = await requestLinks(t.storage.customer, csrfSecret).pathFor(reference);
    if (!path) throw new Error('no link');
    return { reference, path };
  }

  const form = (session: { cookie: string; token: string }) => (url: string, body: Record<string, string>) =>
    request(t.app)
      .post(url)
      .set('Cookie', session.cookie)
      .type('form')
      .send({ [CSRF_FIELD]: session.token, ...body });

  async function startedGroup(
    extra: Record<string, string> = {},
    files: { name: string; mediaType: string; data: Buffer }[] = [],
  ) {
    const { reference, path } = await newRequest(files);
    const session = await visitorSession(t.app, path);
    const post = form(session);
    await post(`${path}/group`, {
      title: 'Hornets U12',
      deadline: '2099-06-01T18:00',
      asksNames: 'on',
      asksNumbers: 'on',
      note: 'Sizes run small',
      payer: 'organiser',
      ...extra,
    })
      .expect(303)
      .expect('Location', `${path}?done=group-started#group`);
    const group = await t.storage.groups.groupOf(reference);
    if (!group) throw new Error('no group');
    const share = sharePath(linkKeys(csrfSecret), group);
    if (!share) throw new Error('no share link');
    return { reference, path, post, share, group };
  }

  it('starts a group from the private page: the link is shown, mailed, and opens a page with nothing of the request', async () => {
    const { reference, path, share } = await startedGroup();
    const page = await request(t.app).get(path).expect(200);
    expect(page.text).toContain('Hornets U12');
    expect(page.text).toContain(share);
    expect(page.text).toContain('Copy link');
    const mails = withSubjects(await t.storage.outbox.notificationsOf(reference), reference, 'Seenwear');
    expect(mails.map((item) => item.subject)).toContain('Seenwear: the link for your group to join');

    const member = await request(t.app).get(share).expect(200);
    expect(member.headers['cache-control']).toBe('no-store');
    expect(member.headers['referrer-policy']).toBe('no-referrer');
    expect(member.text).toContain('Hornets U12');
    expect(member.text).toContain('Sizes run small');
    expect(member.text).toContain('Navy');
    expect(member.text).not.toContain(reference);
    expect(member.text).not.toContain('pat-');
    expect(member.text).not.toContain(path.split('/').at(-1));
    // The share link's secret opens nothing of the organiser's page.
    const shareSecret = share.split('/').at(-1) ?? '';
    await request(t.app).get(`/requests/${reference}/${shareSecret}`).expect(404);
  });

  it('refuses a start form with what to fix beside the fields, and a second group', async () => {
    const { path, post } = await startedGroup();
    const { path: other } = await newRequest();
    const session = await visitorSession(t.app, other);
    const refused = await form(session)(`${other}/group`, { title: '', deadline: '2001-01-01T10:00' }).expect(422);
    expect(refused.text).toContain('Give the group a title');
    expect(refused.text).toContain('The deadline must be later than now.');
    const unpriced = await form(session)(`${other}/group`, {
      title: 'Choir',
      deadline: '2099-06-01T18:00',
      payer: 'members',
    }).expect(422);
    expect(unpriced.text).toContain('Say what each person pays');
    expect(await t.storage.groups.groupOf(other.split('/')[2] ?? '')).toBeUndefined();
    await post(`${path}/group`, { title: 'Again', deadline: '2099-06-01T18:00' })
      .expect(303)
      .expect('Location', `${path}?done=group-exists#group`);
  });

  it('takes a member without JavaScript, mails them nothing, lets them change it, and refuses bad input with a reason', async () => {
    const { reference, path, share } = await startedGroup();
    const member = await visitorSession(t.app, share);
    const post = form(member);
    const joined = await post(`${share}/join`, {
      name: 'Alex Rivera',
      email: 'alex@example.com',
      size: 'L',
      quantity: '1',
      backName: 'Rivera',
      backNumber: '7',
    }).expect(303);
    const own = String(joined.headers.location);
    expect(own).toMatch(/^\/group-entries\/\d+\/[\w-]{43}\?done=joined$/);
    const confirmation = await request(t.app).get(own).expect(200);
    expect(confirmation.text).toContain('You are on the list');
    expect(confirmation.text).toContain('RIVERA');
    const receipts = withSubjects(await t.storage.outbox.notificationsOf(reference), reference, 'Seenwear');
    expect(receipts.map((item) => item.subject)).not.toContain('Seenwear: you joined the group order');
    expect(confirmation.text).toContain('Bookmark this page');

    const ownPath = own.split('?')[0] ?? '';
    await post(ownPath, {
      name: 'Alex Rivera',
      email: 'alex@example.com',
      size: 'XL',
      quantity: '2',
      backName: 'Rivera',
      backNumber: '7',
    })
      .expect(303)
      .expect('Location', `${ownPath}?done=changed`);

    const twice = await post(`${share}/join`, {
      name: 'alex rivera',
      email: 'ALEX@example.com',
      size: 'M',
      backName: '',
      backNumber: '',
    });
    expect(twice.status).toBe(409);
    expect(twice.text).toContain('There is an entry with this name and e-mail already');
    const bad = await post(`${share}/join`, {
      name: 'Sam',
      email: 'sam@example.com',
      size: 'XXXL',
      backName: 'SAM\u202E',
      backNumber: '1234',
    }).expect(422);
    expect(bad.text).toContain('Choose your size from the list.');
    expect(bad.text).toContain('no line breaks or hidden characters');
    expect(bad.text).toContain('up to 3 digits');

    const organiser = await request(t.app).get(path).expect(200);
    expect(organiser.text).toContain('Alex Rivera');
    expect(organiser.text).toMatch(/XL<\/span> 2/);
    const csv = await request(t.app).get(`${path}/group/roster.csv`).expect(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.text).toContain('"Alex Rivera","alex@example.com","XL","2","RIVERA","7"');
  });

  it('closes: the member page says so and whom to ask, joining is refused, and the request holds the totals', async () => {
    const { reference, path, post, share } = await startedGroup();
    const member = form(await visitorSession(t.app, share));
    await member(`${share}/join`, {
      name: 'Kim',
      email: 'kim@example.com',
      size: 'S',
      backName: 'Kim',
      backNumber: '4',
    }).expect(303);
    await member(`${share}/join`, {
      name: 'Lee',
      email: 'lee@example.com',
      size: 'M',
      quantity: '2',
      backName: 'Lee',
      backNumber: '',
    }).expect(303);
    await post(`${path}/group/close`, { confirm: 'on' })
      .expect(303)
      .expect('Location', `${path}?done=group-closed#group`);
    const closed = await request(t.app).get(share).expect(200);
    expect(closed.text).toContain('This group is closed');
    expect(closed.text).toContain('Ask Pat');
    const late = await member(`${share}/join`, { name: 'Ari', email: 'ari@example.com', size: 'M' });
    expect(late.status).toBe(422);
    expect(late.text).toContain('This group is closed');
    expect(await t.storage.versions.formValuesOf(reference)).toMatchObject({ qtyS: '1', qtyM: '2', qtyL: '0' });
    expect((await t.storage.submissions.getSubmission(reference))?.payload).toMatchObject({
      quantity: 3,
      // The quote form's shape: the desk reads "S: 1, M: 2", the work order its rows.
      sizes: 'S: 1, M: 2',
      roster: ['S: KIM 4', 'M: LEE', 'M: LEE'],
    });
  });

  it('closes only once the organiser confirms, and the request’s estimate and counts follow the roster', async () => {
    made += 1;
    const { reference } = await t.storage.submissions.saveSubmission({
      kind: 'quote',
      name: 'Pat Organiser',
      email: `pat-${made}@example.com`,
      payload: {
        name: 'Pat Organiser',
        garment: 'gildan-5000',
        quantity: 24,
        sizes: 'M: 24',
        websiteEstimate: 'The estimate for the 24 first guessed',
      },
      formValues: { service: 'screen-printing', garment: 'gildan-5000', qtyM: '24', loc1: 'front', loc1Colors: '2' },
      files: [],
    });
    const path = (await requestLinks(t.storage.customer, csrfSecret).pathFor(reference)) ?? '';
    const post = form(await visitorSession(t.app, path));
    await post(`${path}/group`, { title: 'Hornets', deadline: '2099-06-01T18:00', payer: 'organiser' }).expect(303);
    const group = await t.storage.groups.groupOf(reference);
    const share = (group && sharePath(linkKeys(csrfSecret), group)) ?? '';
    await form(await visitorSession(t.app, share))(`${share}/join`, {
      name: 'Kim',
      email: 'kim@example.com',
      size: 'M',
      quantity: '12',
    }).expect(303);
    // Someone without an address, added by the organiser: no e-mail asked, counted at once.
    await post(`${path}/group/entries`, { name: 'Grandpa Joe', size: 'L', quantity: '2' })
      .expect(303)
      .expect('Location', `${path}?done=group-added#group`);
    const open = await request(t.app).get(path).expect(200);
    expect(open.text).toContain('Added by you');
    expect(open.text).not.toContain('id="add-email"');
    expect(open.text).toContain('10 more for the next price break');
    expect(open.text).toMatch(/<input type="checkbox" required=""[^>]*name="confirm"/);

    // A close without the tick (a form posted without script, a stray tap) changes nothing.
    const unconfirmed = await post(`${path}/group/close`, {}).expect(422);
    expect(unconfirmed.text).toContain('The group is still open: tick “Everyone is in: close the group” to close it.');
    expect((await t.storage.groups.groupOf(reference))?.state).toBe('open');

    await post(`${path}/group/close`, { confirm: 'on' }).expect(303);
    const payload = (await t.storage.submissions.getSubmission(reference))?.payload;
    expect(payload).toMatchObject({ quantity: 14, sizes: 'M: 12, L: 2' });
    expect(String(payload?.websiteEstimate)).toMatch(/^\$[\d,.]+ in total for 14 pieces/);
    expect(await t.storage.versions.formValuesOf(reference)).toMatchObject({ qtyM: '12', qtyL: '2' });
    const closed = await request(t.app).get(path).expect(200);
    expect(closed.text).toContain('14 pieces from 2 entries');
    // "What you asked for" shows the estimate's lines for the roster, not the 24 first guessed.
    expect(closed.text).toMatch(/14 pieces: about \$[\d.]+ per piece/);
    expect(closed.text).toContain('The website’s estimate for the group’s sizes');
    expect(closed.text).not.toContain('first guessed');
    expect(closed.text).not.toContain('price break');
    expect(closed.text).not.toContain('data-tier');
  });

  it('lets the organiser add someone by hand, remove an entry and move the deadline; bad dates are refused', async () => {
    const { reference, path, post } = await startedGroup();
    await post(`${path}/group/entries`, {
      name: 'Coach Lee',
      email: 'lee@example.com',
      size: 'XL',
      backName: 'Coach',
      backNumber: '',
    })
      .expect(303)
      .expect('Location', `${path}?done=group-added#group`);
    const refused = await post(`${path}/group/entries`, { name: 'Kid', email: 'kid@example.com', size: 'XXXL' }).expect(
      422,
    );
    expect(refused.text).toContain('Choose your size from the list.');
    const group = await t.storage.groups.groupOf(reference);
    const [entry] = group ? await t.storage.groups.entriesOf(group.id) : [];
    expect(entry).toMatchObject({ name: 'Coach Lee', backName: 'COACH', addedBy: 'customer' });
    await post(`${path}/group/entries/${entry?.id}/remove`, {})
      .expect(303)
      .expect('Location', `${path}?done=group-removed#group`);
    expect(group && (await t.storage.groups.entriesOf(group.id))[0]?.removedAt).not.toBeNull();
    await post(`${path}/group/deadline`, { deadline: '2099-07-01T12:00' })
      .expect(303)
      .expect('Location', `${path}?done=group-deadline#group`);
    expect((await t.storage.groups.groupOf(reference))?.deadline.toISOString()).toBe('2099-07-01T17:00:00.000Z');
    const past = await post(`${path}/group/deadline`, { deadline: '2001-07-01T12:00' }).expect(422);
    expect(past.text).toContain('The deadline must be later than now.');
  });

  it('turns the share link off and makes a new one: the old link no longer opens', async () => {
    const { path, post, share, reference } = await startedGroup();
    await post(`${path}/group/link`, { action: 'replace' }).expect(303);
    await request(t.app).get(share).expect(404);
    const group = await t.storage.groups.groupOf(reference);
    const fresh = group && sharePath(linkKeys(csrfSecret), group);
    await request(t.app).get(String(fresh)).expect(200);
    await post(`${path}/group/link`, { action: 'revoke' }).expect(303);
    await request(t.app).get(String(fresh)).expect(404);
  });

  // Bytes a browser would take for a JPEG; the server never decodes them here.
  const jpeg = (label: string) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(label)]);

  it('never shows a file sent in a private message as the group’s picture', async () => {
    const { reference, share } = await startedGroup();
    // The organiser sends the shop a purchase order in a message: it is for the shop alone.
    await t.storage.customer.addCustomerMessage(reference, {
      text: 'Our purchase order',
      files: [
        {
          name: 'purchase-order.jpg',
          mediaType: 'image/jpeg',
          size: jpeg('purchase order').length,
          data: jpeg('purchase order'),
        },
      ],
    });
    const page = await request(t.app).get(share).expect(200);
    expect(page.text).not.toContain(`${share}/artwork`);
    const refused = await request(t.app).get(`${share}/artwork`).expect(404);
    expect(refused.text).toContain('This group has no picture yet.');

    // The request's own artwork is still the group's picture, whatever messages came after it.
    const withArt = await startedGroup({}, [{ name: 'logo.jpg', mediaType: 'image/jpeg', data: jpeg('the logo') }]);
    await t.storage.customer.addCustomerMessage(withArt.reference, {
      text: 'Our purchase order',
      files: [
        {
          name: 'purchase-order.jpg',
          mediaType: 'image/jpeg',
          size: jpeg('purchase order').length,
          data: jpeg('purchase order'),
        },
      ],
    });
    const art = await request(t.app).get(`${withArt.share}/artwork`).expect(200);
    expect(Buffer.from(art.body as Buffer).toString('latin1')).toContain('the logo');
  });

  it('serves a member’s picture under their own entry’s link, never the share link’s secret', async () => {
    const { path, post, share, reference } = await startedGroup({}, [
      { name: 'logo.jpg', mediaType: 'image/jpeg', data: jpeg('the logo') },
    ]);
    const member = form(await visitorSession(t.app, share));
    const joined = await member(`${share}/join`, {
      name: 'Kim',
      email: 'kim@example.com',
      size: 'S',
      backName: 'Kim',
      backNumber: '4',
    }).expect(303);
    const own = String(joined.headers.location).split('?')[0] ?? '';
    await post(`${path}/group/link`, { action: 'replace' }).expect(303);
    const group = await t.storage.groups.groupOf(reference);
    const fresh = String(group && sharePath(linkKeys(csrfSecret), group));
    const freshSecret = fresh.split('/').at(-1) ?? '';
    const page = await request(t.app).get(own).expect(200);
    expect(page.text).not.toContain(freshSecret);
    expect(page.text).toContain(`src="${own}/artwork"`);
    const art = await request(t.app).get(`${own}/artwork`).expect(200);
    expect(art.headers['content-type']).toBe('image/jpeg');
    // Turned off, the share link takes the picture with it; the member's own link keeps it.
    await post(`${path}/group/link`, { action: 'revoke' }).expect(303);
    await request(t.app).get(`${own}/artwork`).expect(200);
    await request(t.app)
      .get(`${own.replace(/[\w-]{43}$/, 'x'.repeat(43))}/artwork`)
      .expect(404);
  });

  it('freezes the group when the quote is approved: late joins are refused and the approved order stays', async () => {
    const { reference, path, post, share } = await startedGroup();
    const member = form(await visitorSession(t.app, share));
    for (const name of ['Kim', 'Lee'])
      await member(`${share}/join`, {
        name,
        email: `${name.toLowerCase()}@example.com`,
        size: 'M',
        quantity: '12',
        backName: name,
        backNumber: '',
      }).expect(303);
    // The shop quotes the 24 on the roster, and the organiser approves it.
    const terms: QuoteTerms = {
      lines: [{ label: 'Front print', quantity: 24, unitCents: 1000 }],
      notes: '',
      validUntil: '2099-01-31',
      depositPercent: 50,
    };
    await t.storage.versions.sendQuote(reference, terms, {
      from: 'new',
      to: 'quoted',
      actor: 'staff:owner@seenwear.example',
      mail: (version) => ({ kind: 'quote-sent', version }),
    });
    await post(`${path}/quotes/1/decision`, { decision: 'approved', name: 'Pat Organiser', accept: 'yes' }).expect(303);
    expect((await t.storage.groups.groupOf(reference))?.state).toBe('closed');
    const late = await member(`${share}/join`, { name: 'Ari', email: 'ari@example.com', size: 'M', quantity: '20' });
    expect(late.status).toBe(422);
    expect(late.text).toContain('This group is closed');
    await post(`${path}/group/close`, { confirm: 'on' })
      .expect(303)
      .expect('Location', `${path}?done=group-not-open#group`);
    expect((await t.storage.submissions.getSubmission(reference))?.payload).toMatchObject({
      quantity: 24,
      sizes: 'M: 24',
    });
  });

  it('closes by itself at the deadline: the late member is refused with a reason, the desk sees the list', async () => {
    const { reference, share } = await startedGroup({ deadline: '2099-06-01T18:00' });
    const member = form(await visitorSession(t.app, share));
    await member(`${share}/join`, {
      name: 'Kim',
      email: 'kim@example.com',
      size: 'L',
      backName: 'Kim',
      backNumber: '9',
    }).expect(303);
    const saved = clock;
    clock = Date.parse('2099-06-03T00:00:00Z');
    try {
      const late = await member(`${share}/join`, { name: 'Late', email: 'late@example.com', size: 'M' });
      expect(late.status).toBe(422);
      expect(late.text).toContain('This group is closed');
      expect(late.text).toContain('Ask Pat');
      expect((await t.storage.groups.groupOf(reference))?.state).toBe('closed');
      expect(await t.storage.versions.formValuesOf(reference)).toMatchObject({ qtyL: '1', qtyM: '0' });
      const events = (await t.storage.desk.getRequest(reference))?.events ?? [];
      expect(events.find((event) => event.type === 'group_closed')).toMatchObject({ actor: 'system' });
    } finally {
      clock = saved;
    }
  });
});

// Guessing at share links is counted like guessing at private pages: past the limit, the visitor waits.
describe('the share link’s rate limit', () => {
  it('answers 429 after a few wrong links from one address, with what to do', async () => {
    const t = await createTestApp({
      storage: await openTestStorage('sqlite'),
      config: { submissionRateLimit: 3, csrfSecret },
    });
    const wrong = `/groups/1/${'x'.repeat(43)}`;
    for (let i = 0; i < 3; i += 1) await request(t.app).get(wrong).expect(404);
    const limited = await request(t.app).get(wrong).expect(429);
    expect(limited.text).toContain('Too many tries at this address');
  });
});

describe('a group’s garment', () => {
  it('is found in the catalogue by the name the request stored, or its id', () => {
    const catalogue = {
      garments: [{ id: 'gildan-5000', brand: 'Gildan', style: '5000', name: 'Heavy Cotton tee' }],
    } as unknown as WithCatalogue['garments'];
    expect(garmentOf({ garments: catalogue }, { garment: 'Gildan 5000 Heavy Cotton tee' })?.id).toBe('gildan-5000');
    expect(garmentOf({ garments: catalogue }, { garment: 'gildan-5000' })?.id).toBe('gildan-5000');
    expect(garmentOf({ garments: catalogue }, { garment: 'Customer brings their own garments' })).toBeUndefined();
  });
});

// Each of the organiser's group routes is one route: a second copy would be dead code that a later
// change to one of them would silently not reach.
describe('the organiser’s group routes', () => {
  it('are each registered once', async () => {
    const t = await createTestApp({ storage: await openTestStorage('sqlite'), config: { csrfSecret } });
    interface Layer {
      route?: { path: string; methods: Record<string, boolean> };
      handle?: { stack?: Layer[] };
    }
    const counts = new Map<string, number>();
    const walk = (stack: Layer[]) => {
      for (const layer of stack) {
        if (layer.route)
          for (const method of Object.keys(layer.route.methods)) {
            const key = `${method.toUpperCase()} ${layer.route.path}`;
            counts.set(key, (counts.get(key) ?? 0) + 1);
          }
        else if (layer.handle?.stack) walk(layer.handle.stack);
      }
    };
    walk((t.app as unknown as { router: { stack: Layer[] } }).router.stack);
    const groupRoutes = [...counts].filter(([key]) => key.includes('/group'));
    expect(groupRoutes.map(([key]) => key)).toContain('POST /requests/:reference/:secret/group/close');
    expect(groupRoutes.filter(([, count]) => count > 1)).toEqual([]);
  });
});
