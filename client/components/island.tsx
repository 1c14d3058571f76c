import { type ComponentType, lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react';

/**
 * A part of a page whose code is no part of the page's first load (the bundle budget, docs/performance.md):
 * the server renders it in full, and in the browser React keeps that HTML as it is, inside its own
 * Suspense boundary, until the part's chunk has arrived and hydrated it, as the home page's carousels do.
 * The chunk is requested when the page module runs (before the page hydrates), so it downloads alongside
 * the page's hydration instead of after it.
 *
 * `html[data-hydrated]` (root.tsx) waits for every island on the page: before it, what only JavaScript
 * does (an estimate updating as one types, the checks) is not there yet, and the tests and the CSS that
 * shows JavaScript-only parts read it as "the page is ready".
 */

/** Islands rendered but not hydrated yet, and who waits for none to be left. */
const waiting = new Set<object>();
let whenNoneWaiting: (() => void)[] = [];

function settle(token: object) {
  waiting.delete(token);
  if (waiting.size > 0) return;
  const callbacks = whenNoneWaiting;
  whenNoneWaiting = [];
  for (const callback of callbacks) callback();
}

/** Calls back once every island of the page has hydrated (at once when there is none). */
export function whenIslandsHydrated(callback: () => void): void {
  if (waiting.size === 0) callback();
  else whenNoneWaiting.push(callback);
}

/** Rendered inside the island's boundary: its effect runs when that boundary has hydrated. */
function HydratedMark({ token }: { token: object }) {
  useEffect(() => settle(token), [token]);
  return null;
}

export function island<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  const loading = typeof window === 'undefined' ? undefined : load();
  const Part = lazy(async () => ({ default: await (loading ?? load()) }));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part, at module level, like React.lazy.
  function Island(props: Props) {
    const [token] = useState(() => ({}));
    // A layout effect runs before any passive one of the same commit: the island counts as waiting
    // before its mark (hydrated in the same commit when the chunk was already there) settles it.
    useLayoutEffect(() => {
      waiting.add(token);
      return () => settle(token);
    }, [token]);
    return (
      <Suspense>
        <Part {...props} />
        <HydratedMark token={token} />
      </Suspense>
    );
  }
  return Island;
}
