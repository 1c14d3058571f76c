import type { FeatureStores } from '#server/feature-stores.ts';
import type { StoredStore } from '#server/stores/team-stores-store.ts';

const DAY_MS = 86_400_000;
/** The seeded tee's shop price; a piece costs this plus the store's markup ($5). */
export const SEEDED_TEE_CENTS = 1250;
export const SEEDED_MARKUP_CENTS = 500;

/**
 * A quote request and a team store opened from it (one tee in Navy, size M), written straight into the
 * database as the desk's form would leave them: for tests about what happens after the opening.
 */
export async function seededStore(
  stores: Pick<FeatureStores, 'submissions' | 'teamStores'>,
  {
    title = 'Hornets fundraiser',
    minimum = 2,
    email = 'pat@example.com',
    opensAt = new Date(Date.now() - DAY_MS),
    closesAt = new Date(Date.now() + 7 * DAY_MS),
  }: { title?: string; minimum?: number; email?: string; opensAt?: Date; closesAt?: Date } = {},
): Promise<{ reference: string; store: StoredStore }> {
  const { reference } = await stores.submissions.saveSubmission({
    kind: 'quote',
    name: 'Pat Organiser',
    email,
    payload: { name: 'Pat Organiser', garment: 'gildan-5000' },
    formValues: { name: 'Pat Organiser', qtyM: '24' },
    files: [],
  });
  const tail = `${Date.now().toString(16)}${Math.floor(Math.random() * 1e6).toString(16)}`;
  const store = await stores.teamStores.openStore(
    reference,
    {
      title,
      opensAt,
      closesAt,
      minimumPieces: minimum,
      charging: 'minimum',
      expectedPieces: 24,
      markupCents: SEEDED_MARKUP_CENTS,
      delivery: 'school',
      shippingCents: 0,
      asksNames: false,
      asksNumbers: false,
      sortBy: '',
      lateDays: 0,
    },
    [
      {
        garment: 'gildan-5000',
        title: 'Gildan 5000 tee',
        colours: ['Navy'],
        sizes: [{ size: 'M', upchargeCents: 0 }],
        shopPriceCents: SEEDED_TEE_CENTS,
      },
    ],
    { slug: `hornets-${tail}`, organiserSalt: `organiser-${tail}` },
    'staff:owner@example.com',
  );
  if (!store) throw new Error('the store was not opened');
  return { reference, store };
}

/** A buyer's order of `quantity` tees with their card saved (customer and payment method as given). */
export async function seededOrder(
  stores: Pick<FeatureStores, 'teamStores'>,
  store: StoredStore,
  buyer: { name: string; email: string; customer: string; paymentMethod: string; quantity?: number },
): Promise<number> {
  const tee = store.products[0];
  if (!tee) throw new Error('the store has no product');
  const added = await stores.teamStores.addToCart(store.id, `cart-${buyer.email}`, `salt-${buyer.email}`, {
    productId: tee.id,
    colour: 'Navy',
    size: 'M',
    quantity: buyer.quantity ?? 1,
    backName: '',
    backNumber: '',
  });
  if (!added.ok) throw new Error(`the cart was refused: ${added.reason}`);
  await stores.teamStores.startSaving(added.order.id, {
    name: buyer.name,
    email: buyer.email,
    customerId: buyer.customer,
    sessionId: `cs_test_${buyer.paymentMethod}`,
  });
  await stores.teamStores.recordOrder(added.order.id, { state: 'saved', paymentMethod: buyer.paymentMethod });
  return added.order.id;
}
