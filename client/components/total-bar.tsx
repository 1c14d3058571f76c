import { type RefObject, useEffect, useRef } from 'react';
import { formatMoney } from '#shared/money.ts';
import { eachWords } from '#shared/pricing/estimate-words.ts';
import type { EstimateResult } from '#shared/pricing/types.ts';

/**
 * The price in one line that stays in view while the visitor works down a form, so a change's effect on the
 * total is seen without scrolling back up: sticky at the bottom of the viewport for as long as the form it
 * closes is on screen, and in its own place under the last field once the form ends. It never covers the
 * field being filled or its error: the page scrolls them clear of it. It shows the estimate its page has
 * already made (`result`), never one of its own, so it cannot disagree with the panel it links to. Not a live
 * region: the panel's total is the one read out, and one announcement per change is enough.
 */
/** Air between what the visitor works on and the bar's top edge. */
const CLEARANCE_PX = 12;
/** The sticky header's height and some air (styles.css's scroll-padding-top): nothing is pushed under it. */
const HEADER_PX = 96;

/** The bottom of a control with its hint and error (aria-describedby), on screen. */
function bottomWithWords(control: Element): number {
  const ids = control.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
  const parts = [control, ...ids.map((id) => document.getElementById(id))];
  return Math.max(...parts.map((part) => part?.getBoundingClientRect().bottom ?? 0));
}

/**
 * Scrolls the page so that `target` (the focused field, or an error just shown), with its error, sits
 * above the floating bar. The browser brings a focused field into the window, not out from under a
 * sticky bar inside it; a field's error can also appear under the bar after it is focused.
 */
function keepClearOfBar(bar: HTMLElement, target: Element, bottom: number) {
  const { top: barTop, bottom: barBottom } = bar.getBoundingClientRect();
  // In its own place under the form, the bar covers nothing.
  if (barTop > window.innerHeight - CLEARANCE_PX) return;
  const targetTop = target.getBoundingClientRect().top;
  // Below the bar (the Send button under it in its place): nothing of it is covered.
  if (targetTop >= barBottom) return;
  const overlap = bottom + CLEARANCE_PX - barTop;
  if (overlap <= 0) return;
  const room = targetTop - HEADER_PX;
  if (room > 0) window.scrollBy({ top: Math.min(overlap, room), behavior: 'instant' });
}

/** Keeps what the visitor works on inside the bar's form clear of the bar: focus, typing, new errors. */
function useStepAside(bar: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const element = bar.current;
    const area = element?.parentElement;
    if (!element || !area) return;
    let frame = 0;
    /** Errors shown since the last look: each is brought clear once, however many changes come meanwhile. */
    const shown = new Set<Element>();
    /**
     * A pointer is down in the form. A field or button pressed with a mouse or finger gets the focus, and
     * an error may appear (the field just left), before the release: scrolling then would move the control
     * from under the pointer, and the browser would not count the press as a click. The look waits.
     */
    let pressed = false;
    const look = () => {
      frame = 0;
      if (pressed) return;
      const focused = document.activeElement;
      if (focused && focused !== element && !element.contains(focused) && area.contains(focused))
        keepClearOfBar(element, focused, bottomWithWords(focused));
      for (const error of shown)
        if (error.isConnected) keepClearOfBar(element, error, error.getBoundingClientRect().bottom);
      shown.clear();
    };
    const check = (errors: Element[] = []) => {
      for (const error of errors) shown.add(error);
      if (frame === 0 && !pressed) frame = requestAnimationFrame(look);
    };
    const onChange = () => check();
    const onPress = () => {
      pressed = true;
    };
    const onRelease = () => {
      if (!pressed) return;
      pressed = false;
      check();
    };
    // An error appears as a field is left or the form is sent: it is shown clear of the bar too.
    const observer = new MutationObserver((records) =>
      check(
        records.flatMap((record) =>
          [...record.addedNodes].filter(
            (node): node is Element =>
              node instanceof Element &&
              node.id !== '' &&
              area.querySelector(`[aria-describedby~="${node.id}"]`) !== null,
          ),
        ),
      ),
    );
    observer.observe(area, { subtree: true, childList: true });
    area.addEventListener('pointerdown', onPress, true);
    window.addEventListener('pointerup', onRelease, true);
    window.addEventListener('pointercancel', onRelease, true);
    // A release lost outside the window must not stop the bar stepping aside for good: a key typed ends it.
    area.addEventListener('keydown', onRelease);
    area.addEventListener('focusin', onChange);
    area.addEventListener('input', onChange);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      area.removeEventListener('pointerdown', onPress, true);
      window.removeEventListener('pointerup', onRelease, true);
      window.removeEventListener('pointercancel', onRelease, true);
      area.removeEventListener('keydown', onRelease);
      area.removeEventListener('focusin', onChange);
      area.removeEventListener('input', onChange);
    };
  }, [bar]);
}

export function TotalBar({
  result,
  detailsHref,
  emptyText,
  className = '',
}: {
  /** The page's estimate; undefined while there is nothing to price yet. */
  result: EstimateResult | undefined;
  /** The panel with the lines, the schedule and the ladder. */
  detailsHref: string;
  /** What the bar says before anything can be priced. */
  emptyText: string;
  className?: string;
}) {
  const bar = useRef<HTMLDivElement>(null);
  useStepAside(bar);
  const priced = result?.ok ? result.estimate : null;
  const problems = result && !result.ok ? new Set(result.errors.map((error) => error.message)).size : 0;
  return (
    <div
      ref={bar}
      data-total-bar=""
      data-testid="total-bar"
      className={`sticky bottom-2 z-20 flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-xl border border-stone-300 bg-white/95 px-4 py-2.5 shadow-lg backdrop-blur ${className}`}
    >
      {priced ? (
        <p className="tabular-nums">
          <span className="text-sm text-stone-600">Total </span>
          <strong className="text-xl font-extrabold" data-testid="total-bar-total">
            {formatMoney(priced.totalCents)}
          </strong>{' '}
          <span className="whitespace-nowrap text-stone-800">· {eachWords(priced)}</span>
        </p>
      ) : (
        <p className="text-stone-800">
          {problems > 0 ? `Not priced yet: ${problems === 1 ? 'one thing' : `${problems} things`} to fix.` : emptyText}
        </p>
      )}
      <a href={detailsHref} className="text-sm font-semibold text-brand-800 underline underline-offset-2">
        {priced ? (
          <>
            Details<span className="sr-only"> of the estimate</span>
          </>
        ) : problems > 0 ? (
          'What to fix'
        ) : (
          'The estimate'
        )}
      </a>
    </div>
  );
}
