import type { DeskRenderOptions, DeskRequestView } from '#shared/desk-contract.ts';
import { TokenField } from './desk-document.tsx';
import { Section } from './request-section.tsx';

/** A note for the shop alone: it shows in the activity, never to the customer. */
export function NoteSection({ view, options }: { view: DeskRequestView; options: DeskRenderOptions }) {
  return (
    <Section id="note" title="Internal note">
      <form method="post" action={`/staff/requests/${view.reference}/notes`} className="space-y-3">
        <TokenField token={options.csrfToken} />
        <label htmlFor="note-text" className="block font-medium">
          Only the shop sees it
        </label>
        <textarea
          id="note-text"
          name="text"
          rows={3}
          required
          maxLength={2000}
          className="w-full rounded border border-stone-400 px-3 py-2"
        />
        <button
          type="submit"
          className="w-full rounded bg-stone-800 px-4 py-2 font-semibold text-white hover:bg-stone-900"
        >
          Add note
        </button>
      </form>
    </Section>
  );
}
