import type { FeatureStores } from '#server/feature-stores.ts';
import { randomPng } from './random-png.ts';

/**
 * 48 shirts screen printed on the customer's own garments, front in two colours, picked up: the order
 * the approval deadline's tests count, with its form's own fields so the planner prices and books it.
 */
export async function screenPrintRequest(
  stores: Pick<FeatureStores, 'submissions'>,
  payload: Record<string, unknown> = {},
): Promise<string> {
  const { reference } = await stores.submissions.saveSubmission({
    kind: 'quote',
    name: 'Dana Whitfield',
    email: 'dana@example.com',
    payload: { name: 'Dana Whitfield', service: 'Screen printing', quantity: 48, ...payload },
    formValues: {
      service: 'screen-printing',
      garment: 'own',
      qtyM: '48',
      loc1: 'front',
      loc1Colors: '2',
      delivery: 'pickup',
    },
    files: [],
  });
  return reference;
}

/** That order, wanted in hands by `inHandsDate`, with its first proof (a PNG of `side` pixels) sent. */
export async function proofWaiting(
  stores: Pick<FeatureStores, 'submissions' | 'versions'>,
  inHandsDate: string,
  { side = 20, fileName = 'front.png' }: { side?: number; fileName?: string } = {},
): Promise<string> {
  const reference = await screenPrintRequest(stores, { inHandsDate });
  const png = randomPng(side);
  await stores.versions.sendProof(
    reference,
    {
      file: { name: fileName, mediaType: 'image/png', size: png.length, data: png },
      widthInches: null,
      heightInches: null,
      notes: '',
    },
    {
      from: 'new',
      to: 'proof_sent',
      actor: 'staff:owner@seenwear.example',
      mail: (version) => ({ kind: 'proof-sent', version }),
    },
  );
  return reference;
}
