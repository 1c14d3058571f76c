/** Distance a pointer must travel sideways before a release changes the slide (and the click is dropped). */
const SWIPE_PX = 40;

/**
 * Drag with a mouse and swipe on a touch screen for a fade carousel, whose slides lie on one another and
 * never move sideways: the release goes to the next (`go(1)`) or previous (`go(-1)`) slide by the
 * direction of the whole gesture, and the fade stays the transition. A drag that changed the slide does
 * not also follow the slide's link. Returns the function that removes the listeners.
 */
export function enableFadeSwipe(track: HTMLElement, go: (step: 1 | -1) => void): () => void {
  let start: { x: number; y: number; id: number } | null = null;
  let swiped = false;

  const onDown = (event: PointerEvent) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    start = { x: event.clientX, y: event.clientY, id: event.pointerId };
    swiped = false;
  };
  const onUp = (event: PointerEvent) => {
    if (!start || start.id !== event.pointerId) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    start = null;
    // Mostly sideways and far enough: a vertical swipe scrolls the page, a short one is a tap.
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(dy)) return;
    swiped = true;
    go(dx < 0 ? 1 : -1);
  };
  const onCancel = () => {
    start = null;
  };
  const onClick = (event: MouseEvent) => {
    if (!swiped) return;
    swiped = false;
    event.preventDefault();
    event.stopPropagation();
  };
  // The browser's own drag of a link or an image would take the pointer away mid-gesture.
  const onDragStart = (event: DragEvent) => event.preventDefault();

  track.addEventListener('pointerdown', onDown);
  window.addEventListener('pointerup', onUp);
  window.addEventListener('pointercancel', onCancel);
  track.addEventListener('click', onClick, true);
  track.addEventListener('dragstart', onDragStart);
  return () => {
    track.removeEventListener('pointerdown', onDown);
    window.removeEventListener('pointerup', onUp);
    window.removeEventListener('pointercancel', onCancel);
    track.removeEventListener('click', onClick, true);
    track.removeEventListener('dragstart', onDragStart);
  };
}
