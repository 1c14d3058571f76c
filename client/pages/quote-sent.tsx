import { Link } from 'react-router';
import { useAppContext } from '#client/app-context.tsx';
import { PageMeta } from '#client/components/page-meta.tsx';
import { QuoteReceipt } from '#client/forms/quote-receipt.tsx';
import { SentPanel } from '#client/forms/sent-panel.tsx';
import { quoteLink } from '#shared/routes.ts';

/**
 * Where a quote request sent without JavaScript lands (a 303 from POST /api/quotes), a page of its own rather
 * than the form again with a banner above it: its reference, what happens next and its private page, from the
 * receipt the flash cookie carried (the private link never travels in an address). Visited again later, the
 * cookie is gone and the page says where the receipt is kept: the confirmation e-mail.
 */
export default function QuoteSentPage() {
  const { flash } = useAppContext().state;
  const reference = flash?.reference;
  return (
    <>
      <PageMeta id="quote-sent" />
      <div className="mx-auto max-w-3xl px-4 py-12">
        {reference ? (
          <SentPanel
            title="Thank you: your quote request is in"
            reference={reference}
            confirmationSkipped={flash?.confirmationSkipped === true}
            again={{ label: 'Request another quote', to: quoteLink.to }}
            inPlace={false}
          >
            <QuoteReceipt link={flash?.link?.href} mockups={flash?.mockups} />
          </SentPanel>
        ) : (
          <section className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
            <h1 className="text-3xl font-extrabold">Quote request sent?</h1>
            <p className="mt-3 text-lg text-stone-700">
              This page confirms a quote request right after it is sent, and only then. If you sent one, your
              confirmation e-mail has its reference and the link to its private page, where you can follow it.
            </p>
            <p className="mt-6">
              <Link
                to={quoteLink.to}
                className="inline-block rounded-full bg-brand-700 px-6 py-3 font-bold text-white hover:bg-brand-800"
              >
                Request a quote
              </Link>
            </p>
          </section>
        )}
      </div>
    </>
  );
}
