import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashOfSecret, newLinkSecret } from '#server/http/link-secrets.ts';
import { requestLinks } from '#server/requests/request-links.ts';
import type { NewSubmission } from '#server/submissions/submission-store.ts';
import { backends, openTestStorage, runSql } from '#tests/support/test-storage.ts';

type TestStorage = Awaited<ReturnType<typeof openTestStorage>>;

const secret = 'a-test-secret-of-at-least-32-characters!';

function quote(name: string): NewSubmission {
  return {
    kind: 'quote',
    name,
    email: `${name.toLowerCase()}@example.com`,
    payload: { name, service: 'Screen printing', quantity: 48, inHandsDate: '2099-05-01' },
    files: [{ name: 'logo.png', mediaType: 'image/png', size: 3, data: Buffer.from('png') }],
  };
}

// The customer's page's storage on each database: links, messages with files, cancelling.
describe.each(backends)("the customer's page on %s", (backend) => {
  let storage: TestStorage;

  beforeAll(async () => {
    storage = await openTestStorage(backend);
  });
  afterAll(() => storage.close());

  it('keeps only a salt for a link, makes the same link from it without writing, and stops opening once replaced', async () => {
    const { reference } = await storage.submissions.saveSubmission(quote('Dana'));
    const links = requestLinks(storage.customer, secret);
    const state = await storage.customer.requestLinkOf(reference);
    expect(state).toEqual({ kind: 'quote', linkVersion: 1, linkSalt: expect.any(String), legacyLinkHash: null });
    const path = await links.pathFor(reference);
    const first = path?.split('/').at(-1) ?? '';
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(state?.linkSalt).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first).not.toBe(state?.linkSalt);
    // The same link every time (a later mail carries the one the visitor bookmarked), and nothing written.
    expect(await links.pathFor(reference)).toBe(path);
    expect(await storage.customer.requestLinkOf(reference)).toEqual(state);
    expect(await links.opens(reference, first)).toBe(true);
    expect(await links.opens(reference, `${first.slice(0, -1)}${first.endsWith('A') ? 'B' : 'A'}`)).toBe(false);
    expect(await links.opens(reference, state?.linkSalt ?? '')).toBe(false);
    expect(await links.opens('Q-2000-000001', first)).toBe(false);

    const replaced = await links.replace(reference, 'staff:owner@seenwear.example');
    const second = replaced?.split('/').at(-1) ?? '';
    expect(second).not.toBe(first);
    expect(await links.opens(reference, first)).toBe(false);
    expect(await links.opens(reference, second)).toBe(true);
    expect(await links.pathFor(reference)).toBe(replaced);
    expect((await storage.customer.requestLinkOf(reference))?.linkSalt).not.toBe(state?.linkSalt);
    const { events } = (await storage.customer.getCustomerRequest(reference)) ?? { events: [] };
    expect(events.map((event) => [event.type, event.actor, event.data])).toEqual([
      ['link_replaced', 'staff:owner@seenwear.example', { version: 2 }],
    ]);
    // A replace based on an old version changes nothing.
    expect(
      await storage.customer.replaceRequestLink(reference, {
        fromVersion: 1,
        salt: 'f'.repeat(43),
        actor: 'staff:x@y.z',
      }),
    ).toBe(false);
  });

  it('makes links only with both the key and this database: another key, or another database, opens nothing', async () => {
    const { reference } = await storage.submissions.saveSubmission(quote('Ron'));
    const path = (await requestLinks(storage.customer, secret).pathFor(reference)) ?? '';
    const mine = path.split('/').at(-1) ?? '';
    // A deployment with another CSRF_SECRET over a copy of this database makes other links.
    const otherKey = requestLinks(storage.customer, 'another-secret-of-at-least-32-characters');
    const theirs = (await otherKey.pathFor(reference))?.split('/').at(-1) ?? '';
    expect(theirs).not.toBe(mine);
    expect(await requestLinks(storage.customer, secret).opens(reference, theirs)).toBe(false);
    expect(await otherKey.opens(reference, mine)).toBe(false);
    // A staging database with the same key and the same reference numbers: its own salts, its own links.
    const staging = await openTestStorage(backend);
    try {
      const copy = await staging.submissions.saveSubmission(quote('Ron'));
      expect(copy.reference).toBe(reference.replace(/\d{6}$/, '000001'));
      const stagingLinks = requestLinks(staging.customer, secret);
      const productionFirst =
        (await requestLinks(storage.customer, secret).pathFor(copy.reference))?.split('/').at(-1) ?? '';
      expect(await stagingLinks.opens(copy.reference, productionFirst)).toBe(false);
      const stagingFirst = (await stagingLinks.pathFor(copy.reference))?.split('/').at(-1) ?? '';
      expect(await requestLinks(storage.customer, secret).opens(copy.reference, stagingFirst)).toBe(false);
    } finally {
      await staging.close();
    }
  });

  it('opens with a link mailed before the salts, by the hash kept of it, until the link is replaced', async () => {
    const { reference } = await storage.submissions.saveSubmission(quote('Lee'));
    const links = requestLinks(storage.customer, secret);
    // Whatever the old link was (made from CSRF_SECRET alone): only its hash was kept, now as the legacy one.
    const old = newLinkSecret();
    await runSql(storage.location, 'update submissions set legacy_link_hash = $1 where reference = $2', [
      hashOfSecret(old),
      reference,
    ]);
    const current = (await links.pathFor(reference))?.split('/').at(-1) ?? '';
    expect(await links.opens(reference, old)).toBe(true);
    expect(await links.opens(reference, current)).toBe(true);
    await links.replace(reference, 'staff:owner@seenwear.example');
    expect(await links.opens(reference, old)).toBe(false);
    expect(await links.opens(reference, current)).toBe(false);
    expect((await storage.customer.requestLinkOf(reference))?.legacyLinkHash).toBeNull();
  });

  it('gives contact messages no page', async () => {
    const { reference } = await storage.submissions.saveSubmission({
      kind: 'contact',
      name: 'Sam',
      email: 'sam@example.com',
      payload: { message: 'Hi' },
      files: [],
    });
    const links = requestLinks(storage.customer, secret);
    expect(await links.pathFor(reference)).toBeUndefined();
    const guess = requestLinks(storage.customer, secret);
    expect(await guess.opens(reference, 'A'.repeat(43))).toBe(false);
  });

  it("keeps the customer's message with its files after the request's own, and queues the shop's mail", async () => {
    const { reference } = await storage.submissions.saveSubmission(quote('Ana'));
    const before = (await storage.outbox.notificationsOf(reference)).length;
    expect(
      await storage.customer.addCustomerMessage(reference, {
        text: 'Here is the back print.',
        files: [
          { name: 'back.png', mediaType: 'image/png', size: 4, data: Buffer.from('back') },
          { name: 'back.pdf', mediaType: 'application/pdf', size: 3, data: Buffer.from('pdf') },
        ],
        mail: { kind: 'customer-wrote', text: 'Here is the back print.', files: ['back.png', 'back.pdf'] },
      }),
    ).toBe(true);
    // Two at once still number their files apart.
    await Promise.all(
      ['one', 'two'].map((name) =>
        storage.customer.addCustomerMessage(reference, {
          text: name,
          files: [{ name: `${name}.png`, mediaType: 'image/png', size: 1, data: Buffer.from('x') }],
        }),
      ),
    );
    const request = await storage.customer.getCustomerRequest(reference);
    expect(request?.files.map((file) => [file.position, file.name])).toEqual([
      [0, 'logo.png'],
      [1, 'back.png'],
      [2, 'back.pdf'],
      [3, expect.stringMatching(/^(one|two)\.png$/)],
      [4, expect.stringMatching(/^(one|two)\.png$/)],
    ]);
    expect(request?.events[0]).toMatchObject({
      actor: 'customer',
      type: 'message',
      data: {
        text: 'Here is the back print.',
        files: [
          { position: 1, name: 'back.png' },
          { position: 2, name: 'back.pdf' },
        ],
      },
    });
    expect((await storage.desk.getRequestFile(reference, 2))?.data.toString()).toBe('pdf');
    const mails = await storage.outbox.notificationsOf(reference);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)).toMatchObject({
      recipient: 'staff',
      facts: { kind: 'customer-wrote', text: 'Here is the back print.', files: ['back.png', 'back.pdf'] },
    });
    expect(await storage.customer.addCustomerMessage('Q-2000-000001', { text: 'x', files: [] })).toBe(false);
  });

  it('cancels only from the states the customer may cancel in, once', async () => {
    const { reference } = await storage.submissions.saveSubmission(quote('Kim'));
    const from = ['new', 'quoted'] as const;
    expect(await storage.customer.cancelByCustomer(reference, { from, reason: 'The event moved' })).toBe('cancelled');
    expect(await storage.customer.cancelByCustomer(reference, { from })).toBe('too-late');
    const request = await storage.customer.getCustomerRequest(reference);
    expect(request?.status).toBe('cancelled');
    expect(request?.events.at(-1)).toMatchObject({
      actor: 'customer',
      type: 'status',
      data: { from: 'new', to: 'cancelled', reason: 'The event moved' },
    });

    const { reference: approved } = await storage.submissions.saveSubmission(quote('Jo'));
    await storage.desk.changeRequestStatus(approved, {
      from: 'new',
      to: 'approved',
      actor: 'staff:owner@seenwear.example',
    });
    expect(await storage.customer.cancelByCustomer(approved, { from })).toBe('too-late');
    expect((await storage.customer.getCustomerRequest(approved))?.status).toBe('approved');
    expect(await storage.customer.cancelByCustomer('Q-2000-000001', { from })).toBe('missing');
  });
});
