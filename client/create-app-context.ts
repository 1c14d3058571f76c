import type { AppState } from '#shared/ssr-contract.ts';
import type { AppContextValue } from './app-context.tsx';
import { createSiteDataStore } from './stores/site-data-store.ts';
import { createToastStore } from './stores/toast-store.ts';

/**
 * The stores one render works with, built the same way on the server (per request) and in the browser
 * (once), so the first browser render matches the server's HTML. A flash handed over by the server has
 * its own, made where it is shown (flash-notices.tsx).
 */
export function createAppContextValue(
  state: AppState,
  serializedState: string,
  { nonce, csrfToken, submissionKey = '' }: { nonce: string; csrfToken: string; submissionKey?: string },
): AppContextValue {
  return {
    state,
    serializedState,
    nonce,
    csrfToken,
    submissionKey,
    store: createSiteDataStore(state.site),
    toasts: createToastStore(),
  };
}
