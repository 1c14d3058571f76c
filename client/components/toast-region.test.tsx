// @vitest-environment happy-dom
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sanitizeHtml } from '#client/sanitize-html.ts';
import { createToastStore, TOAST_DEFAULT_DURATION_MS, type ToastStore } from '#client/stores/toast-store.ts';
import { reactContainer } from '#tests/support/react-container.ts';
import { ToastProvider, ToastRegion } from './toast-region.tsx';

const view = reactContainer();

beforeAll(async () => {
  // The first call fetches DOMPurify; after that a toast's message is ready within a few microtasks.
  await sanitizeHtml('');
});

afterEach(() => {
  vi.useRealTimers();
});

function app(store: ToastStore) {
  return (
    <ToastProvider store={store}>
      <ToastRegion />
    </ToastProvider>
  );
}

function render(store: ToastStore) {
  view.render(app(store));
}

/** Lets the cards' and the sanitizer's chunks load (on first use only) and React commit what follows. */
async function settle() {
  await act(async () => {
    await import('./toast-card.tsx');
    await import('dompurify');
  });
  for (let i = 0; i < 5; i++) await act(async () => {});
}

const polite = () => view.container.querySelector('[role="status"][aria-live="polite"]');
const assertive = () => view.container.querySelector('[role="alert"][aria-live="assertive"]');
const dismissButtons = () =>
  [...view.container.querySelectorAll('button')].filter(
    (button) => button.getAttribute('aria-label') === 'Dismiss notification',
  );

describe('toast region', () => {
  it('has both live regions in the page before any toast exists', () => {
    render(createToastStore());
    expect(polite()).not.toBeNull();
    expect(assertive()).not.toBeNull();
    expect(polite()?.childElementCount).toBe(0);
    expect(assertive()?.childElementCount).toBe(0);
  });

  it('renders empty regions on the server, hydrates without a mismatch, then shows the toasts', async () => {
    const store = createToastStore();
    store.add('Already here', 'success', { duration: 0 });
    const html = renderToString(app(store));
    expect(html).not.toContain('Already here');
    view.container.innerHTML = html;
    // A mismatch makes React log an error, which fails this test.
    view.hydrate(app(store));
    await settle();
    expect(polite()?.textContent).toContain('Already here');
  });

  it('announces success and information politely and errors and warnings at once, each with its type', async () => {
    const store = createToastStore();
    render(store);
    act(() => {
      store.add('Saved your quote.', 'success');
      store.add('We reply within a day.');
      store.add('Could not send.', 'error');
      store.add('Prices may change.', 'warning');
    });
    await settle();
    expect(polite()?.textContent).toContain('Success: Saved your quote.');
    expect(polite()?.textContent).toContain('Information: We reply within a day.');
    expect(assertive()?.textContent).toContain('Error: Could not send.');
    expect(assertive()?.textContent).toContain('Warning: Prices may change.');
    expect(polite()?.textContent).not.toContain('Could not send.');
  });

  it('shows allowed markup and never puts unsanitized markup in the page', async () => {
    const store = createToastStore();
    render(store);
    const added: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) if (node instanceof Element) added.push(node.outerHTML.toLowerCase());
    });
    observer.observe(view.container, { childList: true, subtree: true });
    act(() => {
      store.add(
        '<strong>Saved.</strong> <img src=x onerror="alert(1)"><a href="javascript:alert(1)">Undo</a>',
        'success',
      );
    });
    await settle();
    observer.disconnect();
    expect(view.container.querySelector('strong')?.textContent).toBe('Saved.');
    expect(view.container.querySelector('img')).toBeNull();
    expect(view.container.querySelector('a')?.hasAttribute('href')).toBe(false);
    expect(added.length).toBeGreaterThan(0);
    expect(added.join('\n')).not.toMatch(/<img|onerror|javascript:/);
  });

  it('removes a toast when its dismiss button is pressed', async () => {
    const store = createToastStore();
    render(store);
    act(() => {
      store.add('First', 'info', { duration: 0 });
      store.add('Second', 'error', { duration: 0 });
    });
    await settle();
    expect(dismissButtons()).toHaveLength(2);
    act(() => dismissButtons()[0]?.click());
    expect(view.container.textContent).not.toContain('First');
    expect(view.container.textContent).toContain('Second');
  });

  it('goes away on its own, but not while the pointer or focus is on it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const store = createToastStore();
    render(store);
    act(() => {
      store.add('Hover me', 'info');
      store.add('Leave me', 'info');
    });
    await settle();
    const card = (text: string) =>
      [...(polite()?.children ?? [])].find((element) => element.textContent?.includes(text)) as HTMLElement;
    act(() => {
      card('Hover me').dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    });
    act(() => vi.advanceTimersByTime(TOAST_DEFAULT_DURATION_MS));
    expect(view.container.textContent).toContain('Hover me');
    expect(view.container.textContent).not.toContain('Leave me');

    act(() => {
      card('Hover me').dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: document.body }));
      dismissButtons()[0]?.focus();
    });
    act(() => vi.advanceTimersByTime(TOAST_DEFAULT_DURATION_MS));
    expect(view.container.textContent).toContain('Hover me');

    act(() => dismissButtons()[0]?.blur());
    act(() => vi.advanceTimersByTime(TOAST_DEFAULT_DURATION_MS));
    expect(polite()?.childElementCount).toBe(0);
  });
});
