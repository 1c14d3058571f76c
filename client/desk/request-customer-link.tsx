import type { DeskRenderOptions, DeskRequestView } from '#shared/desk-contract.ts';
import { TokenField } from './desk-document.tsx';
import { Section } from './request-section.tsx';

/** The customer's private page: open it as they see it, or replace a link that leaked. */
export function CustomerLinkSection({
  view,
  customerPage,
  options,
}: {
  view: DeskRequestView;
  customerPage: string;
  options: DeskRenderOptions;
}) {
  return (
    <Section id="customer-page" title="Customer’s page">
      <p className="text-sm text-stone-700">
        Their private page follows this request; its link is in every e-mail to them.{' '}
        <a className="font-semibold underline" href={customerPage} rel="noreferrer" target="_blank">
          Open it as they see it
        </a>
      </p>
      <form method="post" action={`/staff/requests/${view.reference}/link`} className="mt-3 space-y-3">
        <TokenField token={options.csrfToken} />
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="mail" value="yes" defaultChecked className="mt-1" />
          <span className="min-w-0 wrap-anywhere">E-mail the new link to {view.email}</span>
        </label>
        <button
          type="submit"
          className="w-full rounded border border-stone-400 bg-white px-4 py-2 font-semibold hover:bg-stone-100"
        >
          Replace the customer’s link
        </button>
        <p className="text-xs text-stone-600">If it leaked (a forwarded e-mail): the old link stops working.</p>
      </form>
    </Section>
  );
}
