import { useSiteData } from '#client/app-context.tsx';
import { PageHeader } from '#client/components/page-header.tsx';
import { PageMeta } from '#client/components/page-meta.tsx';

export default function AboutUsPage() {
  const { config } = useSiteData();
  return (
    <>
      <PageMeta id="about-us" />
      <PageHeader eyebrow="About us" title={`${config.appName}: Seen by everyone`}>
        <p>
          A family-owned print shop that has dressed teams, crews, schools and businesses since {config.foundedYear}.
        </p>
      </PageHeader>
      <div className="mx-auto max-w-3xl space-y-5 px-4 py-12 text-lg leading-relaxed text-stone-800">
        <p>
          {config.appName} started in {config.foundedYear} with one manual press in a garage and a simple promise: print
          it right, price it fairly, and deliver it on time. The presses got bigger; the promise did not change.
        </p>
        <p>
          Today we screen print, print direct to garment and embroider under one roof in {config.address.city}. We help
          you choose the garment and the method that suit your design and budget, and we tell you the price before you
          order.
        </p>
        <p>
          Local orders are delivered free. If you already have the garments, bring them: you pay only for the print,
          with no extra fees.
        </p>
      </div>
    </>
  );
}
