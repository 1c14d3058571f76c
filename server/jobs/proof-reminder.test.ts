import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailNotDueError } from '#server/mail/mail-row.ts';
import type { MailSettings } from '#server/mail/mail-settings.ts';
import { buildMail } from '#server/notifications/build-mail.ts';
import type { ShopCalendar } from '#shared/pricing/order-terms.ts';
import type { ApprovalDeadline } from '#shared/requests/promised-date.ts';
import { memoryLogger } from '#tests/support/memory-logger.ts';
import { randomPng } from '#tests/support/random-png.ts';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';
import { reminderJob } from './reminder-job.ts';

const staff = 'staff:owner@seenwear.example' as const;
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

  const keysOf = async (reference: string) =>
    (await storage.outbox.notificationsOf(reference)).flatMap((mail) =>
      mail.facts?.kind === 'reminder' ? [`${mail.facts.about}:${mail.facts.day}`] : [],
    );

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
    expect(mail.text).toContain('Approved today, your order can be ready by Dec 22, 2026.');
  });
});
