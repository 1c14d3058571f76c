import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { savedScrollPosition, saveScrollPosition } from './scroll-positions.ts';

/** The element a location's hash names, if it is on the page. */
function hashTarget(hash: string): HTMLElement | null {
  return hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
}

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * What happens after each client route change: open <details> close (the drawer and the dropdown follow the
 * new location too), focus leaves the clicked element for the main landmark and the new page is announced,
 * and the scroll goes where the visitor expects: the saved position on back/forward, the target of a hash,
 * otherwise a smooth scroll to the top. Returns the announcement for a polite live region.
 */
export function useRouteChangeEffects(mainId: string, routeChangeLoading: boolean): string {
  const location = useLocation();
  const navigationType = useNavigationType();
  const [announcement, setAnnouncement] = useState('');
  const previousKey = useRef(location.key);
  const previousPath = useRef(location.pathname);

  useEffect(() => {
    // React Router restores nothing by itself here: this hook owns scrolling.
    window.history.scrollRestoration = 'manual';
    const onPageHide = () => saveScrollPosition(previousKey.current, window.scrollY);
    window.addEventListener('pagehide', onPageHide);
    // A reload lands on a saved entry: put the visitor back where they were.
    const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const saved = savedScrollPosition(previousKey.current);
    if (entry?.type === 'reload' && saved !== undefined) window.scrollTo(0, saved);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, []);

  // Save where the visitor was before the loading screen takes over the page (route changes only: a
  // calculator updating its URL on each keystroke has no position to save).
  useLayoutEffect(() => {
    if (routeChangeLoading) saveScrollPosition(previousKey.current, window.scrollY);
  }, [routeChangeLoading]);

  useLayoutEffect(() => {
    if (previousKey.current === location.key) return;
    previousKey.current = location.key;
    const samePage = previousPath.current === location.pathname;
    previousPath.current = location.pathname;
    if (samePage) {
      // A new query or hash on the same page is not a route change: leave focus and menus alone, and
      // only follow a hash to its target.
      hashTarget(location.hash)?.scrollIntoView();
      return;
    }

    for (const details of document.querySelectorAll('details[open]')) details.removeAttribute('open');
    // A modal dialog (the drawer) makes everything else inert: close it before moving focus.
    for (const dialog of document.querySelectorAll('dialog[open]')) (dialog as HTMLDialogElement).close();
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    document.getElementById(mainId)?.focus({ preventScroll: true });
    setAnnouncement(document.title);

    const saved = navigationType === 'POP' ? savedScrollPosition(location.key) : undefined;
    const target = hashTarget(location.hash);
    if (saved !== undefined) window.scrollTo(0, saved);
    else if (target) target.scrollIntoView();
    else window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'instant' : 'smooth' });
  }, [location.key, location.pathname, location.hash, navigationType, mainId]);

  return announcement;
}
