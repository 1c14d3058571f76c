import { useSearchParams } from 'react-router';
import { PhoneLink } from '#client/components/contact-links.tsx';
import { island } from '#client/components/island.tsx';
import { PageHeader } from '#client/components/page-header.tsx';
import { PageMeta } from '#client/components/page-meta.tsx';
import { withPageData } from '#client/island-data.ts';
import { isServiceId, type ServiceId } from '#shared/service-ids.ts';

// The service cards (priced by the engine) and the form are islands (client/components/island.tsx): the
// server renders both in full, and their code loads at the visitor's first touch (the cards' links and the
// form work as plain HTML until then).
// The price files, the services and the order terms they read are not in the page's HTML either: they come
// with the code (shared/page-data.ts).
const ServiceCards = island(
  withPageData(async () => (await import('#client/components/service-cards.tsx')).ServiceCards),
  { hydrate: 'interaction' },
);
const CarriedQuoteForm = island(
  withPageData(async () => (await import('#client/forms/carried-quote-form.tsx')).CarriedQuoteForm),
  { hydrate: 'interaction' },
);

/**
 * Called by a link to this page as the visitor hovers, focuses or sees it (routes.tsx): the form's and
 * the cards' code come before the click, so the page is whole when the route change's delay ends.
 */
export function preload(): Promise<unknown> {
  return Promise.all([CarriedQuoteForm.preload(), ServiceCards.preload()]);
}

/** The service a calculator's "Request this quote" link carries, if the page was opened from one. */
function carriedService(params: URLSearchParams): ServiceId | undefined {
  const service = params.get('service') ?? '';
  return isServiceId(service) && params.has('q') ? service : undefined;
}

export default function PricingPage() {
  const [params] = useSearchParams();
  const carried = carriedService(params);
  return (
    <>
      <PageMeta id="pricing" />
      <PageHeader eyebrow="Free quote" title="Get a quote">
        <p>
          Tell us about your order and see its price as you go. We reply with your exact quote within one business day;
          quotes are free and come with no obligation.
        </p>
      </PageHeader>
      {/* The form first, the cards after it: a visitor who came for a quote sees its first field without
          scrolling on a tablet, and one carried here from a calculator has already chosen a service. */}
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-8 sm:py-12">
        <section aria-labelledby="quote-heading">
          <h2 id="quote-heading" className="text-2xl font-extrabold sm:text-3xl">
            Request your quote
          </h2>
          <p className="mt-2 max-w-3xl text-stone-700">
            The more you tell us, the more exact the quote. Rather talk it through? Call <PhoneLink />.
          </p>
          <div className="mt-6">
            <CarriedQuoteForm params={params} carried={carried} labelledBy="quote-heading" />
          </div>
        </section>
        <ServiceCards />
      </div>
    </>
  );
}
