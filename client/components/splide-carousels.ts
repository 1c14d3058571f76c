import { type Options, Splide } from '@splidejs/splide';
import { enableFadeSwipe } from './fade-swipe.ts';

/**
 * Splide, mounted on the carousels' own HTML (carousels.tsx) once the page has hydrated: the server's strip
 * stays the markup, Splide adds its classes, the fade and the movement, and runs the controls that are
 * already there (the rotation control, the arrows). Loaded on its own, after hydration, so it is no part
 * of the first load (docs/performance.md).
 */

/** The spec's carousel defaults, and the words of WAI-ARIA's carousel pattern that the markup already uses. */
const defaults: Options = {
  speed: 400,
  pauseOnHover: true,
  pauseOnFocus: true,
  // The slide on show is marked as the move starts, so the dots and the live region follow at once.
  updateOnMove: true,
  // Our own dots (carousels.tsx) mark the current one with aria-current, as a tab list would not.
  pagination: false,
  // With "reduce", autoplay waits to be started and slides change without animation.
  reducedMotion: { speed: 0, rewindSpeed: 0, autoplay: 'pause' },
  i18n: {
    carousel: 'carousel',
    slide: 'slide',
    slideLabel: '%s of %s',
    // Rewinding, the arrows still go back and on by one: the same words as anywhere else.
    prev: 'Previous slide',
    last: 'Previous slide',
    next: 'Next slide',
    first: 'Next slide',
    play: 'Start autoplay',
    pause: 'Pause autoplay',
  },
};

/**
 * The spec's home carousel: fade, rewind, autoplay every 5000 ms, one slide per page. Splide's drag on a
 * fade goes by the pointer's speed as it lets go (a drag that stops before the release goes forward,
 * whichever way it went): enableFadeSwipe goes by the whole gesture instead.
 */
const homeOptions: Options = {
  ...defaults,
  type: 'fade',
  rewind: true,
  autoplay: true,
  interval: 5000,
  perPage: 1,
  drag: false,
};

/**
 * The brands: two marks on phones, moving on by one every 3000 ms and back to the start after the last;
 * on wider screens all four fit, so Splide has nothing to move (autoplay needs more slides than a page).
 */
const brandOptions: Options = {
  ...defaults,
  type: 'slide',
  rewind: true,
  autoplay: true,
  interval: 3000,
  perPage: 4,
  perMove: 1,
  gap: '1.5rem',
  arrows: false,
  drag: 'free',
  snap: true,
  breakpoints: { 767: { perPage: 2 } },
};

/**
 * The slide a visitor scrolled the strip to before the code came (it scrolls without JavaScript): Splide
 * starts there, and the strip's own scroll goes back to 0, since Splide moves the slides itself.
 */
function slideScrolledTo(list: HTMLElement): number {
  const slides = [...list.children].filter((child): child is HTMLElement => child instanceof HTMLElement);
  const origin = slides[0]?.offsetLeft ?? 0;
  const distance = (slide: HTMLElement) => Math.abs(slide.offsetLeft - origin - list.scrollLeft);
  const nearest = slides.reduce((best, slide, n) => (distance(slide) < distance(slides[best] ?? slide) ? n : best), 0);
  list.scrollTo({ left: 0, behavior: 'instant' });
  return nearest;
}

function create(root: HTMLElement, options: Options): Splide {
  const list = root.querySelector<HTMLElement>('.splide__list');
  return new Splide(root, {
    ...options,
    // Splide writes its label option over the root's own: it is the same words.
    label: root.getAttribute('aria-label') ?? undefined,
    start: list ? slideScrolledTo(list) : 0,
  });
}

/**
 * WAI-ARIA's carousel pattern: focus on the rotation control does not hold the rotation (the control is how
 * to stop it). Splide holds it for focus anywhere inside; this starts it again when the focus that held it
 * is the control's, unless the visitor stopped it or the pointer is over the carousel.
 */
function rotationControlDoesNotHold(splide: Splide): void {
  const { root, Components } = splide;
  const toggle = Components.Elements.toggle;
  if (!toggle) return;
  // Added after Splide's own listener on the root, so it runs after it.
  const onFocusIn = (event: FocusEvent) => {
    if (event.target !== toggle || !toggle.classList.contains('is-active') || root.matches(':hover')) return;
    Components.Autoplay.play();
  };
  root.addEventListener('focusin', onFocusIn);
  splide.on('destroy', () => root.removeEventListener('focusin', onFocusIn));
}

/** Mounts the home carousel; `onMove` hears the index of each slide shown (the first at once). */
export function mountHomeCarousel(root: HTMLElement, onMove: (index: number) => void): Splide {
  const splide = create(root, homeOptions);
  splide.on('move', (index: number) => onMove(index));
  splide.mount();
  onMove(splide.index);
  rotationControlDoesNotHold(splide);
  const stopSwipes = enableFadeSwipe(splide.Components.Elements.track, (step) => splide.go(step > 0 ? '>' : '<'));
  splide.on('destroy', stopSwipes);
  return splide;
}

/** Mounts the brand strip. */
export function mountBrandsCarousel(root: HTMLElement): Splide {
  const splide = create(root, brandOptions);
  // The strip is a tab stop while it has somewhere to go (carousels.tsx): a focusable element may not be
  // "presentation", which Splide gives the list it expects to be a <ul>.
  const keepListRole = () => splide.Components.Elements.list.removeAttribute('role');
  // From wide to narrow, the rotation the visitor did not stop starts once there is somewhere to go.
  splide.on('updated', () => {
    if (splide.Components.Elements.toggle?.classList.contains('is-active')) splide.Components.Autoplay.play();
  });
  splide.mount();
  keepListRole();
  // After Splide's own handler, which sets the role again.
  splide.on('refresh', keepListRole);
  rotationControlDoesNotHold(splide);
  return splide;
}
