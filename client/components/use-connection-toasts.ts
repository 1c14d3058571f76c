import { useEffect } from 'react';
import type { ToastStore } from '#client/stores/toast-store.ts';

export const OFFLINE_MESSAGE = 'You are offline. Pages you open may not load until the connection is back.';
export const ONLINE_MESSAGE = 'You are back online.';

/**
 * Pages load in the browser after the first one, so a dropped connection would otherwise surface as a
 * page that will not open. Tell the visitor when it drops and when it comes back.
 */
export function useConnectionToasts(toasts: ToastStore) {
  useEffect(() => {
    let offlineToast: string | undefined;
    const onOffline = () => {
      offlineToast = toasts.add(OFFLINE_MESSAGE, 'warning');
    };
    const onOnline = () => {
      if (offlineToast) toasts.remove(offlineToast);
      toasts.add(ONLINE_MESSAGE, 'success');
    };
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
    };
  }, [toasts]);
}
