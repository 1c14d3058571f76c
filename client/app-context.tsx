import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import type { SiteData } from '#shared/site-data.ts';
import type { AppState } from '#shared/ssr-contract.ts';
import type { SiteDataStore } from './stores/site-data-store.ts';
import type { ToastStore } from './stores/toast-store.ts';

export interface AppContextValue {
  state: AppState;
  /** The embedded state exactly as the server wrote it, so the browser renders the same bytes back. */
  serializedState: string;
  store: SiteDataStore;
  toasts: ToastStore;
  /** The CSP nonce on the server; empty in the browser, which hides nonces from scripts. */
  nonce: string;
  /**
   * The CSRF token for the hidden field of forms posted without JavaScript: a placeholder the server
   * replaces per request (pages are cached), and the XSRF-TOKEN cookie's value in the browser.
   */
  csrfToken: string;
  /**
   * The one-time submission key for the hidden field of forms posted without JavaScript: a placeholder
   * the server replaces with a fresh key per page; empty in the browser, whose script makes its own.
   */
  submissionKey: string;
}

const AppContext = createContext<AppContextValue | null>(null);

export function AppProvider({ value, children }: { value: AppContextValue; children: ReactNode }) {
  return <AppContext value={value}>{children}</AppContext>;
}

export function useAppContext(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('useAppContext must be used inside <AppProvider>');
  return value;
}

export function useSiteData(): SiteData {
  const { store } = useAppContext();
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
