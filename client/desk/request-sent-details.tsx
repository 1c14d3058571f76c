import { AskedDetails } from '#client/components/asked-details.tsx';
import type { DeskRequestView } from '#shared/desk-contract.ts';
import { Section } from './request-section.tsx';

/** What the customer sent: the same details and estimate their own page shows them. */
export function SentDetailsSection({ view }: { view: DeskRequestView }) {
  if (view.asked.details.length === 0 && !view.asked.estimate) return null;
  return (
    <Section id="sent" title="What they sent">
      <AskedDetails
        asked={view.asked}
        estimateHeading="The website’s estimate when they sent it"
        labelColumn="sm:grid-cols-[12rem_minmax(0,1fr)]"
      />
    </Section>
  );
}
