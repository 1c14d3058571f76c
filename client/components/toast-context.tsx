import { createContext, type ReactNode, useContext } from 'react';
import type { ToastStore } from '#client/stores/toast-store.ts';

// Apart from the toast area (toast-region.tsx), so the forms' chunks that add toasts need not import it.

const ToastStoreContext = createContext<ToastStore | null>(null);

/** One store per app: the root provides it, and anything below may add toasts through useToastStore. */
export function ToastProvider({ store, children }: { store: ToastStore; children: ReactNode }) {
  return <ToastStoreContext value={store}>{children}</ToastStoreContext>;
}

export function useToastStore(): ToastStore {
  const store = useContext(ToastStoreContext);
  if (!store) throw new Error('useToastStore must be used inside <ToastProvider>');
  return store;
}
