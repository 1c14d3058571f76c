/**
 * A link's page is fetched (its code, its islands' code, its data) as soon as the visitor shows they may
 * follow it: a pointer over it, focus on it, a finger on it. The route change then has everything by the
 * end of its fixed delay. Links merely seen are not prefetched: the quote form's link is in every page's
 * header, and fetching its page on sight would add its code to every first visit.
 */
const INTENT = ['pointerover', 'focusin', 'touchstart'] as const;

export function prefetchLinks(prefetch: (path: string) => unknown): void {
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    if (link.target === '_blank' || link.hasAttribute('download')) return;
    if (link.pathname !== window.location.pathname) prefetch(link.pathname);
  };
  // On the window, in the capture phase: React stops events at the document over parts not yet hydrated.
  for (const type of INTENT) window.addEventListener(type, onIntent, { capture: true, passive: true });
}
