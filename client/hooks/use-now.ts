import { useAppContext } from '#client/app-context.tsx';
import { useHydrated } from '#client/forms/use-hydrated.ts';

/**
 * The instant estimates count business days from: the server's render time until the page is hydrated
 * (so the first render matches its HTML), the browser's clock afterwards (so a page kept open past the
 * cut-off counts from the next business day).
 */
export function useNow(): Date {
  const { state } = useAppContext();
  return useHydrated() ? new Date() : new Date(state.renderedAt);
}
