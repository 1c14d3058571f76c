import type { AppState } from '#shared/ssr-contract.ts';
import type { AppContextValue } from './app-context.tsx';
import { createFlashStore, FLASH_DEFAULT_DURATION_MS } from './stores/flash-store.ts';
import { createSiteDataStore } from './stores/site-data-store.ts';
import { createToastStore } from './stores/toast-store.ts';

/**
 * The stores one render works with, built the same way on the server (per request) and in the browser
 * (once), so the first browser render matches the server's HTML. A flash handed over by the server is
 * in both; only the browser counts it down, since a server timer would outlive the request for nothing.
 */
export function createAppContextValue(
  state: AppState,
  serializedState: string,
  {
    nonce,
    csrfToken,
    inBrowser,
    submissionKey = '',
  }: { nonce: string; csrfToken: string; inBrowser: boolean; submissionKey?: string },
): AppContextValue {
  const flash = createFlashStore();
  // A message with a link (a quote request's private page) stays until dismissed: it is there to be kept.
  // A receipt (a reference) is its confirmation page's to show, whole, and not a banner above it.
  if (state.flash && state.flash.reference === undefined) {
    flash.add({ ...state.flash, duration: inBrowser && !state.flash.link ? FLASH_DEFAULT_DURATION_MS : 0 });
  }
  return {
    state,
    serializedState,
    nonce,
    csrfToken,
    submissionKey,
    store: createSiteDataStore(state.site),
    toasts: createToastStore(),
    flash,
  };
}
