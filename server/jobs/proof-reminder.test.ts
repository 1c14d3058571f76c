import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailNotDueError } from '#server/mail/mail-row.ts';
import type { MailSettings } from '#server/mail/mail-settings.ts';
import { buildMail } from '#server/notifications/build-mail.ts';
import { loadSiteDataFiles } from '#server/pages/site-data-files.ts';
import { readCapacityDefaults } from '#server/production/capacity-defaults.ts';
import { createProductionPlanner } from '#server/production/production-planner.ts';
import { createRequestService } from '#server/requests/request-service.ts';
import { formatDay } from '#shared/desk-format.ts';
import type { ShopCalendar } from '#shared/pricing/order-terms.ts';
import type { ApprovalDeadline } from '#shared/requests/promised-date.ts';
import { memoryLogger } from '#tests/support/memory-logger.ts';
import { proofWaiting } from '#tests/support/proof-waiting.ts';
import { randomPng } from '#tests/support/random-png.ts';
import { backends, openTestStorage, type TestStorage } from '#tests/support/test-storage.ts';
import { reminderJob } from './reminder-job.ts';

const staff = 'staff:owner@seenwear.example' as const;

/** The reminders queued for a request, as `about:day`. */
async function reminderKeysOf(storage: TestStorage, reference: string) {
  return (await storage.outbox.notificationsOf(reference)).flatMap((mail) =>
    mail.facts?.kind === 'reminder' ? [`${mail.facts.about}:${mail.facts.day}`] : [],
  );
}
const settings: MailSettings = {
  from: 'Seenwear <orders@seenwear.example>',
  shopEmail: 'team@seenwear.example',
  shop: { appName: 'Seenwear', contact: { email: 'hello@seenwear.example', phone: '+15550100123' } },
  publicUrl: 'https://shop.example',
};
const calendar: ShopCalendar = {
  timeZone: 'America/Chicago',
  cutoff: '12:00',
  closedWeekdays: ['Saturday', 'Sunday'],
  holidays: [],
};
/** The deadline the load gives every proof here: approve by Friday 4 December to keep Friday 18 December. */
const deadline: ApprovalDeadline = { day: '2026-12-04', keeps: '2026-12-18' };

// The proof's approval-deadline reminders on each database, with a clock the test holds: the day before
// and on the deadline's morning, never more than two, none at night or after the cut-off, none once the
// proof is approved, and one only however many instances run the job at once.
describe.each(backends)('the proof deadline reminders on %s', (backend) => {
  let storage: Awaited<ReturnType<typeof openTestStorage>>;

  beforeAll(async () => {
    storage = await openTestStorage(backend);
  });
  afterAll(() => storage.close());

  const run = (iso: string, given: ApprovalDeadline = deadline) =>
    reminderJob({
      ...storage,
      logger: memoryLogger().logger,
      timeZone: calendar.timeZone,
      now: () => new Date(iso),
      proofs: {
        waiting: () => storage.versions.proofsWaiting(),
        deadline: async (_reference, target) => (target ? given : undefined),
        calendar: () => calendar,
        handoverOf: async () => 'pickup',
      },
    }).run(new AbortController().signal);

  async function proofOut() {
    const { reference } = await storage.submissions.saveSubmission({
      kind: 'quote',
      name: 'Dana Whitfield',
      email: 'dana@example.com',
      payload: { name: 'Dana Whitfield', delivery: 'pickup', inHandsDate: '2026-12-18' },
      files: [],
    });
    const png = randomPng(10);
    await storage.versions.sendProof(
      reference,
      {
        file: { name: 'v1.png', mediaType: 'image/png', size: png.length, data: png },
        widthInches: null,
        heightInches: null,
        notes: '',
      },
      { from: 'new', to: 'proof_sent', actor: staff, mail: (version) => ({ kind: 'proof-sent', version }) },
    );
    return reference;
  }

  const keysOf = (reference: string) => reminderKeysOf(storage, reference);

  it('reminds the day before and on the morning, once each however many instances run', async () => {
    const reference = await proofOut();
    // Thursday 3 December, 3 am in Chicago: night, nothing.
    await run('2026-12-03T09:00:00Z');
    expect(await keysOf(reference)).toEqual([]);
    // Thursday, 10 am: the day before. Two instances at once, then another hour: one mail.
    await Promise.all([run('2026-12-03T16:00:00Z'), run('2026-12-03T16:00:00Z')]);
    await run('2026-12-03T17:00:00Z');
    expect(await keysOf(reference)).toEqual(['proof-deadline:2026-12-04']);
    // Friday 9:30 am, before the cut-off: the morning's; later that day, nothing more.
    await Promise.all([run('2026-12-04T15:30:00Z'), run('2026-12-04T15:30:00Z')]);
    await run('2026-12-04T19:00:00Z');
    expect(await keysOf(reference)).toEqual(['proof-deadline:2026-12-04', 'proof-deadline:2026-12-04']);

    const mail = await buildMail(
      {
        id: 1,
        reference,
        recipient: 'customer',
        facts: {
          kind: 'reminder',
          about: 'proof-deadline',
          version: 1,
          day: '2026-12-04',
          keeps: '2026-12-18',
          cutoff: '12:00 pm CST',
        },
      },
      storage,
      settings,
    );
    expect(mail.subject).toBe(`Seenwear: a reminder: approve your proof for ${reference} by Dec 4, 2026`);
    expect(mail.text).toContain('Approve it by Dec 4, 2026, 12:00 pm CST, to keep Dec 18, 2026');
  });

  it('sends none after the cut-off on the day, and none once the proof is approved', async () => {
    const late = await proofOut();
    await run('2026-12-04T19:00:00Z');
    expect(await keysOf(late)).toEqual([]);

    const approved = await proofOut();
    await storage.desk.changeRequestStatus(approved, { from: 'proof_sent', to: 'proof_approved', actor: staff });
    await run('2026-12-03T16:00:00Z');
    expect(await keysOf(approved)).toEqual([]);
    // A reminder queued before the approval is not sent after it.
    await expect(
      buildMail(
        {
          id: 1,
          reference: approved,
          recipient: 'customer',
          facts: { kind: 'reminder', about: 'proof-deadline', version: 1, day: '2026-12-04', keeps: '2026-12-18' },
        },
        storage,
        settings,
      ),
    ).rejects.toThrow(MailNotDueError);
  });

  it('tells the customer once the new date when the date can no longer be kept', async () => {
    const reference = await proofOut();
    const missed: ApprovalDeadline = { late: true, earliest: '2026-12-22' };
    await Promise.all([run('2026-12-07T16:00:00Z', missed), run('2026-12-07T16:00:00Z', missed)]);
    await run('2026-12-08T16:00:00Z', missed);
    expect(await keysOf(reference)).toEqual(['proof-date-moved:2026-12-18']);
    const mail = await buildMail(
      {
        id: 1,
        reference,
        recipient: 'customer',
        facts: { kind: 'reminder', about: 'proof-date-moved', version: 1, day: '2026-12-18', keeps: '2026-12-22' },
      },
      storage,
      settings,
    );
    expect(mail.subject).toBe(`Seenwear: your proof for ${reference} is still waiting: a new date`);
    expect(mail.text).toContain('Your new date: Dec 22, 2026.');
    expect((await storage.desk.getRequestState(reference))?.promised?.date).toBe('2026-12-22');
  });
});

// The deadline passing on the real load: the planner's (the board's) with the shop's own price files,
// a clock the test holds for the database and the job alike. The date moves once, is stored, the
// customer gets one mail with it however many instances run, and the desk's inbox can flag it.
describe.each(backends)('a missed approval deadline on %s', (backend) => {
  let storage: Awaited<ReturnType<typeof openTestStorage>>;
  // Monday 30 November 2026, 9 am in Chicago: the proof goes out.
  let clock = new Date('2026-11-30T15:00:00Z');
  const now = () => clock;

  beforeAll(async () => {
    storage = await openTestStorage(backend, { now });
  });
  afterAll(() => storage.close());

  it('moves the promised date on the load, stores it and tells the customer once', async () => {
    const siteData = await loadSiteDataFiles('data');
    const planner = createProductionPlanner({
      production: storage.production,
      site: () => siteData.data,
      now,
      defaults: readCapacityDefaults(),
    });
    const requests = createRequestService({ ...storage, now, planner, site: () => siteData.data });
    const run = () =>
      reminderJob({
        ...storage,
        logger: memoryLogger().logger,
        timeZone: siteData.data['order-terms'].timeZone,
        now,
        proofs: {
          waiting: () => storage.versions.proofsWaiting(),
          deadline: (reference, target) => requests.approvalDeadline(reference, target),
          calendar: () => siteData.data['order-terms'],
          handoverOf: async () => 'pickup',
          // As the composition hands it (server/index.ts): the approval's booking, from the planner.
          bookingFor: async (reference) => {
            const values = await storage.versions.formValuesOf(reference);
            return values && (await planner.bookingFor(values));
          },
          moved: () => planner.invalidate(),
        },
      }).run(new AbortController().signal);

    const reference = await proofWaiting(storage, '2026-12-18', { side: 12, fileName: 'v1.png' });
    // On the board on the day its quote's approval booked it, the day before it is wanted.
    expect(
      await storage.production.movePressDate(reference, {
        date: '2026-12-17',
        service: 'screen-printing',
        pieces: 48,
        actor: staff,
      }),
    ).toBe('moved');
    const before = await requests.approvalDeadline(reference, '2026-12-18');
    if (!before || 'late' in before) throw new Error(`expected a deadline ahead, got ${JSON.stringify(before)}`);
    await run();
    expect(await reminderKeysOf(storage, reference)).toEqual([]);

    // The morning after the deadline, 10 am: two instances at once.
    const [year = 0, month = 1, day = 1] = before.day.split('-').map(Number);
    clock = new Date(Date.UTC(year, month - 1, day + 1, 16));
    if (clock.getUTCDay() === 6) clock = new Date(clock.getTime() + 2 * 24 * 3600 * 1000);
    const expected = await requests.approvalDeadline(reference, '2026-12-18');
    if (!expected || !('late' in expected))
      throw new Error(`expected the date missed, got ${JSON.stringify(expected)}`);
    await Promise.all([run(), run()]);

    expect(await reminderKeysOf(storage, reference)).toEqual(['proof-date-moved:2026-12-18']);
    const moved = await storage.outbox.notificationsOf(reference);
    expect(moved.at(-1)?.facts).toMatchObject({ about: 'proof-date-moved', keeps: expected.earliest });
    expect((await storage.desk.getRequestState(reference))?.promised).toEqual({
      date: expected.earliest,
      handover: 'pickup',
    });
    const waiting = (await storage.versions.proofsWaiting()).find((proof) => proof.reference === reference);
    expect(waiting).toMatchObject({ target: expected.earliest, missed: '2026-12-18' });
    // The page now counts the deadline to the new date: kept if approved by the cut-off.
    expect(await requests.approvalDeadline(reference, waiting?.target)).toMatchObject({ keeps: expected.earliest });
    // Its place on the board moved with it, once, in the request's history as the system's.
    const onBoard = async () => (await storage.production.boardOrders()).find((order) => order.reference === reference);
    expect(await onBoard()).toMatchObject({
      pressDate: expected.earliest,
      service: 'screen-printing',
      pieces: 48,
      promised: { date: expected.earliest, handover: 'pickup' },
    });
    const pressMoves = async () =>
      (await storage.desk.getRequest(reference))?.events.filter(
        (event) => event.type === 'press_day' && event.actor === 'system',
      );
    expect((await pressMoves())?.map((event) => event.data)).toEqual([{ date: expected.earliest, was: '2026-12-17' }]);

    // Days later, the new date missed too: no second mail, the date stays as the customer was told.
    clock = new Date(clock.getTime() + 3 * 24 * 3600 * 1000);
    await run();
    expect(await reminderKeysOf(storage, reference)).toEqual(['proof-date-moved:2026-12-18']);
    expect((await storage.desk.getRequestState(reference))?.promised?.date).toBe(expected.earliest);
    expect((await onBoard())?.pressDate).toBe(expected.earliest);
    expect(await pressMoves()).toHaveLength(1);

    const mail = await buildMail(
      { id: 1, reference, recipient: 'customer', facts: moved.at(-1)?.facts ?? { kind: 'proof-sent' } },
      storage,
      settings,
    );
    expect(mail.text).toContain(`Your new date: ${formatDay(expected.earliest)}.`);
  });

  it('books the order on the load read under the lock, and tells the customer the date it booked', async () => {
    const order = async (name: string) => {
      const { reference } = await storage.submissions.saveSubmission({
        kind: 'quote',
        name,
        email: 'dana@example.com',
        payload: { name },
        files: [],
      });
      const png = randomPng(8);
      await storage.versions.sendProof(
        reference,
        {
          file: { name: 'v1.png', mediaType: 'image/png', size: png.length, data: png },
          widthInches: null,
          heightInches: null,
          notes: '',
        },
        { from: 'new', to: 'proof_sent', actor: staff, mail: (version) => ({ kind: 'proof-sent', version }) },
      );
      return reference;
    };
    const other = await order('Other Shop');
    await storage.production.movePressDate(other, {
      date: '2027-01-05',
      service: 'embroidery',
      pieces: 200,
      actor: staff,
    });
    const late = await order('Late Approver');
    await storage.production.movePressDate(late, {
      date: '2027-01-04',
      service: 'screen-printing',
      pieces: 24,
      actor: staff,
    });
    // The job read Jan 11 off its load; by the time it books, the press holds other work: the booking
    // made under the lock (which sees every order but this one) is what is stored and told.
    const seen: string[] = [];
    const moved = await storage.reminders.moveMissedDate(late, {
      version: 1,
      missed: '2027-01-04',
      promised: { date: '2027-01-11', handover: 'pickup' },
      mail: (promised) => ({
        kind: 'reminder',
        about: 'proof-date-moved',
        version: 1,
        day: '2027-01-04',
        keeps: promised.date,
      }),
      onceKey: 'proof-date-moved',
      book: (booked) => {
        seen.push(...booked.map((work) => `${work.service}:${work.pressDate}`));
        return {
          pressDate: '2027-01-13',
          service: 'screen-printing',
          pieces: 24,
          promised: { date: '2027-01-13', handover: 'pickup' },
        };
      },
    });
    expect(moved).toBe(true);
    expect(seen).toContain('embroidery:2027-01-05');
    expect(seen).not.toContain('screen-printing:2027-01-04');
    const onBoard = (await storage.production.boardOrders()).find((item) => item.reference === late);
    expect(onBoard).toMatchObject({ pressDate: '2027-01-13', promised: { date: '2027-01-13', handover: 'pickup' } });
    expect((await storage.outbox.notificationsOf(late)).at(-1)?.facts).toMatchObject({ keeps: '2027-01-13' });
    // A second move (another instance, later) books nothing: the date was told once.
    const again = await storage.reminders.moveMissedDate(late, {
      version: 1,
      missed: '2027-01-04',
      promised: { date: '2027-01-20', handover: 'pickup' },
      mail: (promised) => ({
        kind: 'reminder',
        about: 'proof-date-moved',
        version: 1,
        day: '2027-01-04',
        keeps: promised.date,
      }),
      onceKey: 'proof-date-moved',
      book: () => ({
        pressDate: '2027-01-20',
        service: 'screen-printing',
        pieces: 24,
        promised: { date: '2027-01-20', handover: 'pickup' },
      }),
    });
    expect(again).toBe(false);
    expect((await storage.production.boardOrders()).find((item) => item.reference === late)?.pressDate).toBe(
      '2027-01-13',
    );
  });
});
