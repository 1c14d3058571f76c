import type { Splide } from '@splidejs/splide';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { CarouselSlide } from '#shared/site-data.ts';
import { whenPageHydrated } from './after-hydration.ts';
import { CarouselToggle } from './carousel-toggle.tsx';
import { BrandPicture, SlidePicture, SlidePreload } from './responsive-picture.tsx';

/**
 * The home page's carousels: Splide (splide-carousels.ts) on a scroll-snap strip of our own (.carousel-track
 * in styles.css). The server's HTML, and the first render in the browser, are the strip: without
 * JavaScript, and until Splide comes, the slides lie side by side and the strip scrolls by touch, trackpad
 * or Tab, one slide in view, its controls hidden. Splide's code is fetched once the page has hydrated
 * (never before: it is no part of the first load), the brand strip's once its island comes near the
 * screen; it mounts on this same markup, so nothing is rendered again and nothing moves.
 */

/**
 * Once the page has hydrated, fetches Splide's code (`load`, which returns what mounts it) and mounts it;
 * returns what destroys it (or cancels the wait).
 */
function enhanceAfterHydration(load: () => Promise<() => Splide>): () => void {
  let splide: Splide | undefined;
  let cancelled = false;
  const stopWaiting = whenPageHydrated(() => {
    load().then(
      (mount) => {
        if (!cancelled) splide = mount();
      },
      () => {
        // Offline, or a chunk gone after a deploy: the strip stays, and scrolls as it does without JavaScript.
      },
    );
  });
  return () => {
    cancelled = true;
    stopWaiting();
    splide?.destroy();
  };
}

const arrow = 'carousel-button js-only absolute top-1/2 z-10 hidden -translate-y-1/2 md:inline-flex';

/**
 * The home page's four slides (one per service, then "Get a quote"), fading over 400 ms and rewinding to
 * the first after the last, five seconds each: the spec's home carousel and carousel defaults. Splide
 * marks the current slide, hides the others from the keyboard and screen readers, and runs the rotation
 * control and the arrows; the dots are ours, told of each move.
 */
export function HomeCarousel({ slides }: { slides: CarouselSlide[] }) {
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const root = useRef<HTMLElement>(null);
  const splide = useRef<Splide>(null);

  useEffect(() => {
    const element = root.current;
    if (!element) return;
    return enhanceAfterHydration(async () => {
      const { mountHomeCarousel } = await import('./splide-carousels.ts');
      return () => {
        splide.current = mountHomeCarousel(element, setIndex);
        return splide.current;
      };
    });
  }, []);

  const first = slides[0];
  return (
    <section
      ref={root}
      aria-roledescription="carousel"
      aria-label="Our services"
      className="home-carousel splide relative bg-stone-900"
    >
      {first ? <SlidePreload landscape={first.imageLandscape} portrait={first.imagePortrait} /> : null}
      <CarouselToggle className="absolute right-4 bottom-4 z-10" />
      <div className="splide__arrows contents">
        <button type="button" className={`${arrow} splide__arrow--prev left-4`} aria-label="Previous slide">
          <Chevron flip />
        </button>
        <button type="button" className={`${arrow} splide__arrow--next right-4`} aria-label="Next slide">
          <Chevron />
        </button>
      </div>
      <div className="js-only absolute bottom-6 left-1/2 z-10 flex -translate-x-1/2 gap-2">
        {slides.map((slide, n) => (
          <button
            type="button"
            key={slide.href}
            className="carousel-dot"
            aria-label={`Slide ${n + 1}`}
            aria-current={n === index}
            onClick={() => splide.current?.go(n)}
          />
        ))}
      </div>
      {/* Full width on every screen: on wide ones the picture is cut top and bottom, not left bare. */}
      <div className="splide__track" aria-live="off">
        <div className="carousel-track splide__list">
          {slides.map((slide, n) => (
            // biome-ignore lint/a11y/useSemanticElements: a slide is a group (WAI-ARIA carousel pattern), not a form's fieldset.
            <div
              role="group"
              aria-roledescription="slide"
              aria-label={`${n + 1} of ${count}`}
              className="carousel-slide splide__slide"
              key={slide.href}
            >
              <Link to={slide.href} className="group relative block text-white">
                <SlidePicture landscape={slide.imageLandscape} portrait={slide.imagePortrait} priority={n === 0} />
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
    </section>
  );
}

function Chevron({ flip = false }: { flip?: boolean }) {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" className={flip ? '-scale-x-100' : ''}>
      <path d="M5.5 1.5 12 8l-6.5 6.5-1.4-1.4L9.2 8 4.1 2.9z" fill="currentColor" />
    </svg>
  );
}

/**
 * The brands we print on: a strip of two marks on phones, moving on by one every three seconds and back
 * to the start after the last; on wider screens all four fit, so nothing moves and there is no control.
 */
export function BrandsCarousel({ brands }: { brands: { image: string; name: string }[] }) {
  const root = useRef<HTMLElement>(null);
  const list = useRef<HTMLDivElement>(null);
  // A tab stop only while the strip has somewhere to go (phones): the server cannot know, so its HTML has one.
  // Scrolled by hand before Splide comes, moved by Splide's arrow keys after.
  const [scrolls, setScrolls] = useState(true);
  useEffect(() => {
    const strip = list.current;
    if (!strip) return;
    const observer = new ResizeObserver(() => setScrolls(strip.scrollWidth > strip.clientWidth + 1));
    observer.observe(strip);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    return enhanceAfterHydration(async () => {
      const { mountBrandsCarousel } = await import('./splide-carousels.ts');
      return () => mountBrandsCarousel(element);
    });
  }, []);
  return (
    <section
      ref={root}
      aria-roledescription="carousel"
      aria-label="Garment brands we work with"
      className="brands-carousel splide flex items-center gap-4"
    >
      {/* Beside the strip it stops, not above it where it reads as part of the heading. */}
      <CarouselToggle className="order-last shrink-0 border border-stone-300 md:hidden" />
      <div className="splide__track min-w-0 flex-1" aria-live="off">
        <div
          ref={list}
          // A strip that scrolls sideways must be reachable by keyboard (WCAG 2.1.1).
          tabIndex={scrolls ? 0 : undefined}
          className="carousel-track splide__list"
        >
          {brands.map((brand, n) => (
            // biome-ignore lint/a11y/useSemanticElements: a slide is a group (WAI-ARIA carousel pattern), not a form's fieldset.
            <div
              role="group"
              aria-roledescription="slide"
              aria-label={`${n + 1} of ${brands.length}`}
              className="splide__slide flex basis-[calc(50%-0.75rem)] justify-center md:basis-[calc(25%-1.125rem)]"
              key={brand.image}
            >
              <BrandPicture image={brand.image} name={brand.name} />
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
