import type { LoaderFunctionArgs } from 'react-router';

/** Every client route change waits this long, behind the loading screen: the spec's route-change delay. */
const NAVIGATION_DELAY_MS = 500;

/**
 * The root route's loader, which React Router runs on every client navigation (see shouldRevalidate on
 * the root route). It waits only in the browser: the server renders at once, and hydration reuses the
 * server's loader data, so the first load never waits.
 */
export async function navigationDelayLoader({ request }: LoaderFunctionArgs): Promise<null> {
  if (typeof document === 'undefined') return null;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, NAVIGATION_DELAY_MS);
    // A newer navigation cancels this one: stop waiting for it.
    request.signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(request.signal.reason);
    });
  });
  return null;
}
