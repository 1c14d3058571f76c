import { island } from './island.tsx';
import { useScrolled } from './use-scrolled.ts';

// The bar's logo, links, Pricing dropdown and drawer change only when touched or on a navigation: the
// server's HTML serves until then, and their code comes at the first touch (a click made meanwhile is
// played again once it has come) or with the first navigation (island.tsx). The scrolled state stays
// here, on the header, so the bar shrinks with the page's first scroll, its code loaded or not.
const HeaderBar = island(async () => (await import('./header-bar.tsx')).HeaderBar, { hydrate: 'interaction' });

/**
 * Sticky header. Once the page is scrolled the bar shrinks, the logo goes from 16 to 12 units and a
 * shadow appears, all with transforms inside a box whose height never changes: nothing on the page
 * moves (no layout shift). The transparent strip the bar uncovers lets clicks through.
 */
export function SiteHeader() {
  const scrolled = useScrolled();
  return (
    <header
      data-sticky-header
      data-scrolled={scrolled || undefined}
      className="group pointer-events-none sticky top-0 z-30 h-20"
    >
      <div
        aria-hidden="true"
        className="pointer-events-auto absolute inset-x-0 top-0 h-20 origin-top border-b border-stone-200 bg-white/95 backdrop-blur transition-[transform,box-shadow] duration-200 group-data-[scrolled]:scale-y-80 group-data-[scrolled]:shadow-lg"
      />
      <HeaderBar />
    </header>
  );
}
