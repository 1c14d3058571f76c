/**
 * The store page's one script, served from this origin (the pages' policy allows 'self' only): the counter
 * toward the minimum asks the store's count every 20 seconds while the page is in view, and at once when
 * the buyer comes back to it. Without it the page works the same, with the count as of its load.
 */
export const LIVE_COUNTER_PATH = '/stores/live-counter.js';

export const LIVE_COUNTER_JS = `(() => {
  const box = document.querySelector('[data-count-url]');
  if (!box || !window.fetch) return;
  const url = box.getAttribute('data-count-url');
  const text = box.querySelector('[data-testid="counter"]');
  const bar = box.querySelector('progress');
  let busy = false;
  async function refresh() {
    if (busy || document.visibilityState === 'hidden') return;
    busy = true;
    try {
      const answer = await fetch(url, { headers: { accept: 'application/json' }, cache: 'no-store' });
      if (!answer.ok) return;
      const count = await answer.json();
      if (text && typeof count.text === 'string' && text.textContent !== count.text) text.textContent = count.text;
      if (bar && typeof count.percent === 'number' && bar.value !== count.percent) {
        bar.value = count.percent;
        bar.textContent = count.percent + '%';
      }
    } catch {
      // Offline for a moment: the count stays as it was, and the next try may reach the shop.
    } finally {
      busy = false;
    }
  }
  setInterval(refresh, 20000);
  window.addEventListener('focus', refresh);
  document.addEventListener('visibilitychange', refresh);
})();
`;
