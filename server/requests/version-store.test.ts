import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueuedFacts } from '#server/storage/mail-facts.ts';
import type { QuoteTerms } from '#shared/requests/quote.ts';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';

type TestStorage = Awaited<ReturnType<typeof openTestStorage>>;

const terms: QuoteTerms = {
  lines: [
    { label: 'Gildan 5000, black', quantity: 48, unitCents: 450 },
    { label: 'Front print, 2 colors', quantity: 48, unitCents: 325 },
    { label: 'Repeat customer', quantity: 1, unitCents: -1000 },
  ],
  notes: 'Ink: white and gold.',
  validUntil: '2099-01-31',
  depositPercent: 50,
};

const mailFor = (version: number): QueuedFacts => ({ kind: 'quote-sent', version });
const png = Buffer.from('89504e470d0a1a0a', 'hex');

// Quotes and proofs on each database: numbered versions, frozen when sent, sent only from the status seen.
describe.each(backends)('quote and proof versions on %s', (backend) => {
  let storage: TestStorage;
  let reference: string;

  beforeAll(async () => {
    storage = await openTestStorage(backend);
    reference = (
      await storage.submissions.saveSubmission({
        kind: 'quote',
        name: 'Dana Whitfield',
        email: 'dana@example.com',
        payload: { name: 'Dana Whitfield' },
        formValues: { service: 'screen-printing', qtyM: '48', loc1: 'front', loc1Colors: '2' },
        files: [],
      })
    ).reference;
  });
  afterAll(() => storage.close());

  it('keeps the quote form as the customer posted it', async () => {
    expect(await storage.versions.formValuesOf(reference)).toEqual({
      service: 'screen-printing',
      qtyM: '48',
      loc1: 'front',
      loc1Colors: '2',
    });
    expect(await storage.versions.formValuesOf('Q-2099-999999')).toBeUndefined();
  });

  it('numbers each quote sent, moves the request, logs it and queues the mail in one go', async () => {
    const first = await storage.versions.sendQuote(reference, terms, {
      from: 'new',
      to: 'quoted',
      actor: 'staff:owner@seenwear.example',
      mail: mailFor,
    });
    expect(first).toEqual({ sent: true, version: 1 });
    const revised = { ...terms, lines: [...terms.lines.slice(0, 2)], depositPercent: 25 };
    expect(
      await storage.versions.sendQuote(reference, revised, {
        from: 'quoted',
        to: 'quoted',
        actor: 'staff:owner@seenwear.example',
        mail: mailFor,
      }),
    ).toEqual({ sent: true, version: 2 });

    const quotes = await storage.versions.quotesOf(reference);
    expect(quotes.map((quote) => [quote.version, quote.totalCents, quote.depositPercent])).toEqual([
      [1, 48 * 450 + 48 * 325 - 1000, 50],
      [2, 48 * 450 + 48 * 325, 25],
    ]);
    expect(quotes[0]?.lines).toEqual(terms.lines);
    expect(quotes[0]?.sentBy).toBe('staff:owner@seenwear.example');

    const request = await storage.desk.getRequest(reference);
    expect(request?.status).toBe('quoted');
    expect(request?.events.filter((event) => event.type === 'quote').map((event) => event.data)).toEqual([
      { version: 1, totalCents: 36_200, from: 'new', to: 'quoted' },
      { version: 2, totalCents: 37_200 },
    ]);
    const mails = await storage.outbox.notificationsOf(reference);
    // What each mail is about, with the version's number: the mail is written from it when sent.
    expect(mails.map((mail) => mail.facts).filter(Boolean)).toEqual([
      { kind: 'quote-sent', version: 1 },
      { kind: 'quote-sent', version: 2 },
    ]);
  });

  it('sends nothing when the request has moved on since the sender looked', async () => {
    const before = (await storage.outbox.notificationsOf(reference)).length;
    expect(
      await storage.versions.sendQuote(reference, terms, {
        from: 'new',
        to: 'quoted',
        actor: 'staff:a@b.example',
        mail: mailFor,
      }),
    ).toEqual({ sent: false, reason: 'conflict' });
    expect(
      await storage.versions.sendQuote('Q-2099-999999', terms, {
        from: 'new',
        to: 'quoted',
        actor: 'staff:a@b.example',
        mail: mailFor,
      }),
    ).toEqual({ sent: false, reason: 'missing' });
    expect(await storage.versions.quotesOf(reference)).toHaveLength(2);
    expect(await storage.outbox.notificationsOf(reference)).toHaveLength(before);
  });

  it('gives two quotes sent at once different numbers', async () => {
    const send = () =>
      storage.versions.sendQuote(reference, terms, {
        from: 'quoted',
        to: 'quoted',
        actor: 'staff:a@b.example',
        mail: mailFor,
      });
    const outcomes = await Promise.all([send(), send()]);
    expect(outcomes.map((outcome) => (outcome.sent ? outcome.version : 0)).sort()).toEqual([3, 4]);
  });

  it('keeps each proof with its file and print size, and moves the request to proof sent', async () => {
    const file = { name: 'proof.png', mediaType: 'image/png', size: png.length, data: png };
    const sent = await storage.versions.sendProof(
      reference,
      { file, widthInches: 11.5, heightInches: 4, notes: 'Gold is metallic.' },
      { from: 'quoted', to: 'proof_sent', actor: 'staff:owner@seenwear.example', mail: mailFor },
    );
    expect(sent).toEqual({ sent: true, version: 1 });
    const second = await storage.versions.sendProof(
      reference,
      { file: { ...file, name: 'proof-2.png' }, widthInches: null, heightInches: null, notes: '' },
      { from: 'proof_sent', to: 'proof_sent', actor: 'staff:owner@seenwear.example', mail: mailFor },
    );
    expect(second).toEqual({ sent: true, version: 2 });

    const proofs = await storage.versions.proofsOf(reference);
    expect(proofs.map((proof) => [proof.version, proof.name, proof.widthInches, proof.heightInches])).toEqual([
      [1, 'proof.png', 11.5, 4],
      [2, 'proof-2.png', null, null],
    ]);
    expect((await storage.versions.getProofFile(reference, 1))?.data.equals(png)).toBe(true);
    expect(await storage.versions.getProofFile(reference, 3)).toBeUndefined();
    expect((await storage.desk.getRequestState(reference))?.status).toBe('proof_sent');
  });
});
