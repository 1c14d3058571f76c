import type { Storage } from '#server/storage/types.ts';
import type { FieldErrors, FormValues } from '#shared/submissions/form-values.ts';
import { REORDER_FIELD } from '#shared/submissions/quote-fields.ts';

/**
 * A quote request marked as a reorder keeps the mark only when it names a completed quote request of
 * the same e-mail address: the mark takes the set-up fees off, so a hand-edited form must not get it.
 * A mark that names nothing of the kind is dropped (logged by the caller) and the request priced in
 * full; the same order from another address is told why, beside the address.
 */
export async function checkReorder(
  values: FormValues,
  storage: Pick<Storage, 'getRequestState'>,
): Promise<{ values: FormValues; errors: FieldErrors; dropped?: string }> {
  const reference = values[REORDER_FIELD]?.trim();
  if (!reference) return { values, errors: {} };
  const { [REORDER_FIELD]: _mark, ...unmarked } = values;
  const original = /^Q-\d{4}-\d{6}$/.test(reference) ? await storage.getRequestState(reference) : undefined;
  if (original?.kind !== 'quote' || original.status !== 'completed') {
    return { values: unmarked, errors: {}, dropped: reference };
  }
  const email = values.email?.trim().toLowerCase() ?? '';
  if (email !== '' && email !== original.email.toLowerCase()) {
    return {
      values,
      errors: {
        email: `To reorder ${reference} with its set-up on file, use the e-mail address that order was sent from.`,
      },
    };
  }
  return { values: { ...values, [REORDER_FIELD]: reference }, errors: {} };
}
