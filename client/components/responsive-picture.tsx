import { imageHeight, imageKinds, imageSrcSet, imageUrl } from '#shared/images.ts';

const WIDE = '(min-width: 768px)';

/**
 * A slide image: the landscape picture on wide screens and the portrait one on narrow ones, each in AVIF
 * with WebP as the fallback, and width/height on every source so the browser reserves the right box
 * before anything downloads (no layout shift).
 */
export function SlidePicture({
  landscape,
  portrait,
  priority,
}: {
  landscape: string;
  portrait: string;
  /** The first slide is the largest paint: fetched first, never lazily. */
  priority: boolean;
}) {
  const wide = imageKinds['slide-landscape'];
  const narrow = imageKinds['slide-portrait'];
  // Full width on every screen.
  const wideSizes = '100vw';
  const fallbackWidth = narrow.widths[1] ?? narrow.width;
  return (
    <picture>
      <source
        media={WIDE}
        type="image/avif"
        srcSet={imageSrcSet(landscape, 'slide-landscape', 'avif')}
        sizes={wideSizes}
        width={wide.width}
        height={wide.height}
      />
      <source
        media={WIDE}
        type="image/webp"
        srcSet={imageSrcSet(landscape, 'slide-landscape', 'webp')}
        sizes={wideSizes}
        width={wide.width}
        height={wide.height}
      />
      <source
        type="image/avif"
        srcSet={imageSrcSet(portrait, 'slide-portrait', 'avif')}
        sizes="100vw"
        width={narrow.width}
        height={narrow.height}
      />
      <img
        src={imageUrl(portrait, fallbackWidth, 'webp')}
        srcSet={imageSrcSet(portrait, 'slide-portrait', 'webp')}
        sizes="100vw"
        width={fallbackWidth}
        height={imageHeight('slide-portrait', fallbackWidth)}
        alt=""
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding={priority ? 'sync' : 'async'}
        // Past 1536 px the 12:5 picture would stand taller than a laptop screen: cut to cover instead.
        className="block h-auto w-full md:max-h-[40rem] md:object-cover"
      />
    </picture>
  );
}

/** Preloads the first slide in the format and orientation the browser will pick, before the CSS is read. */
export function SlidePreload({ landscape, portrait }: { landscape: string; portrait: string }) {
  return (
    <>
      <link
        rel="preload"
        as="image"
        type="image/avif"
        media={WIDE}
        imageSrcSet={imageSrcSet(landscape, 'slide-landscape', 'avif')}
        imageSizes="100vw"
        fetchPriority="high"
      />
      <link
        rel="preload"
        as="image"
        type="image/avif"
        media="(max-width: 767.98px)"
        imageSrcSet={imageSrcSet(portrait, 'slide-portrait', 'avif')}
        imageSizes="100vw"
        fetchPriority="high"
      />
    </>
  );
}

export function BrandPicture({ image, name }: { image: string; name: string }) {
  const { width, height } = imageKinds.brand;
  return (
    <picture>
      <source type="image/avif" srcSet={`${imageUrl(image, 160, 'avif')} 1x, ${imageUrl(image, 320, 'avif')} 2x`} />
      <img
        src={imageUrl(image, 160, 'webp')}
        srcSet={`${imageUrl(image, 320, 'webp')} 2x`}
        width={width}
        height={height}
        alt={name}
        loading="lazy"
        decoding="async"
        className="h-20 w-40 object-contain"
      />
    </picture>
  );
}
