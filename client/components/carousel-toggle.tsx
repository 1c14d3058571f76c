/**
 * A carousel's rotation control: the first control inside it (WAI-ARIA's carousel pattern), its label
 * saying what a press does. Invisible until the page has hydrated (js-only): it does nothing before.
 */
export function CarouselToggle({
  playing,
  onToggle,
  className = '',
}: {
  playing: boolean;
  onToggle: () => void;
  className?: string;
}) {
  return (
    <button
      type="button"
      data-rotation=""
      className={`carousel-button js-only ${className}`}
      aria-label={playing ? 'Pause autoplay' : 'Start autoplay'}
      onClick={onToggle}
    >
      <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
        <path d={playing ? 'M4 2.5h3v11H4zM9 2.5h3v11H9z' : 'M4 2.5v11l9-5.5z'} fill="currentColor" />
      </svg>
    </button>
  );
}
