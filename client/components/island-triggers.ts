/**
 * When an island's code is asked for (island.tsx): the visitor's first touch inside its server HTML, its
 * coming near the screen, or as soon as the page has hydrated.
 */

/** What an island waits for before asking for its code (island.tsx says what each means). */
export type HydrateOn = 'visible' | 'interaction' | 'after-page';

/** How far below (and above) the screen a part starts loading, so it has hydrated by the time it is seen. */
const NEAR_SCREEN = '400px 0px';
/**
 * What counts as a touch: a pointer pressed, focus arriving (a tab, a label's click), typing, autofill,
 * and a click that came with none of these (from assistive technology, or a script).
 */
const TOUCHES = ['pointerdown', 'focusin', 'keydown', 'input', 'click'] as const;

/** The islands waiting for a touch: their wrapper, and what starts them. */
const waitingForTouch = new Map<Element, () => void>();

function onTouch(event: Event) {
  const target = event.target;
  if (!(target instanceof Node)) return;
  for (const [element, begin] of waitingForTouch) {
    if (!element.contains(target)) continue;
    begin();
    // The click that started the island is held like any other click made while its code is on its way
    // (holdClicks): a listener added while the event is dispatched would not hear it.
    if (event instanceof MouseEvent && event.type === 'click') loading.get(element)?.(event);
  }
}

function listenForTouches(listen: boolean) {
  // On the window, in the capture phase: React stops these at the document while the part it is aimed at
  // has not hydrated, so a listener on the part itself would never hear them.
  for (const type of TOUCHES) {
    // Not passive for a click, which may be held (its default prevented).
    if (listen) window.addEventListener(type, onTouch, { capture: true, passive: type !== 'click' });
    else window.removeEventListener(type, onTouch, { capture: true });
  }
}

/** The islands whose code is on its way: their wrapper, and what they do with a click meanwhile. */
const loading = new Map<Element, (event: MouseEvent) => void>();

function onClick(event: MouseEvent) {
  const target = event.target;
  if (!(target instanceof Node)) return;
  for (const [element, hold] of loading) if (element.contains(target)) hold(event);
}

/**
 * While an island's code is on its way, a click inside it (the pointer down that started it is usually
 * just before) is handed to `hold` on the window, before React drops it: the island plays it again once
 * it has hydrated, so "Add another location" does what it does with JavaScript, not the plain form's post.
 */
export function holdClicks(element: Element, hold: (event: MouseEvent) => void): () => void {
  if (loading.size === 0) window.addEventListener('click', onClick, { capture: true });
  loading.set(element, hold);
  return () => {
    if (!loading.delete(element)) return;
    if (loading.size === 0) window.removeEventListener('click', onClick, { capture: true });
  };
}

function whenTouched(element: Element, begin: () => void): () => void {
  if (waitingForTouch.size === 0) listenForTouches(true);
  waitingForTouch.set(element, begin);
  return () => {
    if (!waitingForTouch.delete(element)) return;
    if (waitingForTouch.size === 0) listenForTouches(false);
  };
}

/**
 * The wrapper is `display: contents` (it has no box of its own): its children are what may be on screen.
 * Tells `firstLook` whether any is near the screen at once.
 */
function whenNearScreen(element: Element, begin: () => void, firstLook: (near: boolean) => void): () => void {
  const children = [...element.children];
  if (children.length === 0 || typeof IntersectionObserver === 'undefined') {
    firstLook(false);
    return () => {};
  }
  let looked = false;
  const observer = new IntersectionObserver(
    (entries) => {
      const near = entries.some((entry) => entry.isIntersecting);
      if (!looked) {
        looked = true;
        firstLook(near);
      }
      if (near) begin();
    },
    { rootMargin: NEAR_SCREEN },
  );
  for (const child of children) observer.observe(child);
  return () => observer.disconnect();
}

/**
 * Right after the page's hydration commit, not on a timer: a task or an idle callback would be one more
 * wait on a busy phone for code the page must have anyway, and tests that stop the page's clock stop them.
 */
function whenHydrated(begin: () => void): () => void {
  let cancelled = false;
  queueMicrotask(() => {
    if (!cancelled) begin();
  });
  return () => {
    cancelled = true;
  };
}

/**
 * Calls `begin` once, at the island's trigger, and `firstLook` once, with whether it starts with the page
 * (after the page, or near the screen at once) or waits for the visitor. Returns what stops watching.
 */
export function watchIsland(
  element: Element,
  hydrate: HydrateOn,
  begin: () => void,
  firstLook: (startsNow: boolean) => void,
): () => void {
  const stops: (() => void)[] = [];
  let done = false;
  const stop = () => {
    done = true;
    for (const each of stops.splice(0)) each();
  };
  const once = () => {
    if (done) return;
    stop();
    begin();
  };
  stops.push(whenTouched(element, once));
  if (hydrate === 'visible') stops.push(whenNearScreen(element, once, firstLook));
  else if (hydrate === 'after-page') {
    firstLook(true);
    stops.push(whenHydrated(once));
  } else firstLook(false);
  // A field focused before the page hydrated (tapped while the scripts were loading) raised its focusin
  // before anything here listened: that focus is the touch.
  // After this returns: the caller's `begin` may use what this returns.
  const focused = document.activeElement;
  if (focused && focused !== document.body && element.contains(focused)) queueMicrotask(once);
  return stop;
}
