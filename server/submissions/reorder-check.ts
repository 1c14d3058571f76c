import type { DeskStore } from '#server/staff/desk-store.ts';
import type { FormValues } from '#shared/submissions/form-values.ts';
import { REORDER_FIELD } from '#shared/submissions/quote-fields.ts';

/** Why a reorder mark was dropped: for the log only, never for the sender. */
type DropReason = 'unknown' | 'not-completed' | 'other-address';

/**
 * A quote request marked as a reorder keeps the mark only when it names a completed quote request of the same
 * e-mail address: the mark takes the set-up fees off, so a hand-edited form must not get it. Any other mark
 * is dropped and the request priced in full, and the sender is told nothing either way: an address that does
 * not match is answered exactly as a reference that names nothing, so nobody learns from the form which
 * references are orders or whose they are. The caller logs why it was dropped.
 */
export async function checkReorder(
  values: FormValues,
  desk: Pick<DeskStore, 'getRequestState'>,
): Promise<{ values: FormValues; dropped?: { reference: string; why: DropReason } }> {
  const reference = values[REORDER_FIELD]?.trim();
  if (!reference) return { values };
  const { [REORDER_FIELD]: _mark, ...unmarked } = values;
  const original = /^Q-\d{4}-\d{6}$/.test(reference) ? await desk.getRequestState(reference) : undefined;
  const email = values.email?.trim().toLowerCase() ?? '';
  const why: DropReason | undefined =
    original?.kind !== 'quote'
      ? 'unknown'
      : original.status !== 'completed'
        ? 'not-completed'
        : email !== original.email.toLowerCase()
          ? 'other-address'
          : undefined;
  if (why) return { values: unmarked, dropped: { reference, why } };
  return { values: { ...values, [REORDER_FIELD]: reference } };
}
