import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffSession } from '#tests/support/staff-session.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const staff = 'owner@seenwear.example';
const limits = { perGroup: 50, perVisitor: 50 };

// The desk's view of a group order on each database: the live roster on the request's page with its
// activity lines, the CSV and the packing sheet sorted by size, staff only.
describe.each(backends)('the desk’s group order on %s', (backend) => {
  let t: TestApp;
  let desk: { cookie: string; token: string };

  beforeAll(async () => {
    t = await createTestApp({ storage: await openTestStorage(backend), config: { submissionRateLimit: 1000 } });
    desk = await staffSession(t.app, t.storage, staff);
  });

  async function groupWithMembers() {
    const { reference } = await t.storage.submissions.saveSubmission({
      kind: 'quote',
      name: 'Pat Organiser',
      email: 'pat@example.com',
      payload: { name: 'Pat Organiser', garment: 'tee' },
      formValues: { name: 'Pat Organiser' },
      files: [],
    });
    const group = await t.storage.groups.startGroup(
      reference,
      {
        title: 'Choir tees',
        deadline: new Date(Date.now() + 86_400_000),
        asksNames: true,
        asksNumbers: false,
        note: '',
        payer: 'organiser',
        priceCents: null,
        allowRepeat: false,
      },
      'salt',
    );
    if (!group || group === 'exists') throw new Error('no group');
    for (const [name, size] of [
      ['Zoe', 'S'],
      ['=cmd()', 'XL'],
      ['Adam', 'S'],
      ['Mia', 'M'],
    ] as const) {
      await t.storage.groups.addEntry(group.id, {
        input: {
          name,
          email: `${name.length}${size}@example.com`,
          size,
          quantity: 1,
          backName: name.toUpperCase(),
          backNumber: '',
        },
        editSalt: `s-${name}`,
        addedBy: 'member',
        visitor: name,
        limits,
        payment: 'none',
      });
    }
    return reference;
  }

  it('shows the live roster and its activity on the request page', async () => {
    const reference = await groupWithMembers();
    const page = await request(t.app).get(`/staff/requests/${reference}`).set('Cookie', desk.cookie).expect(200);
    expect(page.text).toContain('Group order: Choir tees');
    expect(page.text).toContain('4 pieces from 4 people: S 2, M 1, XL 1');
    expect(page.text).toContain('Started the group order “Choir tees”');
    expect(page.text).toContain('Mia joined the group (M)');
  });

  it('exports the roster sorted by size, defusing formulas, and prints a packing sheet', async () => {
    const reference = await groupWithMembers();
    const csv = await request(t.app)
      .get(`/staff/requests/${reference}/group.csv`)
      .set('Cookie', desk.cookie)
      .expect(200);
    const names = csv.text
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[0]);
    expect(names).toEqual(['"Adam"', '"Zoe"', '"Mia"', `"'=cmd()"`]);
    const sheet = await request(t.app)
      .get(`/staff/requests/${reference}/group/packing`)
      .set('Cookie', desk.cookie)
      .expect(200);
    expect(sheet.text).toContain('Packing sheet');
    expect(sheet.text.indexOf('Adam')).toBeLessThan(sheet.text.indexOf('Mia'));
    expect(sheet.text.indexOf('Mia')).toBeLessThan(sheet.text.indexOf('=cmd()'));
  });

  it('is the staff’s only', async () => {
    const reference = await groupWithMembers();
    const anonymous = await request(t.app).get(`/staff/requests/${reference}/group.csv`);
    expect([302, 303, 401]).toContain(anonymous.status);
  });
});
