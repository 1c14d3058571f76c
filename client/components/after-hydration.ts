/**
 * Calls `callback` once the page has hydrated (`html[data-hydrated]`, set by root.tsx once the page and the
 * islands that start with it have), at once if it already has. For an enhancement whose code must not
 * compete with hydration: asked for after it, never before. No timer: a busy phone would wait longer for
 * nothing, and tests that stop the page's clock would stop it. Returns what cancels the wait.
 */
export function whenPageHydrated(callback: () => void): () => void {
  const html = document.documentElement;
  if (html.dataset.hydrated === 'true') {
    let cancelled = false;
    queueMicrotask(() => {
      if (!cancelled) callback();
    });
    return () => {
      cancelled = true;
    };
  }
  const observer = new MutationObserver(() => {
    if (html.dataset.hydrated !== 'true') return;
    observer.disconnect();
    callback();
  });
  observer.observe(html, { attributes: true, attributeFilter: ['data-hydrated'] });
  return () => observer.disconnect();
}
