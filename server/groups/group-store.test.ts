import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';
import type { GroupEntryInput, GroupSettings } from './group-store.ts';

type TestStorage = Awaited<ReturnType<typeof openTestStorage>>;

const HOUR = 3_600_000;
const limits = { perGroup: 4, perVisitor: 3 };
const person = (name: string, size = 'M', extra: Partial<GroupEntryInput> = {}): GroupEntryInput => ({
  name,
  email: `${name.toLowerCase()}@example.com`,
  size,
  quantity: 1,
  backName: name.toUpperCase(),
  backNumber: '7',
  ...extra,
});

// A group order on each database: entries within the caps and the deadline, one per person, and the
// close that writes the roster's totals into the request (the desk's quote starts from them).
describe.each(backends)('group orders on %s', (backend) => {
  let storage: TestStorage;
  let clock = Date.now();

  beforeAll(async () => {
    storage = await openTestStorage(backend, { now: () => new Date(clock) });
  });
  afterAll(() => storage.close());

  const settings = (): GroupSettings => ({
    title: 'Hornets U12',
    deadline: new Date(clock + 48 * HOUR),
    asksNames: true,
    asksNumbers: true,
    note: 'Sizes run small',
    payer: 'organiser',
    priceCents: null,
    allowRepeat: false,
  });

  async function started() {
    const { reference } = await storage.submissions.saveSubmission({
      kind: 'quote',
      name: 'Pat Organiser',
      email: 'pat@example.com',
      payload: { name: 'Pat Organiser', garment: 'tee', quantity: 24 },
      formValues: { name: 'Pat Organiser', qtyM: '24' },
      files: [],
    });
    const group = await storage.groups.startGroup(reference, settings(), 'salt-1');
    if (group === undefined || group === 'exists') throw new Error('no group');
    return { reference, group };
  }

  const member = (input: GroupEntryInput, visitor = 'v1') =>
    ({ input, editSalt: `s-${input.name}`, addedBy: 'member', visitor, limits, payment: 'none' }) as const;

  it('starts one group per request, logged, with the share link mailed to the organiser', async () => {
    const { reference, group } = await started();
    expect(group).toMatchObject({
      reference,
      title: 'Hornets U12',
      state: 'open',
      shareSalt: 'salt-1',
      asksNames: true,
    });
    expect(await storage.groups.startGroup(reference, settings(), 'salt-2')).toBe('exists');
    expect(await storage.groups.groupOf(reference)).toMatchObject({ id: group.id, shareSalt: 'salt-1' });
    const mails = await storage.outbox.notificationsOf(reference);
    expect(mails.map((mail) => mail.facts)).toContainEqual({ kind: 'group', about: 'share-link' });
  });

  it('takes entries until the caps, one per name and e-mail, and queues no mail to an address a member typed', async () => {
    const { reference, group } = await started();
    const alex = await storage.groups.addEntry(group.id, member(person('Alex')));
    expect(alex).toMatchObject({ ok: true, entry: { name: 'Alex', size: 'M', backName: 'ALEX', removedAt: null } });
    expect(
      await storage.groups.addEntry(group.id, member(person(' alex ', 'L', { email: 'ALEX@example.com' }))),
    ).toEqual({
      ok: false,
      reason: 'duplicate',
    });
    await storage.groups.addEntry(group.id, member(person('Sam', 'L')));
    await storage.groups.addEntry(group.id, member(person('Kim', 'S')));
    expect(await storage.groups.addEntry(group.id, member(person('Lee')))).toEqual({
      ok: false,
      reason: 'visitor-full',
    });
    await storage.groups.addEntry(group.id, member(person('Lee'), 'v2'));
    expect(await storage.groups.addEntry(group.id, member(person('Ari'), 'v3'))).toEqual({
      ok: false,
      reason: 'group-full',
    });
    expect((await storage.groups.entriesOf(group.id)).map((entry) => entry.name)).toEqual([
      'Alex',
      'Sam',
      'Kim',
      'Lee',
    ]);
    const receipts = (await storage.outbox.notificationsOf(reference)).filter((mail) => mail.facts?.about === 'entry');
    expect(receipts).toHaveLength(0);
  });

  it('refuses members after the deadline and everyone once closed; the close writes the totals and the list', async () => {
    const { reference, group } = await started();
    const alex = await storage.groups.addEntry(group.id, member(person('Alex', 'L', { quantity: 2 })));
    await storage.groups.addEntry(group.id, member(person('Sam', 'M')));
    const kim = await storage.groups.addEntry(group.id, member(person('Kim', 'S')));
    if (!alex.ok || !kim.ok) throw new Error('not added');
    expect(
      await storage.groups.changeEntry(alex.entry.id, person('Alex', 'XL', { quantity: 2 }), 'member'),
    ).toMatchObject({
      ok: true,
      entry: { size: 'XL' },
    });
    expect(await storage.groups.removeEntry(kim.entry.id, 'customer')).toMatchObject({ ok: true });

    clock += 49 * HOUR;
    expect(await storage.groups.addEntry(group.id, member(person('Late'), 'v9'))).toEqual({
      ok: false,
      reason: 'past-deadline',
    });
    expect(await storage.groups.groupsPastDeadline()).toContain(group.id);
    // The organiser may still add by hand until the group is closed.
    expect(
      await storage.groups.addEntry(group.id, {
        ...member(person('Coach', 'L', { backNumber: '' })),
        addedBy: 'customer',
        visitor: '',
      }),
    ).toMatchObject({ ok: true });

    const closed = await storage.groups.closeGroup(group.id, 'system');
    expect(closed).toEqual({
      sizes: { XS: 0, S: 0, M: 1, L: 1, XL: 2, '2XL': 0, '3XL': 0, '4XL': 0, '5XL': 0 },
      quantity: 4,
      roster: ['M: SAM 7', 'L: COACH', 'XL: ALEX 7', 'XL: ALEX 7'],
    });
    expect(await storage.groups.closeGroup(group.id, 'system')).toBeUndefined();
    expect(await storage.groups.groupsPastDeadline()).not.toContain(group.id);
    expect(await storage.groups.addEntry(group.id, { ...member(person('Ari')), addedBy: 'customer' })).toEqual({
      ok: false,
      reason: 'closed',
    });

    const request = await storage.submissions.getSubmission(reference);
    // Written as the quote form writes them: the desk, the mails and the work order read one shape.
    expect(request?.payload).toMatchObject({ quantity: 4, roster: closed?.roster, sizes: 'M: 1, L: 1, XL: 2' });
    expect(await storage.versions.formValuesOf(reference)).toMatchObject({
      qtyM: '1',
      qtyL: '1',
      qtyXL: '2',
      qtyS: '0',
    });
    const events = ((await storage.desk.getRequest(reference))?.events ?? []).map((event) => event.type);
    expect(events).toEqual(
      expect.arrayContaining(['group_started', 'group_joined', 'group_entry_removed', 'group_closed']),
    );
  });

  it('revokes and replaces the share link, and moves the deadline of an open group only', async () => {
    const { group } = await started();
    expect(await storage.groups.replaceShareSalt(group.id, null, 'customer')).toBe(true);
    expect((await storage.groups.groupById(group.id))?.shareSalt).toBeNull();
    expect(await storage.groups.replaceShareSalt(group.id, 'salt-new', 'customer')).toBe(true);
    expect((await storage.groups.groupById(group.id))?.shareSalt).toBe('salt-new');
    const later = new Date(clock + 96 * HOUR);
    expect(await storage.groups.extendDeadline(group.id, later, 'customer')).toBe(true);
    expect((await storage.groups.groupById(group.id))?.deadline.toISOString()).toBe(later.toISOString());
    await storage.groups.closeGroup(group.id, 'customer');
    expect(await storage.groups.extendDeadline(group.id, new Date(clock + 200 * HOUR), 'customer')).toBe(false);
  });
});
