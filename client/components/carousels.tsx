import { type Options, Splide } from '@splidejs/react-splide';
import { Link } from 'react-router';
import type { CarouselSlide } from '#shared/site-data.ts';
import { CarouselToggle } from './carousel-toggle.tsx';
import { enableFadeSwipe } from './fade-swipe.ts';
import { BrandPicture, SlidePicture, SlidePreload } from './responsive-picture.tsx';

/** Spec section 9: the carousel defaults and the home carousel's own settings. */
const homeOptions: Options = {
  type: 'fade',
  rewind: true,
  autoplay: true,
  interval: 5000,
  speed: 400,
  pauseOnHover: true,
  pauseOnFocus: true,
  perPage: 1,
  // A fade never moves its track, so Splide's drag does nothing here: enableFadeSwipe does the job.
  drag: false,
  // With "reduce", Splide does not start autoplay and switches without animation.
  reducedMotion: { speed: 0, rewindSpeed: 0, autoplay: 'pause' },
  i18n: { slideLabel: 'Slide %s of %s', carousel: 'carousel' },
};

/**
 * The four slides of spec section 2. Splide mounts after hydration; until then (and without JavaScript)
 * only the first slide shows, in the box it will keep, so nothing moves when Splide takes over. The
 * track and slides are <div>s (hasTrack={false}): Splide gives each slide role="tabpanel", which a
 * <li> may not carry.
 */
export function HomeCarousel({ slides }: { slides: CarouselSlide[] }) {
  const first = slides[0];
  return (
    <Splide
      hasTrack={false}
      tag="section"
      options={homeOptions}
      aria-label="Our services"
      className="home-carousel relative bg-stone-900"
      onMounted={(splide) => {
        const off = enableFadeSwipe(splide);
        splide.on('destroy', off);
      }}
    >
      {first ? <SlidePreload landscape={first.imageLandscape} portrait={first.imagePortrait} /> : null}
      {/* Full width on every screen: on wide ones the picture is cut top and bottom, not left bare. */}
      <div className="splide__track touch-pan-y">
        <div className="splide__list">
          {slides.map((slide, index) => (
            // Full width before Splide sizes it: a flex item sized by an image not yet loaded would be 0 wide.
            <div className="splide__slide w-full" key={slide.href}>
              <Link to={slide.href} className="group relative block text-white">
                <SlidePicture landscape={slide.imageLandscape} portrait={slide.imagePortrait} priority={index === 0} />
                <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-stone-950/80 to-transparent px-6 pt-16 pb-12 md:inset-y-0 md:right-auto md:flex md:w-1/2 md:flex-col md:justify-center md:bg-none md:pr-12 md:pl-24 md:pb-6 2xl:pl-[calc((100vw-72rem)/2+1rem)]">
                  <span className="block text-3xl font-extrabold tracking-tight sm:text-5xl">{slide.title}</span>
                  <span className="mt-3 inline-flex items-center gap-2 font-semibold text-brand-200 group-hover:underline">
                    See the details <span aria-hidden="true">→</span>
                  </span>
                </span>
              </Link>
            </div>
          ))}
        </div>
      </div>
      <CarouselToggle className="absolute right-4 bottom-4 z-10" />
    </Splide>
  );
}

const brandOptions: Options = {
  type: 'loop',
  autoplay: true,
  interval: 3000,
  speed: 400,
  pauseOnHover: true,
  pauseOnFocus: true,
  perPage: 4,
  perMove: 1,
  gap: '1.5rem',
  arrows: false,
  pagination: false,
  drag: 'free',
  snap: true,
  breakpoints: { 767: { perPage: 2 } },
  reducedMotion: { speed: 0, rewindSpeed: 0, autoplay: 'pause' },
  i18n: { slideLabel: 'Brand %s of %s', carousel: 'carousel' },
};

/** The brands we print on: four marks that move slowly, and stop for a visitor who asks. */
export function BrandsCarousel({ brands }: { brands: { image: string; name: string }[] }) {
  return (
    <Splide
      hasTrack={false}
      tag="section"
      options={brandOptions}
      aria-label="Garment brands we work with"
      className="brands-carousel flex items-center gap-4"
    >
      <div className="splide__track min-w-0 flex-1">
        <div className="splide__list">
          {brands.map((brand) => (
            <div className="splide__slide flex justify-center" key={brand.image}>
              <BrandPicture image={brand.image} name={brand.name} />
            </div>
          ))}
        </div>
      </div>
      {/* Beside the strip it stops, not above it where it reads as part of the heading. */}
      <CarouselToggle className="shrink-0 border border-stone-300" />
    </Splide>
  );
}
