import { useSiteData } from '#client/app-context.tsx';
import { LegalPage } from '#client/components/legal-page.tsx';

export default function TermsOfServicePage() {
  const { config } = useSiteData();
  const shop = config.appName;
  return (
    <LegalPage
      id="terms-of-service"
      updated="November 2026"
      intro={<p>These terms apply when you ask {shop} for a quote or place an order.</p>}
      sections={[
        {
          heading: 'Quotes',
          body: (
            <p>
              Prices on this website and in our quotes are in US dollars. A quote is valid for 30 days and is based on
              the garments, quantities, colors and artwork you describe; if any of these change, we send you a new quote
              first.
            </p>
          ),
        },
        {
          heading: 'Orders and proofs',
          body: (
            <p>
              We start production only after you approve a digital proof. Check spelling, sizes and colors on the proof:
              once approved, we print exactly what it shows.
            </p>
          ),
        },
        {
          heading: 'Your artwork',
          body: (
            <p>
              You confirm that you have the right to reproduce the artwork you send. You keep all rights to it; we use
              it only to make your order and never sell or share it.
            </p>
          ),
        },
        {
          heading: 'Garments you bring',
          body: (
            <p>
              When you bring your own garments, you pay only for the print. Blank garments vary, so we test-print where
              we can; we are not liable for garments that are damaged because of their fabric or construction.
            </p>
          ),
        },
        {
          heading: 'Delivery and pickup',
          body: <p>Local delivery is free within our delivery area. You can also pick up your order at the shop.</p>,
        },
        {
          heading: 'Problems with an order',
          body: (
            <p>
              Tell us within 14 days of delivery if something is wrong. If the mistake is ours, we reprint the affected
              pieces or refund them.
            </p>
          ),
        },
      ]}
    />
  );
}
