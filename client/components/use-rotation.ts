import { type FocusEvent, useEffect, useState } from 'react';

/**
 * A carousel's automatic rotation, as WAI-ARIA's carousel pattern describes it: on unless the visitor
 * prefers reduced motion; held while the pointer is over the carousel or focus is inside it (the
 * rotation control, marked data-rotation, excepted: it is how to stop it); stopped and started again only by the visitor, with the rotation control.
 * `advance` is called every `interval` ms while it runs; the wait starts again after each render, so a
 * slide chosen by hand stays its full interval. `running` says whether it moves on by itself right now:
 * the slides' aria-live is "off" then and "polite" otherwise.
 */
export function useRotation(interval: number, advance: () => void) {
  // The server renders "playing": it cannot know the visitor's motion setting.
  const [playing, setPlaying] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const running = playing && !hovered && !focused;

  useEffect(() => {
    if (matchMedia('(prefers-reduced-motion: reduce)').matches) setPlaying(false);
  }, []);
  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(advance, interval);
    return () => clearTimeout(timer);
  });

  return {
    playing,
    running,
    toggle: () => setPlaying((on) => !on),
    /** Spread on the carousel's root element. */
    events: {
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => setHovered(false),
      onFocus: (event: FocusEvent) => setFocused(!(event.target as Element).hasAttribute('data-rotation')),
      onBlur: (event: FocusEvent) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      },
    },
  };
}
