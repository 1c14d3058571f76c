/**
 * Splide's autoplay toggle: Splide finds it by its class inside the carousel, keeps its aria-label
 * ("Pause autoplay" / "Start autoplay") and marks it is-active while playing.
 */
export function CarouselToggle({ className = '' }: { className?: string }) {
  return (
    <button type="button" className={`splide__toggle js-only ${className}`} aria-label="Pause autoplay">
      <svg className="splide__toggle__play" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
        <path d="M4 2.5v11l9-5.5z" fill="currentColor" />
      </svg>
      <svg className="splide__toggle__pause" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
        <path d="M4 2.5h3v11H4zM9 2.5h3v11H9z" fill="currentColor" />
      </svg>
    </button>
  );
}
