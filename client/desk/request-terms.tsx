import type { DeskInvoiceTerms, DeskRenderOptions } from '#shared/desk-contract.ts';
import { formatDay } from '#shared/desk-format.ts';
import { TokenField } from './desk-document.tsx';
import { Section } from './request-section.tsx';

const field = 'mt-1 w-full rounded border border-stone-400 bg-white px-3 py-2';

/**
 * The request's payment terms: due on receipt or net days, with the customer's purchase-order number,
 * for the next invoice the books issue. An invoice already issued keeps its own, said above the form.
 */
export function TermsSection({ terms, options }: { terms: DeskInvoiceTerms; options: DeskRenderOptions }) {
  const { issued } = terms;
  return (
    <div id="terms">
      <Section id="terms" title="Payment terms">
        {issued && (
          <p className="mb-3 rounded bg-stone-100 p-2 text-sm wrap-anywhere">
            {issued.number} was issued {issued.terms.toLowerCase()}, due {formatDay(issued.due)}
            {issued.poNumber ? `, PO ${issued.poNumber}` : ''}. It keeps those terms: a change here applies to the next
            invoice (a revised quote approved).
          </p>
        )}
        <form method="post" action={terms.action} className="space-y-2">
          <TokenField token={options.csrfToken} />
          <label htmlFor="terms-net" className="block font-medium">
            Terms
          </label>
          <select id="terms-net" name="net" className={field} defaultValue={String(terms.netDays)}>
            {terms.choices.map((choice) => (
              <option key={choice.value} value={String(choice.value)}>
                {choice.label}
              </option>
            ))}
          </select>
          <label htmlFor="terms-po" className="block font-medium">
            Purchase-order number <span className="font-normal text-stone-600">(optional)</span>
          </label>
          <input id="terms-po" name="po" maxLength={40} defaultValue={terms.poNumber} className={field} />
          <button
            type="submit"
            className="w-full rounded border-2 border-brand-700 bg-white px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50"
          >
            Save terms
          </button>
        </form>
      </Section>
    </div>
  );
}
