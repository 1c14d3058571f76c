import type { Mockup } from '#shared/content-schemas.ts';
import { imageKinds, imageSrcSet, imageUrl, workImageName } from '#shared/images.ts';

/** Three columns in the 72rem content width from 1024 px, two from 640 px, one on phones. */
const SIZES = '(min-width: 1152px) 360px, (min-width: 1024px) 31vw, (min-width: 640px) 46vw, 100vw';

/**
 * A past job's drawn garment: AVIF with WebP as the fallback, width and height set so the box is kept
 * before the file arrives, and lazy unless it is among the first a page shows.
 */
export function WorkPicture({
  jobId,
  index,
  picture,
  eager = false,
}: {
  jobId: string;
  index: number;
  picture: Mockup;
  eager?: boolean;
}) {
  const name = workImageName(jobId, index);
  const { width, height, widths } = imageKinds.work;
  const fallback = widths[1] ?? width;
  return (
    <picture>
      <source type="image/avif" srcSet={imageSrcSet(name, 'work', 'avif')} sizes={SIZES} />
      <img
        src={imageUrl(name, fallback, 'webp')}
        srcSet={imageSrcSet(name, 'work', 'webp')}
        sizes={SIZES}
        width={width}
        height={height}
        alt={picture.alt}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        className="block aspect-square h-auto w-full rounded-xl bg-stone-100"
      />
    </picture>
  );
}
