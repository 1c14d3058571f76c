import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewCertificate } from '#server/exemptions/exemption-store.ts';
import { minimalPdf } from '#tests/support/minimal-pdf.ts';
import { backends, openTestStorage, type TestStorage } from '#tests/support/test-storage.ts';

const desk = 'staff:owner@seenwear.example' as const;

function certificate(number: string, expiresOn: string): NewCertificate {
  const data = minimalPdf(number);
  return {
    type: 'exemption',
    number,
    state: 'Illinois',
    holder: 'Springfield Unified School District',
    expiresOn,
    file: { name: `${number}.pdf`, mediaType: 'application/pdf', size: data.length, data },
  };
}

// A school's standing day by day: waiting for the desk, accepted, gone the day after its last day, and
// the newest accepted certificate winning; kept by e-mail whatever case each request used.
describe.each(backends)('exemption certificates on %s', (backend) => {
  let storage: TestStorage;
  let clockNow = new Date('2026-03-02T15:00:00.000Z');

  beforeAll(async () => {
    storage = await openTestStorage(backend, { now: () => clockNow });
  });
  afterAll(() => storage.close());

  const request = async (email: string) =>
    (
      await storage.submissions.saveSubmission({
        kind: 'quote',
        name: 'Pat Lee',
        email,
        payload: { name: 'Pat Lee' },
        files: [],
      })
    ).reference;

  it('is pending until the desk verifies it, verified through its last day, expired the day after', async () => {
    const reference = await request('Office@Springfield.example');
    expect(await storage.exemptions.exemptionOf('office@springfield.example', '2026-03-02')).toEqual({ kind: 'none' });
    const id = await storage.exemptions.addCertificate(reference, certificate('12-3456789', '2027-06-30'));
    expect(id).toEqual(expect.any(Number));
    const pending = await storage.exemptions.exemptionOf('OFFICE@springfield.example', '2026-03-02');
    expect(pending).toEqual({
      kind: 'pending',
      certificate: {
        id,
        type: 'exemption',
        number: '12-3456789',
        state: 'Illinois',
        holder: 'Springfield Unified School District',
        expiresOn: '2027-06-30',
      },
    });
    expect(await storage.exemptions.verifyCertificate(reference, id ?? 0, { actor: desk, day: '2026-03-03' })).toBe(
      'done',
    );
    // Checked once: a second press (another tab) changes nothing.
    expect(await storage.exemptions.verifyCertificate(reference, id ?? 0, { actor: desk, day: '2026-03-04' })).toBe(
      'already-checked',
    );
    const verified = await storage.exemptions.exemptionOf('office@springfield.example', '2027-06-30');
    expect(verified).toMatchObject({ kind: 'verified', certificate: { id, verifiedOn: '2026-03-03' } });
    expect(await storage.exemptions.exemptionOf('office@springfield.example', '2027-07-01')).toMatchObject({
      kind: 'expired',
      certificate: { id, expiresOn: '2027-06-30' },
    });
    // Accepted by mistake, or revoked by its state: withdrawn, the tax is back; withdrawn once.
    expect(
      await storage.exemptions.rejectCertificate(reference, id ?? 0, { actor: desk, reason: 'Revoked by the state' }),
    ).toBe('done');
    expect(await storage.exemptions.exemptionOf('office@springfield.example', '2027-06-30')).toEqual({ kind: 'none' });
    expect(await storage.exemptions.rejectCertificate(reference, id ?? 0, { actor: desk, reason: 'again' })).toBe(
      'already-checked',
    );
    const events = await storage.desk.getRequest(reference);
    expect(events?.events.map((event) => event.type)).toEqual(
      expect.arrayContaining([
        'exemption_certificate_sent',
        'exemption_certificate_verified',
        'exemption_certificate_rejected',
      ]),
    );
  });

  it('takes the newest verified certificate still valid, and ignores a refused one', async () => {
    const reference = await request('bursar@stmary.example');
    const old = await storage.exemptions.addCertificate(reference, certificate('OLD-1', '2026-12-31'));
    const renewal = await storage.exemptions.addCertificate(reference, certificate('NEW-2', '2029-12-31'));
    const refused = await storage.exemptions.addCertificate(reference, certificate('BAD-3', '2030-12-31'));
    await storage.exemptions.verifyCertificate(reference, old ?? 0, { actor: desk, day: '2026-03-02' });
    // The renewal waits for the check: the old one, still valid, is what stands.
    expect(await storage.exemptions.exemptionOf('bursar@stmary.example', '2026-06-01')).toMatchObject({
      kind: 'verified',
      certificate: { number: 'OLD-1' },
    });
    await storage.exemptions.verifyCertificate(reference, renewal ?? 0, { actor: desk, day: '2026-03-02' });
    await storage.exemptions.rejectCertificate(reference, refused ?? 0, { actor: desk, reason: 'Not signed' });
    expect(await storage.exemptions.exemptionOf('bursar@stmary.example', '2026-06-01')).toMatchObject({
      kind: 'verified',
      certificate: { number: 'NEW-2' },
    });
    const listed = await storage.exemptions.certificatesOf('bursar@stmary.example');
    expect(listed.map((each) => [each.number, each.rejected?.reason])).toEqual([
      ['BAD-3', 'Not signed'],
      ['NEW-2', undefined],
      ['OLD-1', undefined],
    ]);
  });

  it('checks and serves a certificate only through a request of the same customer', async () => {
    const school = await request('it@lincoln.example');
    const stranger = await request('someone@else.example');
    const id = (await storage.exemptions.addCertificate(school, certificate('LN-5', '2028-01-31'))) ?? 0;
    expect(await storage.exemptions.verifyCertificate(stranger, id, { actor: desk, day: '2026-03-02' })).toBe(
      'missing',
    );
    expect(await storage.exemptions.certificateFile(stranger, id)).toBeUndefined();
    expect((await storage.exemptions.certificateFile(school, id))?.data.equals(minimalPdf('LN-5'))).toBe(true);
    expect(await storage.exemptions.addCertificate('Q-2026-999999', certificate('X', '2028-01-31'))).toBeUndefined();
  });

  it('keeps certificates while a request of the customer is kept, and forgets them with the last one', async () => {
    clockNow = new Date('2020-01-10T12:00:00.000Z');
    const first = await request('clerk@oldchurch.example');
    await storage.exemptions.addCertificate(first, certificate('CH-1', '2030-01-31'));
    clockNow = new Date('2026-03-02T15:00:00.000Z');
    await request('Clerk@OldChurch.example');
    await storage.submissions.deleteSubmissionsBefore(new Date('2021-01-01T00:00:00.000Z'));
    expect(await storage.exemptions.certificatesOf('clerk@oldchurch.example')).toHaveLength(1);
    await storage.submissions.deleteSubmissionsBefore(new Date('2026-04-01T00:00:00.000Z'));
    expect(await storage.exemptions.certificatesOf('clerk@oldchurch.example')).toEqual([]);
  });
});
