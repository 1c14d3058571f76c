/** Simple original glyphs for the three social links; the link around each carries the name. */
const common = {
  width: 24,
  height: 24,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  focusable: false,
} as const;

export function PhotoIcon() {
  return (
    <svg {...common} aria-hidden="true">
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.3" cy="6.7" r="0.6" fill="currentColor" />
    </svg>
  );
}

export function SocialIcon() {
  return (
    <svg {...common} aria-hidden="true">
      <circle cx="12" cy="12" r="9" />
      <path d="M13.5 20v-7h2.3l.4-2.7h-2.7V8.7c0-.8.3-1.3 1.4-1.3h1.4V5a17 17 0 0 0-2-.1c-2 0-3.4 1.2-3.4 3.5v1.9H8.6V13h2.3v7" />
    </svg>
  );
}

export function ReviewIcon() {
  return (
    <svg {...common} aria-hidden="true">
      <path d="m12 3.5 2.6 5.3 5.8.8-4.2 4.1 1 5.8L12 16.8l-5.2 2.7 1-5.8-4.2-4.1 5.8-.8z" />
    </svg>
  );
}
