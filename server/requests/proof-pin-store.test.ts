import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';

type TestStorage = Awaited<ReturnType<typeof openTestStorage>>;

const staff = 'staff:owner@seenwear.example' as const;
const png = (byte: number) => Buffer.from(`89504e470d0a1a0a${byte.toString(16).padStart(2, '0')}`, 'hex');

// Notes pinned on proofs on each database: numbered per request, on the newest version only, answered by
// either side, and kept with the version they were written on.
describe.each(backends)('notes pinned on proofs on %s', (backend) => {
  let storage: TestStorage;

  beforeAll(async () => {
    storage = await openTestStorage(backend);
  });
  afterAll(() => storage.close());

  async function proofSent() {
    const { reference } = await storage.submissions.saveSubmission({
      kind: 'quote',
      name: 'Dana Whitfield',
      email: 'dana@example.com',
      payload: { name: 'Dana Whitfield' },
      files: [],
    });
    await storage.versions.sendProof(
      reference,
      {
        file: { name: 'v1.png', mediaType: 'image/png', size: 9, data: png(1) },
        widthInches: null,
        heightInches: null,
        notes: '',
      },
      { from: 'new', to: 'proof_sent', actor: staff, mail: (version) => ({ kind: 'proof-sent', version }) },
    );
    return reference;
  }

  it('numbers the notes, keeps their point as fractions, and their answers and done mark from either side', async () => {
    const reference = await proofSent();
    const first = await storage.versions.addPin(
      reference,
      1,
      { x: 0.25, y: 0.75, place: '', text: 'Logo bigger' },
      'customer',
    );
    const second = await storage.versions.addPin(
      reference,
      1,
      { x: null, y: null, place: 'left sleeve', text: 'Add the date <b>2027</b>' },
      'customer',
    );
    expect(first).toEqual({ added: true, number: 1 });
    expect(second).toEqual({ added: true, number: 2 });
    expect(
      await storage.versions.answerPin(reference, 1, { author: staff, text: 'Made it 20% bigger', done: true }),
    ).toBe('answered');
    expect(await storage.versions.answerPin(reference, 2, { author: 'customer', text: 'Thanks' })).toBe('answered');

    const pins = await storage.versions.pinsOf(reference);
    expect(pins.map((pin) => [pin.number, pin.version, pin.x, pin.y, pin.place, pin.text, pin.author])).toEqual([
      [1, 1, 0.25, 0.75, '', 'Logo bigger', 'customer'],
      [2, 1, null, null, 'left sleeve', 'Add the date <b>2027</b>', 'customer'],
    ]);
    expect(pins[0]?.done?.by).toBe(staff);
    expect(pins[0]?.replies.map((reply) => [reply.author, reply.text])).toEqual([[staff, 'Made it 20% bigger']]);
    expect(pins[1]?.done).toBeUndefined();
    expect(pins[1]?.replies.map((reply) => reply.text)).toEqual(['Thanks']);

    // Opened again by the customer: no longer done.
    expect(await storage.versions.answerPin(reference, 1, { author: 'customer', done: false })).toBe('answered');
    expect((await storage.versions.pinsOf(reference))[0]?.done).toBeUndefined();
    // The inbox lists the proof waiting, with its open notes.
    const waiting = (await storage.versions.proofsWaiting()).find((proof) => proof.reference === reference);
    expect(waiting).toMatchObject({ version: 1, openPins: 2, name: 'Dana Whitfield' });
  });

  it('writes nothing on a superseded version, on a proof of no such request, or once the proof is approved', async () => {
    const reference = await proofSent();
    await storage.versions.addPin(reference, 1, { x: 0.5, y: 0.5, place: '', text: 'On v1' }, 'customer');
    await storage.versions.sendProof(
      reference,
      {
        file: { name: 'v2.png', mediaType: 'image/png', size: 9, data: png(2) },
        widthInches: null,
        heightInches: null,
        notes: '',
      },
      { from: 'proof_sent', to: 'proof_sent', actor: staff, mail: (version) => ({ kind: 'proof-sent', version }) },
    );
    const note = { x: 0.1, y: 0.1, place: '', text: 'Late' };
    expect(await storage.versions.addPin(reference, 1, note, 'customer')).toEqual({
      added: false,
      reason: 'superseded',
    });
    expect(await storage.versions.answerPin(reference, 1, { author: staff, text: 'Late answer' })).toBe('superseded');
    expect(await storage.versions.addPin(reference, 3, note, 'customer')).toEqual({ added: false, reason: 'missing' });
    expect(await storage.versions.addPin('Q-2099-999999', 1, note, 'customer')).toEqual({
      added: false,
      reason: 'missing',
    });
    expect(await storage.versions.answerPin(reference, 99, { author: staff, text: 'Nothing there' })).toBe('missing');
    // Numbers go on across versions: v2's first note is 2.
    expect(await storage.versions.addPin(reference, 2, note, staff)).toEqual({ added: true, number: 2 });
    // The inbox lists version 2 as the one waiting, with the note open on it (v1's no longer counts).
    expect((await storage.versions.proofsWaiting()).find((proof) => proof.reference === reference)).toMatchObject({
      version: 2,
      openPins: 1,
    });

    await storage.desk.changeRequestStatus(reference, { from: 'proof_sent', to: 'proof_approved', actor: staff });
    expect(await storage.versions.addPin(reference, 2, note, 'customer')).toEqual({ added: false, reason: 'closed' });
    const pins = await storage.versions.pinsOf(reference);
    expect(pins.map((pin) => [pin.number, pin.version, pin.text, pin.replies.length])).toEqual([
      [1, 1, 'On v1', 0],
      [2, 2, 'Late', 0],
    ]);
  });

  it('refuses a point outside the picture in the database too', async () => {
    const reference = await proofSent();
    await expect(
      storage.versions.addPin(reference, 1, { x: 1.5, y: 0.5, place: '', text: 'Outside' }, 'customer'),
    ).rejects.toThrow();
    expect(await storage.versions.pinsOf(reference)).toEqual([]);
  });
});
