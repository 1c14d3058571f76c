/**
 * A carousel's rotation control: the first control inside it (WAI-ARIA's carousel pattern). Splide
 * (splide-carousels.ts) runs it: it keeps the label saying what a press does ("Pause autoplay" while
 * playing, "Start autoplay" once stopped) and marks it `is-active` while playing, which picks the icon
 * (styles.css). The server writes the playing state, as the rotation starts unless the visitor prefers
 * reduced motion. Invisible until Splide has mounted (js-only): it does nothing before.
 */
export function CarouselToggle({ className = '' }: { className?: string }) {
  return (
    <button
      type="button"
      className={`carousel-button splide__toggle is-active js-only ${className}`}
      aria-label="Pause autoplay"
    >
      <svg className="splide__toggle__play" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
        <path d="M4 2.5v11l9-5.5z" fill="currentColor" />
      </svg>
      <svg className="splide__toggle__pause" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
        <path d="M4 2.5h3v11H4zM9 2.5h3v11H9z" fill="currentColor" />
      </svg>
    </button>
  );
}
