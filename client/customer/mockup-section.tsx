import { MockupFigures } from '#client/components/mockup-figures.tsx';
import type { MockupView } from '#shared/garments/mockup-view.ts';
import { PageSection } from './customer-document.tsx';

/** Their artwork on the garment, as they placed it: what the shop's proof starts from. */
export function MockupSection({ mockups }: { mockups: readonly MockupView[] }) {
  return (
    <PageSection id="mockup" title="Your design on the garment">
      <p className="mb-3 text-sm text-stone-700">
        As you placed it, at its real size. The shop’s proof starts from this picture.
      </p>
      <MockupFigures mockups={mockups} />
    </PageSection>
  );
}
