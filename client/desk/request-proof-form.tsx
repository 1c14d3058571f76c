import { TokenField } from './desk-document.tsx';

/** The proof upload: multipart, its token first so the server checks it before reading the file. */
export function ProofForm({
  base,
  status,
  token,
  answered = [],
}: {
  base: string;
  status: string;
  token: string;
  /** The notes on the proof out now that the shop answered or marked done: the new version says it answers them. */
  answered?: readonly number[];
}) {
  return (
    <form method="post" action={`${base}/proofs`} encType="multipart/form-data" className="mt-4 space-y-3">
      <TokenField token={token} />
      <input type="hidden" name="from" value={status} />
      <div>
        <label htmlFor="proof-file" className="block font-medium">
          Proof file <span className="font-normal text-stone-600">(PNG, JPEG, WebP or PDF, up to 10 MB)</span>
        </label>
        <input
          id="proof-file"
          type="file"
          name="proof"
          required
          accept="image/png,image/jpeg,image/webp,application/pdf"
          className="mt-1 block w-full text-sm file:mr-3 file:rounded file:border file:border-stone-400 file:bg-white file:px-3 file:py-1.5 file:font-semibold"
        />
      </div>
      <fieldset>
        <legend className="font-medium">
          Print size in inches <span className="font-normal text-stone-600">(optional)</span>
        </legend>
        <div className="mt-1 flex items-center gap-2">
          <label htmlFor="proof-width" className="sr-only">
            Width in inches
          </label>
          <input
            id="proof-width"
            name="width"
            inputMode="decimal"
            placeholder="Width"
            className="w-24 rounded border border-stone-400 px-2 py-1.5"
          />
          <span aria-hidden="true">×</span>
          <label htmlFor="proof-height" className="sr-only">
            Height in inches
          </label>
          <input
            id="proof-height"
            name="height"
            inputMode="decimal"
            placeholder="Height"
            className="w-24 rounded border border-stone-400 px-2 py-1.5"
          />
        </div>
      </fieldset>
      <div>
        <label htmlFor="proof-notes" className="block font-medium">
          Note for the customer <span className="font-normal text-stone-600">(optional)</span>
        </label>
        <textarea
          id="proof-notes"
          name="notes"
          rows={2}
          maxLength={2000}
          className="mt-1 w-full rounded border border-stone-400 px-3 py-2"
        />
      </div>
      {answered.length > 0 && (
        <p className="text-sm text-stone-700" data-testid="answers-pins">
          The note to the customer will say this version answers{' '}
          {answered.length === 1 ? `note ${answered[0]}` : `notes ${answered.join(', ')}`}.
        </p>
      )}
      <button type="submit" className="rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
        {answered.length > 0 ? 'Send new version' : 'Send proof'}
      </button>
    </form>
  );
}
