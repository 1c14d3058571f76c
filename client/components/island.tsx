import { type ComponentType, memo, type ReactNode, Suspense, use, useLayoutEffect, useRef, useState } from 'react';
import type { Edit } from './island-edits.ts';
import { type HydrateOn, holdClicks, watchIsland } from './island-triggers.ts';

/**
 * A part of a page whose code is no part of the page's first load (the bundle budget, docs/performance.md):
 * the server renders it in full, and in the browser React keeps that HTML, working as it does without
 * JavaScript (links follow, forms post), inside its own Suspense boundary until the part's chunk has
 * arrived and hydrated it. When the chunk is asked for is the island's `hydrate` setting:
 *
 * - `visible`: when the part comes near the screen (or at once when it is on it at the first paint), or at
 *   the visitor's first touch inside it (focus, pointer down, input), whichever comes first;
 * - `interaction`: at the first touch only (a form, or a part whose code does nothing until then);
 * - `after-page`: as soon as the page has hydrated (code that must be there before the visitor does anything:
 *   the toast area, whose messages can come while the connection is down).
 *
 * A part rendered in the browser without server HTML (after a client navigation) loads at once.
 * Whatever the visitor typed or chose before the code arrived stays: the inputs keep their values through
 * hydration, and the part's own state is brought up to them afterwards (island-edits.ts).
 *
 * `html[data-hydrated]` (root.tsx) waits for the page and the islands that started with it (in view, or
 * after-page); a dormant one says so on its wrapper (`data-island="dormant"`, then "loading", then "hydrated").
 */

type IslandState = 'dormant' | 'loading' | 'hydrated';

/** Islands that started with the page and have not hydrated yet, and who waits for none to be left. */
const waiting = new Set<object>();
let whenNoneWaiting: (() => void)[] = [];
/** Set once the page has hydrated: an island rendered after it has no server HTML to keep. */
let pageHydrated = false;
/** What starts each dormant island now, whatever its trigger. */
const dormant = new Set<() => void>();

/**
 * Starts every island still waiting for its trigger. Called as the router's state changes (a navigation,
 * new search params): React marks every part whose HTML it has not hydrated as touched by any change of
 * context above it, and cannot render the change until that part has hydrated, so its code must come.
 */
export function startDormantIslands(): void {
  for (const begin of [...dormant]) begin();
}

function settle(token: object) {
  waiting.delete(token);
  if (waiting.size > 0) return;
  const callbacks = whenNoneWaiting;
  whenNoneWaiting = [];
  for (const callback of callbacks) callback();
}

/**
 * Calls back once the page's islands that started with it have hydrated (at once when there is none);
 * from then on, islands render in the browser without waiting for a trigger.
 */
export function whenIslandsHydrated(callback: () => void): void {
  pageHydrated = true;
  // Called from the root's effect, after every island's layout effect of the same commit has counted it.
  if (waiting.size === 0) callback();
  else whenNoneWaiting.push(callback);
}

/**
 * What carries the visitor's edits over hydration (island-edits.ts): fetched with the first island's
 * chunk, so a page none of whose islands wakes never loads it, and there before any island hydrates.
 */
let editing: Pick<typeof import('./island-edits.ts'), 'editsBefore' | 'carryOverEdits'> | undefined;
const loadEditing = () =>
  import('./island-edits.ts').then(({ editsBefore, carryOverEdits }) => {
    editing = { editsBefore, carryOverEdits };
  });

/** The controls whose click a loading island holds (island-triggers.ts's holdClicks). */
const CLICKED = 'a[href], button, input[type="submit"], input[type="image"], input[type="button"], input[type="reset"]';

/** The element in `root` that is the same control as `gone` (removed by a render): same tag and words. */
function sameControl(root: Element, gone: HTMLElement): HTMLElement | undefined {
  const words = gone.textContent?.trim() ?? '';
  return [...root.querySelectorAll<HTMLElement>(gone.tagName)].find(
    (candidate) => (candidate.textContent?.trim() ?? '') === words,
  );
}

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
}

function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

function shallowEqual(a: object, b: object): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/** Rendered inside the island's boundary: its layout effect runs in the commit that hydrated it. */
function HydratedMark({ onHydrated }: { onHydrated: () => void }) {
  useLayoutEffect(onHydrated, [onHydrated]);
  return null;
}

interface BoundaryProps {
  ready: Promise<ComponentType<object>>;
  props: object;
  onHydrated: () => void;
}

function Part({ ready, props }: Pick<BoundaryProps, 'ready' | 'props'>) {
  const Component = use(ready);
  return <Component {...props} />;
}

// Re-rendered only when the part's props change: React cannot pass new props to server HTML it has not
// hydrated, and would throw that HTML away to render the part afresh.
const Boundary = memo(
  function Boundary({ ready, props, onHydrated }: BoundaryProps): ReactNode {
    return (
      <Suspense>
        <Part ready={ready} props={props} />
        <HydratedMark onHydrated={onHydrated} />
      </Suspense>
    );
  },
  (before, after) =>
    before.ready === after.ready && before.onHydrated === after.onHydrated && shallowEqual(before.props, after.props),
);

/**
 * A promise React's `use` reads without suspending: it looks for these fields before it waits. A part
 * whose code a link's prefetch already brought then renders in the same commit as its page, instead of
 * showing nothing for a moment and being revealed on React's throttle (about 300 ms) after it.
 */
function fulfilled<T>(value: T): Promise<T> {
  return Object.assign(Promise.resolve(value), { status: 'fulfilled', value });
}

/** An island, and what fetches its code ahead of a visit (a link to its page hovered or seen). */
export type IslandComponent<Props> = ComponentType<Props> & { preload: () => Promise<unknown> };

export function island<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  { hydrate = 'visible' }: { hydrate?: HydrateOn } = {},
): IslandComponent<Props> {
  let chunk: Promise<ComponentType<Props>> | undefined;
  let loaded: ComponentType<Props> | undefined;
  // One download per part, however many copies a page shows; a failed one is tried again at the next trigger.
  const fetchChunk = () => {
    chunk ??= Promise.all([load(), loadEditing()])
      .then(([component]) => {
        loaded = component;
        return component;
      })
      .catch((error: unknown) => {
        chunk = undefined;
        throw error;
      });
    return chunk;
  };

  // biome-ignore lint/correctness/noComponentHookFactories: made once per part, at module level, like React.lazy.
  function Island(props: Props) {
    const wrapper = useRef<HTMLDivElement>(null);
    // Outside the boundary, so they live from the first render, hydrated with the page.
    const [island] = useState(() => {
      const serverHtml = typeof window !== 'undefined' && !pageHydrated;
      const gate = deferred<ComponentType<Props>>();
      let started = false;
      /** A click made while the code was on its way, played again once it has come. */
      let held: HTMLElement | null = null;
      let stopHolding = () => {};
      const playHeldClick = (within?: Element) => {
        const target = held;
        held = null;
        if (!target) return;
        // A part may render a control afresh once hydrated (a form's JavaScript-only rows): the same
        // control, told by its element and words, takes the click.
        const same = target.isConnected ? target : within && sameControl(within, target);
        same?.click();
      };
      const start = (element?: Element) => {
        if (started) return;
        started = true;
        if (element)
          stopHolding = holdClicks(element, (event) => {
            // Only what would leave or post the page: a box ticked or a field chosen keeps its native click,
            // and the part is told of it once hydrated (island-edits.ts).
            const control = event.target instanceof Element ? event.target.closest<HTMLElement>(CLICKED) : null;
            if (!control) return;
            event.preventDefault();
            event.stopImmediatePropagation();
            held = control;
          });
        fetchChunk().then(gate.resolve, () => {
          // Offline, or a chunk gone after a deploy: the server's HTML stays and keeps working, and the
          // click does what it does without JavaScript.
          started = false;
          stopHolding();
          playHeldClick();
        });
      };
      const hydrated = async (edits: Edit[], within: Element | null) => {
        stopHolding();
        await editing?.carryOverEdits(edits);
        playHeldClick(within ?? undefined);
      };
      if (!serverHtml && loaded)
        return { token: {}, gate: { ...gate, promise: fulfilled(loaded) }, start, hydrated, serverHtml };
      if (!serverHtml) start();
      return { token: {}, gate, start, hydrated, serverHtml };
    });
    // The server writes "dormant", and hydration must render what it wrote.
    const [state, setState] = useState<IslandState>(
      typeof window === 'undefined' || island.serverHtml ? 'dormant' : 'hydrated',
    );
    const [onHydrated] = useState(() => () => {
      const element = wrapper.current;
      // Read before any later render of the part puts its own state back into the controls.
      const edits = element && editing ? editing.editsBefore(element) : [];
      setState('hydrated');
      settle(island.token);
      void island.hydrated(edits, element);
    });

    useLayoutEffect(() => {
      const element = wrapper.current;
      if (!island.serverHtml || !element) return;
      // Counted until the first look says it waits for the visitor, or until it has hydrated.
      waiting.add(island.token);
      const begin = () => {
        stop();
        dormant.delete(begin);
        setState((current) => (current === 'dormant' ? 'loading' : current));
        island.start(element);
      };
      const stop = watchIsland(element, hydrate, begin, (startsNow) => {
        if (!startsNow) settle(island.token);
      });
      dormant.add(begin);
      return () => {
        stop();
        dormant.delete(begin);
        settle(island.token);
      };
    }, [island]);

    return (
      <div ref={wrapper} data-island={state} className="contents">
        <Boundary ready={island.gate.promise as Promise<ComponentType<object>>} props={props} onHydrated={onHydrated} />
      </div>
    );
  }
  return Object.assign(Island, {
    preload: () =>
      fetchChunk().catch(() => {
        // A prefetch that failed is forgotten: the part tries again when it is rendered or touched.
      }),
  });
}
