import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import type { CustomerPageOptions, CustomerPageView } from '#shared/customer-page-contract.ts';
import { PageSection } from './customer-document.tsx';

/** A finished order, ordered again: the quote form opens with its details, marked as its reorder. */
export function OrderAgainSection({ view, options }: { view: CustomerPageView; options: CustomerPageOptions }) {
  return (
    <PageSection id="order-again" title="Order again">
      <p className="text-stone-700">
        Start a new quote request with the same details: change the sizes or anything else before you send it. Screens
        and digitizing we have on file are not charged again.
      </p>
      <form method="post" action={`${view.path}/order-again`} className="mt-3">
        <input type="hidden" name={CSRF_FIELD} value={options.csrfToken} />
        <button
          type="submit"
          className="w-full rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
        >
          Order again
        </button>
      </form>
    </PageSection>
  );
}
