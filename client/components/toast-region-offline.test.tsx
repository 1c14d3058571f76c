// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createToastStore, TOAST_DEFAULT_DURATION_MS } from '#client/stores/toast-store.ts';
import { reactContainer } from '#tests/support/react-container.ts';
import { ToastProvider, ToastRegion } from './toast-region.tsx';

// The cards' chunk cannot be fetched (the connection is down) until the test says it is back.
const network = vi.hoisted(() => ({ down: true }));
vi.mock('./toast-card.tsx', async (importOriginal) => {
  if (network.down) throw new TypeError('Failed to fetch dynamically imported module');
  return importOriginal();
});

const view = reactContainer();

async function settle() {
  for (let i = 0; i < 10; i++) await act(async () => {});
}

const assertive = () => view.container.querySelector('[role="alert"][aria-live="assertive"]');
const polite = () => view.container.querySelector('[role="status"][aria-live="polite"]');

describe('toast region while the cards cannot be fetched', () => {
  it('still shows and announces a toast, as plain words, that can be dismissed and waits while hovered', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const store = createToastStore();
      view.render(
        <ToastProvider store={store}>
          <ToastRegion />
        </ToastProvider>,
      );
      const region = assertive();
      act(() => {
        store.add('You are <strong>offline</strong>.', 'warning');
        store.add('Kept until dismissed', 'info', { duration: 0 });
      });
      await settle();
      // In the live region the page started with, so a screen reader announces it.
      expect(assertive()).toBe(region);
      expect(assertive()?.textContent).toContain('Warning: You are offline.');
      expect(assertive()?.querySelector('strong')).toBeNull();
      expect(polite()?.textContent).toContain('Information: Kept until dismissed');

      const card = assertive()?.firstElementChild as HTMLElement;
      act(() => card.dispatchEvent(new MouseEvent('mouseover', { bubbles: true })));
      act(() => vi.advanceTimersByTime(TOAST_DEFAULT_DURATION_MS));
      expect(assertive()?.textContent).toContain('You are offline.');
      act(() => card.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: document.body })));
      act(() => vi.advanceTimersByTime(TOAST_DEFAULT_DURATION_MS));
      expect(assertive()?.childElementCount).toBe(0);

      act(() => polite()?.querySelector<HTMLButtonElement>('button[aria-label="Dismiss notification"]')?.click());
      expect(polite()?.childElementCount).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the next toast with the full card once the connection is back', async () => {
    const store = createToastStore();
    view.render(
      <ToastProvider store={store}>
        <ToastRegion />
      </ToastProvider>,
    );
    act(() => {
      store.add('You are offline.', 'warning', { duration: 0 });
    });
    await settle();
    expect(assertive()?.querySelector('svg')).toBeNull();
    network.down = false;
    act(() => {
      store.add('You are back online.', 'success', { duration: 0 });
    });
    await act(async () => {
      await import('./toast-card.tsx');
      await import('dompurify');
    });
    await settle();
    expect(polite()?.textContent).toContain('Success: You are back online.');
    // The full card, with its icon.
    expect(polite()?.querySelector('svg')).not.toBeNull();
  });
});
