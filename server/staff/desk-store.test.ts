import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewSubmission } from '#server/submissions/submission-store.ts';
import { backends, isoFromNow, openTestStorage, runSql } from '#tests/support/test-storage.ts';

type TestStorage = Awaited<ReturnType<typeof openTestStorage>>;

function quote(name: string, email: string, payload: Record<string, unknown> = {}): NewSubmission {
  return {
    kind: 'quote',
    name,
    email,
    payload: { name, email, service: 'Screen printing', quantity: 36, ...payload },
    files: [{ name: 'logo.png', mediaType: 'image/png', size: 3, data: Buffer.from('png') }],
  };
}

// The desk's storage on each database: what the inbox lists and what the activity log keeps must not differ.
describe.each(backends)('the desk on %s', (backend) => {
  let storage: TestStorage;
  const references: string[] = [];

  beforeAll(async () => {
    storage = await openTestStorage(backend);
    for (const submission of [
      quote('Dana Whitfield', 'dana@example.com', { company: 'Riverside 5K' }),
      quote('Lee Park', 'lee@example.com', { company: 'Park & Sons' }),
      { kind: 'contact', name: 'Sam 50% Off', email: 'sam@example.com', payload: { message: 'Hi' }, files: [] },
      quote('Ana Souza', 'ana@example.com'),
    ] satisfies NewSubmission[]) {
      references.push((await storage.submissions.saveSubmission(submission)).reference);
    }
  });
  afterAll(() => storage.close());

  it('lists requests newest first, with totals, counts per status and the unread count', async () => {
    const list = await storage.desk.listRequests({ page: 1, pageSize: 2 });
    expect(list.items.map((item) => item.name)).toEqual(['Ana Souza', 'Sam 50% Off']);
    expect(list.total).toBe(4);
    expect(list.counts).toEqual({ new: 4 });
    expect(list.unread).toBe(4);
    const second = await storage.desk.listRequests({ page: 2, pageSize: 2 });
    expect(second.items.map((item) => item.name)).toEqual(['Lee Park', 'Dana Whitfield']);
    expect(second.items[1]?.payload.company).toBe('Riverside 5K');
  });

  it('searches the reference, name, e-mail and company, ignoring case, with % taken literally', async () => {
    const names = async (search: string) =>
      (await storage.desk.listRequests({ search, page: 1, pageSize: 10 })).items.map((item) => item.name);
    expect(await names('RIVERSIDE')).toEqual(['Dana Whitfield']);
    expect(await names('lee@')).toEqual(['Lee Park']);
    expect(await names(references[3] ?? '')).toEqual(['Ana Souza']);
    expect(await names('50%')).toEqual(['Sam 50% Off']);
    expect(await names('%')).toEqual(['Sam 50% Off']);
    expect(await names('park & sons')).toEqual(['Lee Park']);
  });

  it('filters by kind and status', async () => {
    const contacts = await storage.desk.listRequests({ kind: 'contact', page: 1, pageSize: 10 });
    expect(contacts.items.map((item) => item.kind)).toEqual(['contact']);
    expect(contacts.total).toBe(1);
  });

  it('marks a request read once, logging who opened it', async () => {
    const reference = references[0] ?? '';
    expect(await storage.desk.markRequestRead(reference, 'staff:owner@seenwear.example')).toBe(true);
    expect(await storage.desk.markRequestRead(reference, 'staff:helper@seenwear.example')).toBe(true);
    expect(await storage.desk.markRequestRead('Q-2000-000001', 'staff:owner@seenwear.example')).toBe(false);
    const request = await storage.desk.getRequest(reference);
    expect(request?.readAt).toBeInstanceOf(Date);
    expect(request?.events.map((event) => [event.type, event.actor])).toEqual([
      ['opened', 'staff:owner@seenwear.example'],
    ]);
    expect((await storage.desk.listRequests({ page: 1, pageSize: 10 })).unread).toBe(3);
  });

  it('shows the page the same request as the whole read, its files listed without their bytes', async () => {
    const reference = references[0] ?? '';
    const whole = await storage.desk.getRequest(reference);
    const view = await storage.desk.getRequestView(reference);
    expect(view?.files).toEqual([{ position: 0, name: 'logo.png', mediaType: 'image/png', size: 3 }]);
    expect(view).toMatchObject({
      reference,
      name: whole?.name,
      email: whole?.email,
      status: whole?.status,
      createdAt: whole?.createdAt,
      payload: whole?.payload,
      readAt: whole?.readAt,
      statusChangedAt: whole?.statusChangedAt,
      events: whole?.events,
    });
    expect(await storage.desk.getRequestView('Q-2000-000001')).toBeUndefined();
  });

  it('moves a status only from where it was, logging the change and its message', async () => {
    const reference = references[1] ?? '';
    const actor = 'staff:owner@seenwear.example';
    expect(
      await storage.desk.changeRequestStatus(reference, { from: 'new', to: 'quoted', actor, message: 'See the quote' }),
    ).toBe('changed');
    // A second person, still looking at "new", clicks too: nothing moves twice.
    expect(await storage.desk.changeRequestStatus(reference, { from: 'new', to: 'cancelled', actor })).toBe('conflict');
    expect(await storage.desk.changeRequestStatus('Q-2000-000001', { from: 'new', to: 'quoted', actor })).toBe(
      'missing',
    );
    const request = await storage.desk.getRequest(reference);
    expect(request?.status).toBe('quoted');
    expect(request?.statusChangedAt).toBeInstanceOf(Date);
    expect(request?.events.at(-1)).toMatchObject({
      type: 'status',
      actor,
      data: { from: 'new', to: 'quoted', message: 'See the quote' },
    });
    const quoted = await storage.desk.listRequests({ status: 'quoted', page: 1, pageSize: 10 });
    expect(quoted.items.map((item) => item.reference)).toEqual([reference]);
    expect(quoted.counts).toEqual({ new: 3, quoted: 1 });
  });

  it('keeps internal notes in the activity log, in order', async () => {
    const reference = references[3] ?? '';
    await storage.desk.addRequestNote(reference, 'staff:owner@seenwear.example', 'Called her: wants navy');
    await storage.desk.addRequestNote(reference, 'staff:helper@seenwear.example', 'Navy in stock');
    const request = await storage.desk.getRequest(reference);
    expect(request?.events.map((event) => event.data.text)).toEqual(['Called her: wants navy', 'Navy in stock']);
    expect(await storage.desk.addRequestNote('Q-2000-000001', 'staff:owner@seenwear.example', 'x')).toBe(false);
  });

  it('tells where a request stands and whom to write to, without reading its files', async () => {
    expect(await storage.desk.getRequestState(references[1] ?? '')).toEqual({
      kind: 'quote',
      status: 'quoted',
      name: 'Lee Park',
      email: 'lee@example.com',
    });
    expect(await storage.desk.getRequestState('Q-2000-000001')).toBeUndefined();
  });

  it('gives a request file by its position', async () => {
    const file = await storage.desk.getRequestFile(references[0] ?? '', 0);
    expect(file?.data.toString()).toBe('png');
    expect(await storage.desk.getRequestFile(references[0] ?? '', 1)).toBeUndefined();
  });

  it('uses a sign-in link once, and never after it expired', async () => {
    await storage.desk.createStaffSignInLink('hash-once', 'owner@seenwear.example', 15 * 60_000);
    expect(await storage.desk.consumeStaffSignInLink('hash-once')).toBe('owner@seenwear.example');
    expect(await storage.desk.consumeStaffSignInLink('hash-once')).toBeUndefined();
    await storage.desk.createStaffSignInLink('hash-late', 'owner@seenwear.example', 15 * 60_000);
    await runSql(storage.location, 'update staff_sign_in_links set expires_at = $1 where token_hash = $2', [
      isoFromNow(-1000),
      'hash-late',
    ]);
    expect(await storage.desk.consumeStaffSignInLink('hash-late')).toBeUndefined();
    expect(await storage.desk.consumeStaffSignInLink('hash-unknown')).toBeUndefined();
  });

  it('tells whose an unused link is and until when, without using it up', async () => {
    const before = Date.now();
    await storage.desk.createStaffSignInLink('hash-peek', 'owner@seenwear.example', 15 * 60_000);
    const found = await storage.desk.findStaffSignInLink('hash-peek');
    expect(found?.email).toBe('owner@seenwear.example');
    expect(found?.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 15 * 60_000 - 5000);
    expect(found?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 15 * 60_000 + 5000);
    expect(await storage.desk.consumeStaffSignInLink('hash-peek')).toBe('owner@seenwear.example');
    expect(await storage.desk.findStaffSignInLink('hash-peek')).toBeUndefined();
    expect(await storage.desk.findStaffSignInLink('hash-unknown')).toBeUndefined();
    await storage.desk.createStaffSignInLink('hash-peek-late', 'owner@seenwear.example', 15 * 60_000);
    await runSql(storage.location, 'update staff_sign_in_links set expires_at = $1 where token_hash = $2', [
      isoFromNow(-1000),
      'hash-peek-late',
    ]);
    expect(await storage.desk.findStaffSignInLink('hash-peek-late')).toBeUndefined();
  });

  it('ends every unused link of the address when one of its links is used, older or newer', async () => {
    await storage.desk.createStaffSignInLink('hash-older', 'lee@seenwear.example', 15 * 60_000);
    await storage.desk.createStaffSignInLink('hash-used', 'lee@seenwear.example', 15 * 60_000);
    await storage.desk.createStaffSignInLink('hash-newer', 'lee@seenwear.example', 15 * 60_000);
    await storage.desk.createStaffSignInLink('hash-colleague', 'ana@seenwear.example', 15 * 60_000);
    expect(await storage.desk.consumeStaffSignInLink('hash-used')).toBe('lee@seenwear.example');
    expect(await storage.desk.consumeStaffSignInLink('hash-older')).toBeUndefined();
    expect(await storage.desk.consumeStaffSignInLink('hash-newer')).toBeUndefined();
    expect(await storage.desk.consumeStaffSignInLink('hash-colleague')).toBe('ana@seenwear.example');
  });

  it('ends the unused links of the address too when it signs out on every device', async () => {
    await storage.desk.createStaffSignInLink('hash-pending', 'sam@seenwear.example', 15 * 60_000);
    await storage.desk.createStaffSignInLink('hash-pending-other', 'kim@seenwear.example', 15 * 60_000);
    await storage.desk.createStaffSession('s-sam', 'sam@seenwear.example', 60 * 60_000);
    expect(await storage.desk.endStaffSessionsOf('sam@seenwear.example')).toBe(1);
    expect(await storage.desk.consumeStaffSignInLink('hash-pending')).toBeUndefined();
    expect(await storage.desk.consumeStaffSignInLink('hash-pending-other')).toBe('kim@seenwear.example');
    // With no session at all, the links still end.
    await storage.desk.createStaffSignInLink('hash-pending-2', 'sam@seenwear.example', 15 * 60_000);
    expect(await storage.desk.endStaffSessionsOf('sam@seenwear.example')).toBe(0);
    expect(await storage.desk.consumeStaffSignInLink('hash-pending-2')).toBeUndefined();
  });

  it('ends a session after its idle time or its absolute end, and everywhere on request', async () => {
    const hour = 60 * 60_000;
    await storage.desk.createStaffSession('s-live', 'owner@seenwear.example', 7 * 24 * hour);
    expect(await storage.desk.touchStaffSession('s-live', 12 * hour)).toBe('owner@seenwear.example');

    await storage.desk.createStaffSession('s-idle', 'owner@seenwear.example', 7 * 24 * hour);
    await runSql(storage.location, 'update staff_sessions set last_seen_at = $1 where id_hash = $2', [
      isoFromNow(-13 * hour),
      's-idle',
    ]);
    expect(await storage.desk.touchStaffSession('s-idle', 12 * hour)).toBeUndefined();

    await storage.desk.createStaffSession('s-old', 'owner@seenwear.example', 7 * 24 * hour);
    await runSql(storage.location, 'update staff_sessions set expires_at = $1 where id_hash = $2', [
      isoFromNow(-1),
      's-old',
    ]);
    expect(await storage.desk.touchStaffSession('s-old', 12 * hour)).toBeUndefined();

    await storage.desk.createStaffSession('s-other', 'owner@seenwear.example', 7 * 24 * hour);
    await storage.desk.createStaffSession('s-helper', 'helper@seenwear.example', 7 * 24 * hour);
    expect(await storage.desk.endStaffSessionsOf('owner@seenwear.example')).toBe(2);
    expect(await storage.desk.touchStaffSession('s-live', 12 * hour)).toBeUndefined();
    expect(await storage.desk.touchStaffSession('s-helper', 12 * hour)).toBe('helper@seenwear.example');
    await storage.desk.endStaffSession('s-helper');
    expect(await storage.desk.touchStaffSession('s-helper', 12 * hour)).toBeUndefined();
  });
});

describe.each(backends)('mail queued by its facts on %s', (backend) => {
  let storage: TestStorage;
  beforeAll(async () => {
    storage = await openTestStorage(backend);
  });
  afterAll(() => storage.close());

  it('sends a staff sign-in link through the outbox like any notification, with no submission', async () => {
    // Nothing else is due: the sign-in link is the first claim.
    const nonce = 'n'.repeat(43);
    await storage.outbox.queueMail(
      { kind: 'staff-sign-in', to: 'owner@seenwear.example', nonce },
      { recipient: 'staff' },
    );
    const claimed = await storage.outbox.claimNotification(60_000);
    expect(claimed).toMatchObject({
      reference: null,
      recipient: 'staff',
      facts: { kind: 'staff-sign-in', to: 'owner@seenwear.example', nonce },
    });
    expect(claimed?.submittedAt).toBeInstanceOf(Date);
    expect(await storage.outbox.markNotificationSent(claimed as NonNullable<typeof claimed>)).toBe(true);
    expect((await storage.outbox.outboxDepth()).pending).toBe(0);
  });

  it('queues several messages to one customer about one request, beside its confirmation', async () => {
    const { reference } = await storage.submissions.saveSubmission(quote('Dana Whitfield', 'dana@example.com'));
    for (const version of [1, 2]) {
      await storage.outbox.queueMail({ kind: 'quote-sent', version }, { recipient: 'customer', reference });
    }
    const notifications = await storage.outbox.notificationsOf(reference);
    expect(notifications.map((item) => item.recipient).sort()).toEqual(['customer', 'customer', 'customer', 'shop']);
    expect((await storage.outbox.outboxDepth()).pending).toBe(4);
    await expect(
      storage.outbox.queueMail({ kind: 'link-replaced' }, { recipient: 'customer', reference: 'Q-2000-000001' }),
    ).rejects.toThrow(/no submission/);
  });

  it('searches ignoring accents as well as case: "castaneda" finds Castañeda', async () => {
    const { reference } = await storage.submissions.saveSubmission({
      kind: 'quote',
      name: 'María Castañeda',
      email: 'maria@example.com',
      payload: { name: 'María Castañeda', company: 'Café Ñandú' },
      files: [],
    });
    for (const search of ['castaneda', 'CASTAÑEDA', 'maria cast', 'cafe nandu']) {
      const found = await storage.desk.listRequests({ search, page: 1, pageSize: 10 });
      expect(found.items.map((item) => item.reference)).toContain(reference);
    }
  });

  it('refuses facts the worker could not write a mail from, storing nothing', async () => {
    const { reference } = await storage.submissions.saveSubmission(quote('Lee Park', 'lee@example.com'));
    const before = await storage.outbox.notificationsOf(reference);
    const bad = { kind: 'quote-sent', version: 0 } as const;
    await expect(storage.outbox.queueMail(bad, { recipient: 'customer', reference })).rejects.toThrow();
    expect(await storage.outbox.notificationsOf(reference)).toEqual(before);
  });

  it('deletes sign-in links, sessions and sign-in mails a day past their use, and nothing newer', async () => {
    await storage.desk.createStaffSignInLink('h-old', 'owner@seenwear.example', 15 * 60_000);
    await storage.desk.createStaffSignInLink('h-new', 'owner@seenwear.example', 15 * 60_000);
    await storage.desk.createStaffSession('s-old', 'owner@seenwear.example', 60_000);
    await storage.desk.createStaffSession('s-new', 'owner@seenwear.example', 60_000);
    await storage.outbox.queueMail(
      { kind: 'staff-sign-in', to: 'owner@seenwear.example', nonce: 'o'.repeat(43) },
      { recipient: 'staff' },
    );
    await storage.outbox.queueMail(
      { kind: 'staff-sign-in', to: 'owner@seenwear.example', nonce: 'p'.repeat(43) },
      { recipient: 'staff' },
    );
    const { reference } = await storage.submissions.saveSubmission(quote('Kim Lo', 'kim@example.com'));
    const twoDaysAgo = isoFromNow(-2 * 24 * 60 * 60_000);
    await runSql(storage.location, "update staff_sign_in_links set expires_at = $1 where token_hash = 'h-old'", [
      twoDaysAgo,
    ]);
    await runSql(storage.location, "update staff_sessions set expires_at = $1 where id_hash = 's-old'", [twoDaysAgo]);
    await runSql(storage.location, 'update outbox set created_at = $1 where facts is not null', [twoDaysAgo]);
    await runSql(
      storage.location,
      'update outbox set created_at = $1 where id = (select max(id) from outbox where submission_id is null)',
      [isoFromNow(0)],
    );
    const deleted = await storage.desk.deleteStaleSignIns();
    expect(deleted).toEqual({ links: 1, sessions: 1, mails: expect.any(Number) });
    expect(deleted.mails).toBeGreaterThanOrEqual(1);
    const left = (await runSql(storage.location, 'select facts from outbox where submission_id is null')) as {
      facts: string | Record<string, unknown>;
    }[];
    expect(left.map((row) => (typeof row.facts === 'string' ? JSON.parse(row.facts) : row.facts).nonce)).toEqual([
      'p'.repeat(43),
    ]);
    expect(await storage.desk.consumeStaffSignInLink('h-new')).toBe('owner@seenwear.example');
    expect(await storage.desk.touchStaffSession('s-new', 60_000)).toBe('owner@seenwear.example');
    // A request's mail is never a sign-in's, however old.
    expect(await storage.outbox.notificationsOf(reference)).toHaveLength(2);
  });
});
