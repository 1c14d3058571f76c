import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryLogger } from '#tests/support/memory-logger.ts';
import { backends, openTestStorage } from '#tests/support/test-storage.ts';
import type { ChargeOutcome, StoreCards } from './store-cards.ts';
import { closeDueStores, closeStore } from './store-close.ts';
import type { CartLine, StoreSettings } from './team-stores-store.ts';

type TestStorage = Awaited<ReturnType<typeof openTestStorage>>;

const HOUR = 3_600_000;

/**
 * Stripe as the close sees it: a customer's saved card per payment method, charged once per
 * idempotency key (a key asked again answers its first charge, as Stripe does), declined for the
 * methods named so, or unreachable for the next `unreachable` charges.
 */
function fakeCards(declined: Set<string> = new Set()) {
  const byKey = new Map<string, ChargeOutcome>();
  const charges: { key: string; amountCents: number; paymentMethod: string }[] = [];
  const released: string[] = [];
  let unreachable = 0;
  const cards: StoreCards = {
    keySalt: async () => 'salt',
    createCustomer: async () => 'cus_1',
    startSetup: async () => ({ id: 'cs_1', url: 'https://stripe.example/cs_1' }),
    setupOutcome: async (id) => ({ status: 'complete', paymentMethod: `pm_${id}` }),
    async chargeSaved(ask, key) {
      const earlier = byKey.get(key);
      if (earlier) return earlier;
      if (unreachable > 0) {
        unreachable -= 1;
        return { ok: false, code: 'unreachable', message: 'timeout', paymentIntent: null, final: false };
      }
      const outcome: ChargeOutcome = declined.has(ask.paymentMethod)
        ? { ok: false, code: 'authentication_required', message: 'auth', paymentIntent: `pi_${key}`, final: true }
        : { ok: true, paymentIntent: `pi_${charges.length + 1}`, feeCents: 30 };
      if (outcome.ok) charges.push({ key, amountCents: ask.amountCents, paymentMethod: ask.paymentMethod });
      byKey.set(key, outcome);
      return outcome;
    },
    release: async (method) => {
      released.push(method);
    },
    startPayment: async () => ({ id: 'cs_pay', url: 'https://stripe.example/cs_pay' }),
    paymentOutcome: async () => ({ paid: true, paymentIntent: 'pi_pay', amountCents: 0, feeCents: null }),
  };
  return {
    cards,
    charges,
    released,
    failNext(count: number) {
      unreachable = count;
    },
  };
}

// A team store on each database: its products, carts open only while the store is, the counter of
// saved pieces, and the close that charges every saved card once (or nobody, below the minimum).
describe.each(backends)('team stores on %s', (backend) => {
  let storage: TestStorage;
  const clock = Date.now();
  /** The database's clock: the store tests' fixed instant, moved by the late window's test alone. */
  let moved = 0;

  beforeAll(async () => {
    storage = await openTestStorage(backend, { now: () => new Date(clock + moved) });
  });
  afterAll(() => storage.close());

  const settings = (minimum: number, lateDays = 0): StoreSettings => ({
    title: 'Hornets fundraiser',
    opensAt: new Date(clock - HOUR),
    closesAt: new Date(clock + 48 * HOUR),
    minimumPieces: minimum,
    charging: 'minimum',
    expectedPieces: 24,
    markupCents: 500,
    delivery: 'school',
    shippingCents: 0,
    asksNames: true,
    asksNumbers: true,
    sortBy: '',
    lateDays,
  });

  let slugs = 0;
  async function opened(minimum = 3, lateDays = 0) {
    const { reference } = await storage.submissions.saveSubmission({
      kind: 'quote',
      name: 'Pat Organiser',
      email: 'pat@example.com',
      payload: { name: 'Pat Organiser', garment: 'gildan-5000' },
      formValues: { name: 'Pat Organiser', qtyM: '24' },
      files: [],
    });
    slugs += 1;
    const store = await storage.teamStores.openStore(
      reference,
      settings(minimum, lateDays),
      [
        {
          garment: 'gildan-5000',
          title: 'Gildan 5000 tee',
          colours: ['Navy', 'White'],
          sizes: [
            { size: 'M', upchargeCents: 0 },
            { size: '2XL', upchargeCents: 200 },
          ],
          shopPriceCents: 1250,
        },
        {
          garment: 'gildan-18500',
          title: 'Gildan hoodie',
          colours: ['Black'],
          sizes: [{ size: 'L', upchargeCents: 0 }],
          shopPriceCents: 2600,
        },
      ],
      { slug: `hornets-${backend}-${slugs}`, organiserSalt: `organiser-${slugs}` },
      'staff:owner@example.com',
    );
    if (!store) throw new Error('no store');
    return { reference, store };
  }

  const line = (productId: number, quantity = 1, size = 'M'): CartLine => ({
    productId,
    colour: 'Navy',
    size,
    quantity,
    backName: 'KIM',
    backNumber: '7',
  });

  /** A buyer's cart, placed with a saved card. */
  async function placed(storeId: number, cart: string, lines: CartLine[]) {
    for (const each of lines) {
      const added = await storage.teamStores.addToCart(storeId, cart, `salt-${cart}`, each);
      expect(added.ok).toBe(true);
    }
    const order = await storage.teamStores.orderByCart(storeId, cart);
    if (!order) throw new Error('no cart');
    const saving = await storage.teamStores.startSaving(order.id, {
      name: `Buyer ${cart}`,
      email: `${cart}@example.com`,
      customerId: 'cus_1',
      sessionId: `cs_${cart}`,
    });
    expect(saving.ok).toBe(true);
    await storage.teamStores.recordOrder(order.id, { state: 'saved', paymentMethod: `pm_${cart}` });
    return order.id;
  }

  it('opens a store with its products, found by its address and its request', async () => {
    const { reference, store } = await opened();
    expect(await storage.teamStores.storeBySlug(store.slug)).toMatchObject({
      title: 'Hornets fundraiser',
      reference,
      state: 'open',
      minimumPieces: 3,
      markupCents: 500,
      asksNames: true,
    });
    expect(store.products.map((product) => [product.title, product.colours, product.sizes.length])).toEqual([
      ['Gildan 5000 tee', ['Navy', 'White'], 2],
      ['Gildan hoodie', ['Black'], 1],
    ]);
    expect((await storage.teamStores.storesOf(reference)).map((each) => each.id)).toEqual([store.id]);
  });

  it('keeps a cart of several lines while the store is open, and counts only saved pieces', async () => {
    const { store } = await opened();
    const [tee, hoodie] = store.products;
    if (!tee || !hoodie) throw new Error('no products');
    await storage.teamStores.addToCart(store.id, 'cart-a', 'salt-a', line(tee.id, 2));
    const added = await storage.teamStores.addToCart(store.id, 'cart-a', 'salt-a', line(hoodie.id, 1, 'L'));
    expect(added.ok && added.order.items.map((item) => item.quantity)).toEqual([2, 1]);
    // A cart is not an order yet: the counter moves once the card is saved.
    expect(await storage.teamStores.piecesCounted(store.id)).toBe(0);
    const first = added.ok ? added.order.items[0] : undefined;
    const removed = await storage.teamStores.removeFromCart(store.id, 'cart-a', first?.id ?? 0);
    expect(removed.ok && removed.order.items.length).toBe(1);
    await placed(store.id, 'cart-b', [line(tee.id, 3)]);
    expect(await storage.teamStores.piecesCounted(store.id)).toBe(3);
    // A placed order takes no more lines.
    expect(await storage.teamStores.addToCart(store.id, 'cart-b', 'salt-b', line(tee.id))).toEqual({
      ok: false,
      reason: 'not-cart',
    });
  });

  it('refuses every cart change once the store has closed', async () => {
    const { store } = await opened();
    const [tee] = store.products;
    if (!tee) throw new Error('no product');
    await storage.teamStores.addToCart(store.id, 'late', 'salt', line(tee.id));
    expect(await storage.teamStores.moveClose(store.id, new Date(clock - 1000))).toBe(true);
    expect(await storage.teamStores.addToCart(store.id, 'late', 'salt', line(tee.id))).toEqual({
      ok: false,
      reason: 'closed',
    });
    const cart = await storage.teamStores.orderByCart(store.id, 'late');
    expect(await storage.teamStores.removeFromCart(store.id, 'late', cart?.items[0]?.id ?? 0)).toEqual({
      ok: false,
      reason: 'closed',
    });
    expect((await storage.teamStores.orderByCart(store.id, 'late'))?.items).toHaveLength(1);
  });

  it('moves a close that is still ahead, and never one that has come', async () => {
    const { store } = await opened();
    const later = new Date(clock + 96 * HOUR);
    expect(await storage.teamStores.moveCloseAhead(store.id, later)).toBe(true);
    expect((await storage.teamStores.storeById(store.id))?.closesAt).toEqual(later);
    expect(await storage.teamStores.moveCloseAhead(store.id, new Date(clock - 1000))).toBe(true);
    // Its close has come: the job is about to take it, and nothing pushes it back.
    expect(await storage.teamStores.moveCloseAhead(store.id, later)).toBe(false);
    expect((await storage.teamStores.storeById(store.id))?.closesAt).toEqual(new Date(clock - 1000));
  });

  it('gives one close to one of two instances asking at once', async () => {
    const { store } = await opened();
    await storage.teamStores.moveClose(store.id, new Date(clock - 1000));
    const claims = await Promise.all([
      storage.teamStores.claimClose(store.id, 60_000),
      storage.teamStores.claimClose(store.id, 60_000),
    ]);
    expect(claims.filter(Boolean)).toEqual([{ round: 1 }]);
    expect(await storage.teamStores.storesDue()).not.toContain(store.id);
  });

  it('saves a card and records a payment once whoever reports it, never moving a settled order back', async () => {
    const { reference, store } = await opened(1);
    const [tee] = store.products;
    if (!tee) throw new Error('no product');
    await storage.teamStores.addToCart(store.id, 'dex', 'salt-dex', line(tee.id));
    const cart = await storage.teamStores.orderByCart(store.id, 'dex');
    if (!cart) throw new Error('no cart');
    await storage.teamStores.startSaving(cart.id, {
      name: 'Dee',
      email: 'dee@example.com',
      customerId: 'cus_1',
      sessionId: 'cs_dex',
    });
    // Stripe's event and the buyer's return both report the card: the first moves it, the second nothing.
    expect(await storage.teamStores.markSaved(cart.id, 'pm_dex')).toBe(true);
    expect(await storage.teamStores.markSaved(cart.id, 'pm_other')).toBe(false);
    expect(await storage.teamStores.orderById(cart.id)).toMatchObject({ state: 'saved', paymentMethod: 'pm_dex' });
    const fake = fakeCards(new Set(['pm_dex']));
    await storage.teamStores.moveClose(store.id, new Date(clock - 1000));
    await closeStore({ stores: storage.teamStores, cards: fake.cards, logger: memoryLogger().logger }, store.id);
    // A late event for the setup session cannot undo the close's refusal.
    expect(await storage.teamStores.markSaved(cart.id, 'pm_dex')).toBe(false);
    expect(await storage.teamStores.orderById(cart.id)).toMatchObject({ state: 'failed' });
    // A payment for another amount is noted for the shop while the order waits; once paid, nothing is noted.
    expect(await storage.teamStores.holdPayment(cart.id, 'Paid $1.00 on Stripe: check it by hand')).toBe(true);
    expect(await storage.teamStores.orderById(cart.id)).toMatchObject({
      state: 'failed',
      chargeError: 'Paid $1.00 on Stripe: check it by hand',
    });
    const paid = { paymentIntent: 'pi_dex', totalCents: 1750, feeCents: 81 };
    expect(await storage.teamStores.markPaid(cart.id, paid)).toBe(true);
    expect(await storage.teamStores.markPaid(cart.id, paid)).toBe(false);
    expect(await storage.teamStores.holdPayment(cart.id, 'late note')).toBe(false);
    expect(await storage.teamStores.orderById(cart.id)).toMatchObject({ state: 'paid', paymentIntent: 'pi_dex' });
    const mails = (await storage.outbox.notificationsOf(reference)).map((mail) => mail.facts?.about);
    expect(mails.filter((about) => about === 'placed')).toHaveLength(1);
    expect(mails.filter((about) => about === 'paid')).toHaveLength(1);
  });

  it('charges every saved card for exactly its total once the minimum is met, and mails a pay link on a refusal', async () => {
    const { reference, store } = await opened(4);
    const [tee, hoodie] = store.products;
    if (!tee || !hoodie) throw new Error('no products');
    const alex = await placed(store.id, 'alex', [line(tee.id, 2), line(tee.id, 1, '2XL')]);
    const bo = await placed(store.id, 'bo', [line(hoodie.id, 1, 'L')]);
    const cy = await placed(store.id, 'cy', [line(tee.id, 1)]);
    const fake = fakeCards(new Set(['pm_cy']));
    await storage.teamStores.moveClose(store.id, new Date(clock - 1000));
    const deps = { stores: storage.teamStores, cards: fake.cards, logger: memoryLogger().logger };
    expect(await closeStore(deps, store.id)).toBe('charged');
    // Tee $12.50 + $5 markup; the 2XL adds $2; the hoodie $26 + $5.
    expect(fake.charges.map((charge) => charge.amountCents)).toEqual([2 * 1750 + 1950, 3100]);
    const orders = await storage.teamStores.ordersOf(store.id);
    expect(orders.map((order) => [order.id, order.state, order.totalCents])).toEqual([
      [alex, 'charged', 5450],
      [bo, 'charged', 3100],
      [cy, 'failed', 1750],
    ]);
    expect((await storage.teamStores.storeById(store.id))?.state).toBe('charged');
    const mails = (await storage.outbox.notificationsOf(reference)).map((mail) => mail.facts);
    expect(mails).toEqual(
      expect.arrayContaining([
        { kind: 'team-store', about: 'charged', order: alex },
        { kind: 'team-store', about: 'charged', order: bo },
        { kind: 'team-store', about: 'pay-link', order: cy },
      ]),
    );
    // Closed once: asking again charges nobody.
    expect(await closeStore(deps, store.id)).toBeUndefined();
    expect(fake.charges).toHaveLength(2);
  });

  it('puts a store closed with its minimum on the board as one run, and mails every paid buyer once when the bags are ready', async () => {
    const { reference, store } = await opened(3);
    const [tee, hoodie] = store.products;
    if (!tee || !hoodie) throw new Error('no products');
    const alex = await placed(store.id, 'run-alex', [line(tee.id, 2), line(hoodie.id, 1, 'L')]);
    const bo = await placed(store.id, 'run-bo', [line(tee.id, 1)]);
    await placed(store.id, 'run-cy', [line(tee.id, 1)]);
    await storage.teamStores.moveClose(store.id, new Date(clock - 1000));
    const asked: { reference: string; values: Record<string, string>; booked: number }[] = [];
    const production = {
      planRun: async (ref: string, values: (kept: Record<string, string>) => Record<string, string>) => {
        const run = values({ name: 'Pat Organiser', qtyM: '24', service: 'screen-printing' });
        return (booked: readonly unknown[]) => {
          asked.push({ reference: ref, values: run, booked: booked.length });
          return {
            pressDate: '2026-12-15',
            service: 'screen-printing' as const,
            pieces: Number(run.qtyL),
            promised: { date: '2026-12-15', handover: 'pickup' as const },
          };
        };
      },
    };
    const fake = fakeCards(new Set(['pm_run-cy']));
    const deps = { stores: storage.teamStores, cards: fake.cards, logger: memoryLogger().logger, production };
    expect(await closeStore(deps, store.id)).toBe('charged');
    // The run is every piece paid for (Cy's refused charge is not), in place of the request's own count.
    expect(asked).toEqual([{ reference, values: expect.objectContaining({ qtyL: '4', qtyM: '' }), booked: 0 }]);
    const board = (await storage.production.boardOrders()).find((order) => order.reference === reference);
    expect(board).toMatchObject({ status: 'proof_approved', pressDate: '2026-12-15', pieces: 4 });
    expect(await storage.production.bookedWork()).toContainEqual({
      service: 'screen-printing',
      pieces: 4,
      pressDate: '2026-12-15',
    });
    expect((await storage.teamStores.storeById(store.id))?.bookedAt).toBeInstanceOf(Date);
    // Booked once: asking again changes nothing.
    expect(await storage.teamStores.bookRun(store.id, () => undefined)).toBe('already');

    expect(await storage.teamStores.markBagsReady(store.id)).toBe(2);
    expect(await storage.teamStores.markBagsReady(store.id)).toBeUndefined();
    const bagMails = (await storage.outbox.notificationsOf(reference))
      .map((mail) => mail.facts)
      .filter((facts) => facts?.kind === 'team-store' && facts.about === 'bag-ready');
    expect(bagMails).toEqual([
      { kind: 'team-store', about: 'bag-ready', order: alex },
      { kind: 'team-store', about: 'bag-ready', order: bo },
    ]);
  });

  it('leaves a store below its minimum off the board, with no bags to announce', async () => {
    const { reference, store } = await opened(5);
    const [tee] = store.products;
    if (!tee) throw new Error('no product');
    await placed(store.id, 'few', [line(tee.id)]);
    await storage.teamStores.moveClose(store.id, new Date(clock - 1000));
    const production = {
      planRun: async () => {
        throw new Error('a missed store is never planned');
      },
    };
    const deps = { stores: storage.teamStores, cards: fakeCards().cards, logger: memoryLogger().logger, production };
    expect(await closeStore(deps, store.id)).toBe('missed');
    expect((await storage.production.boardOrders()).map((order) => order.reference)).not.toContain(reference);
    expect(await storage.teamStores.bookRun(store.id, () => undefined)).toBe('not-closed');
    expect(await storage.teamStores.markBagsReady(store.id)).toBeUndefined();
  });

  it('takes cart changes in the late window after a close that met the minimum, and none after it', async () => {
    const { store } = await opened(1, 2);
    const [tee] = store.products;
    if (!tee) throw new Error('no product');
    await placed(store.id, 'late-first', [line(tee.id)]);
    await storage.teamStores.moveClose(store.id, new Date(clock - 1000));
    const deps = { stores: storage.teamStores, cards: fakeCards().cards, logger: memoryLogger().logger };
    expect(await closeStore(deps, store.id)).toBe('charged');
    expect((await storage.teamStores.storeById(store.id))?.lateUntil?.getTime()).toBe(clock + 2 * 24 * HOUR);
    const added = await storage.teamStores.addToCart(store.id, 'late-add', 'salt', line(tee.id));
    expect(added.ok).toBe(true);
    try {
      moved = 2 * 24 * HOUR + 1000;
      expect(await storage.teamStores.addToCart(store.id, 'late-add', 'salt', line(tee.id))).toEqual({
        ok: false,
        reason: 'closed',
      });
    } finally {
      moved = 0;
    }
    // A store closed below its minimum has no window, whatever its setting.
    const { store: missed } = await opened(9, 2);
    await storage.teamStores.moveClose(missed.id, new Date(clock - 1000));
    expect(await closeStore(deps, missed.id)).toBe('missed');
    expect(await storage.teamStores.addToCart(missed.id, 'late-missed', 'salt', line(tee.id))).toEqual({
      ok: false,
      reason: 'closed',
    });
  });

  it('finishes a close cut short without charging anyone twice', async () => {
    const { store } = await opened(2);
    const [tee] = store.products;
    if (!tee) throw new Error('no product');
    await placed(store.id, 'one', [line(tee.id)]);
    await placed(store.id, 'two', [line(tee.id)]);
    await placed(store.id, 'three', [line(tee.id)]);
    const fake = fakeCards();
    await storage.teamStores.moveClose(store.id, new Date(clock - 1000));
    const deps = { stores: storage.teamStores, cards: fake.cards, logger: memoryLogger().logger, leaseMs: 1 };
    // Stripe stops answering after the first charge: the close stops there, its store still closing.
    fake.failNext(0);
    const first = fake.cards.chargeSaved;
    let calls = 0;
    fake.cards.chargeSaved = async (ask, key) => {
      calls += 1;
      if (calls === 2) fake.failNext(1);
      return first(ask, key);
    };
    await expect(closeStore(deps, store.id)).rejects.toThrow(/not charged yet/);
    expect((await storage.teamStores.storeById(store.id))?.state).toBe('closing');
    // The lease (1 ms) has run out: the next look takes the close up in the same round.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await storage.teamStores.storesDue()).toContain(store.id);
    expect(await closeStore(deps, store.id)).toBe('charged');
    expect(fake.charges).toHaveLength(3);
    expect(new Set(fake.charges.map((charge) => charge.paymentMethod)).size).toBe(3);
    expect(fake.charges.every((charge) => charge.key.includes(`store${store.id}:r1:`))).toBe(true);
  });

  it('charges nobody below the minimum, releases every saved card and mails each buyer once', async () => {
    const { reference, store } = await opened(10);
    const [tee] = store.products;
    if (!tee) throw new Error('no product');
    const dee = await placed(store.id, 'dee', [line(tee.id, 2)]);
    const eli = await placed(store.id, 'eli', [line(tee.id, 1)]);
    const fake = fakeCards();
    await storage.teamStores.moveClose(store.id, new Date(clock - 1000));
    const deps = { stores: storage.teamStores, cards: fake.cards, logger: memoryLogger().logger };
    expect(await closeStore(deps, store.id)).toBe('missed');
    expect(fake.charges).toEqual([]);
    expect(fake.released.sort()).toEqual(['pm_dee', 'pm_eli']);
    expect((await storage.teamStores.ordersOf(store.id)).map((order) => order.state)).toEqual(['released', 'released']);
    const missed = (await storage.outbox.notificationsOf(reference))
      .map((mail) => mail.facts)
      .filter((facts) => facts?.kind === 'team-store');
    expect(missed).toEqual([
      { kind: 'team-store', about: 'missed', order: dee },
      { kind: 'team-store', about: 'missed', order: eli },
    ]);
  });

  it('the closing job closes every store past its close and leaves the open ones', async () => {
    const due = await opened(1);
    const open = await opened(1);
    const [tee] = due.store.products;
    if (!tee) throw new Error('no product');
    await placed(due.store.id, 'job-buyer', [line(tee.id)]);
    await storage.teamStores.moveClose(due.store.id, new Date(clock - 1000));
    const fake = fakeCards();
    await closeDueStores({ stores: storage.teamStores, cards: fake.cards, logger: memoryLogger().logger });
    expect((await storage.teamStores.storeById(due.store.id))?.state).toBe('charged');
    expect((await storage.teamStores.storeById(open.store.id))?.state).toBe('open');
    expect(fake.charges).toHaveLength(1);
  });

  it('charges each card once when two instances close the same store at once', async () => {
    const { store } = await opened(1);
    const [tee] = store.products;
    if (!tee) throw new Error('no product');
    await placed(store.id, 'twice-a', [line(tee.id)]);
    await placed(store.id, 'twice-b', [line(tee.id, 2)]);
    await storage.teamStores.moveClose(store.id, new Date(clock - 1000));
    const fake = fakeCards();
    const deps = { stores: storage.teamStores, cards: fake.cards, logger: memoryLogger().logger };
    const outcomes = await Promise.all([closeStore(deps, store.id), closeStore(deps, store.id)]);
    expect(outcomes.filter(Boolean)).toEqual(['charged']);
    expect(fake.charges.map((charge) => charge.amountCents).sort()).toEqual([1750, 3500]);
  });
});
