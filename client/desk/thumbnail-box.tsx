/** The two sizes the desk shows pictures at; each class spelled out whole, for Tailwind to find. */
const SIZES = {
  /** A customer's artwork: 192 px. */
  small: { box: 'h-48', picture: 'max-h-48' },
  /** A proof, read closer: 256 px. */
  large: { box: 'h-64', picture: 'max-h-64' },
} as const;

/**
 * A picture on the desk in a box of its own height, contained: the picture arriving redraws only the
 * box, never the page. The chequered backdrop shows where a transparent picture is see-through.
 */
export function ThumbnailBox({
  src,
  alt,
  size,
  className = '',
}: {
  src: string;
  alt: string;
  size: keyof typeof SIZES;
  /** The box's place in its card (margin, alignment). */
  className?: string;
}) {
  const { box, picture } = SIZES[size];
  return (
    <div className={`flex ${box} items-center contain-strict ${className}`.trim()}>
      <img
        src={src}
        alt={alt}
        className={`${picture} w-auto max-w-full bg-[repeating-conic-gradient(#e7e5e4_0_25%,#fff_0_50%)] bg-[length:16px_16px]`}
        loading="lazy"
      />
    </div>
  );
}
