import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import type { CustomerPageOptions, CustomerPageView } from '#shared/customer-page-contract.ts';
import { PageSection } from './customer-document.tsx';
import { MESSAGE_MAX_LENGTH } from './messages-section.tsx';

/** Cancelling, until a quote is approved: behind a disclosure, so it takes a deliberate second step. */
export function CancelSection({ view, options }: { view: CustomerPageView; options: CustomerPageOptions }) {
  return (
    <PageSection id="cancel" title="Changed your mind?">
      <p className="text-stone-700">You can cancel this request until you approve a quote.</p>
      <details className="mt-3">
        <summary className="cursor-pointer font-semibold text-brand-800 underline">Cancel this request</summary>
        <form method="post" action={`${view.path}/cancel`} className="mt-3 space-y-3">
          <input type="hidden" name={CSRF_FIELD} value={options.csrfToken} />
          <div>
            <label htmlFor="cancel-reason" className="block font-medium">
              Why? <span className="font-normal text-stone-600">(optional, it helps us)</span>
            </label>
            <textarea
              id="cancel-reason"
              name="reason"
              rows={3}
              maxLength={MESSAGE_MAX_LENGTH}
              className="mt-1 w-full rounded border border-stone-400 px-3 py-2"
            />
          </div>
          <button
            type="submit"
            className="w-full rounded border-2 border-red-800 bg-white px-4 py-2 font-semibold text-red-800 hover:bg-red-50"
          >
            Cancel my request
          </button>
        </form>
      </details>
    </PageSection>
  );
}
