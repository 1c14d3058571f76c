import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { CarouselSlide } from '#shared/site-data.ts';
import { CarouselToggle } from './carousel-toggle.tsx';
import { enableFadeSwipe } from './fade-swipe.ts';
import { BrandPicture, SlidePicture, SlidePreload } from './responsive-picture.tsx';
import { useRotation } from './use-rotation.ts';

/**
 * Our own carousels (they replaced Splide, which was 14 kB of the home page's first visit), built on a
 * scroll-snap strip (.carousel-track in styles.css): without JavaScript, and before the code comes, the
 * slides lie side by side and the strip scrolls by touch, trackpad or Tab, one slide in view.
 */

const arrow = 'carousel-button js-only absolute top-1/2 z-10 hidden -translate-y-1/2 md:inline-flex';

/**
 * The home page's four slides (one per service, then "Get a quote"), fading over 400 ms and rewinding to the
 * first after the last, five seconds each: the spec's home carousel and carousel defaults. Once the code has
 * come, the strip turns into a stack where only the current slide shows (the others are inert); the first
 * slide stays where it was, so nothing moves.
 */
export function HomeCarousel({ slides }: { slides: CarouselSlide[] }) {
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [ready, setReady] = useState(false);
  const track = useRef<HTMLDivElement>(null);
  const go = (step: number) => setIndex((current) => (current + step + count) % count);
  const rotation = useRotation(5000, () => go(1));

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on hydration; go only calls setIndex, which never changes.
  useEffect(() => {
    const strip = track.current;
    if (!strip) return;
    // A visitor who swiped the strip before the code came stays on the slide they chose.
    setIndex(Math.round(strip.scrollLeft / strip.clientWidth));
    setReady(true);
    return enableFadeSwipe(strip, go);
  }, []);

  const first = slides[0];
  return (
    <section
      aria-roledescription="carousel"
      aria-label="Our services"
      className={`home-carousel relative bg-stone-900 ${ready ? 'is-initialized' : ''}`}
      {...rotation.events}
    >
      {first ? <SlidePreload landscape={first.imageLandscape} portrait={first.imagePortrait} /> : null}
      <CarouselToggle
        playing={rotation.playing}
        onToggle={rotation.toggle}
        className="absolute right-4 bottom-4 z-10"
      />
      <button type="button" className={`${arrow} left-4`} aria-label="Previous slide" onClick={() => go(-1)}>
        <Chevron flip />
      </button>
      <button type="button" className={`${arrow} right-4`} aria-label="Next slide" onClick={() => go(1)}>
        <Chevron />
      </button>
      <div className="js-only absolute bottom-6 left-1/2 z-10 flex -translate-x-1/2 gap-2">
        {slides.map((slide, n) => (
          <button
            type="button"
            key={slide.href}
            className="carousel-dot"
            aria-label={`Slide ${n + 1}`}
            aria-current={n === index}
            onClick={() => go(n - index)}
          />
        ))}
      </div>
      {/* Full width on every screen: on wide ones the picture is cut top and bottom, not left bare. */}
      <div ref={track} className="carousel-track" aria-live={rotation.running ? 'off' : 'polite'}>
        {slides.map((slide, n) => (
          // biome-ignore lint/a11y/useSemanticElements: a slide is a group (WAI-ARIA carousel pattern), not a form's fieldset.
          <div
            role="group"
            aria-roledescription="slide"
            aria-label={`${n + 1} of ${count}`}
            className="carousel-slide"
            inert={ready && n !== index}
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
  const track = useRef<HTMLDivElement>(null);
  const [, setTurns] = useState(0);
  // A tab stop only while the strip has somewhere to scroll (phones): the server cannot know, so its HTML has one.
  const [scrolls, setScrolls] = useState(true);
  useEffect(() => {
    const strip = track.current;
    if (!strip) return;
    const observer = new ResizeObserver(() => setScrolls(strip.scrollWidth > strip.clientWidth + 1));
    observer.observe(strip);
    return () => observer.disconnect();
  }, []);
  const rotation = useRotation(3000, () => {
    const strip = track.current;
    const [a, b] = strip ? [...strip.children] : [];
    if (!strip || !(a instanceof HTMLElement) || !(b instanceof HTMLElement)) return;
    const atEnd = strip.scrollLeft + strip.clientWidth >= strip.scrollWidth - 1;
    // Smooth or not by the strip's CSS scroll-behavior (instant for reduced motion).
    strip.scrollTo({ left: atEnd ? 0 : strip.scrollLeft + b.offsetLeft - a.offsetLeft });
    // A render arms the next turn.
    setTurns((turns) => turns + 1);
  });
  return (
    <section
      aria-roledescription="carousel"
      aria-label="Garment brands we work with"
      className="brands-carousel flex items-center gap-4"
      {...rotation.events}
    >
      {/* Beside the strip it stops, not above it where it reads as part of the heading. */}
      <CarouselToggle
        playing={rotation.playing}
        onToggle={rotation.toggle}
        className="order-last shrink-0 border border-stone-300 md:hidden"
      />
      <div
        ref={track}
        // A strip that scrolls sideways must be reachable by keyboard (WCAG 2.1.1).
        tabIndex={scrolls ? 0 : undefined}
        className="carousel-track min-w-0 flex-1 gap-6"
        aria-live={rotation.running ? 'off' : 'polite'}
      >
        {brands.map((brand, n) => (
          // biome-ignore lint/a11y/useSemanticElements: a slide is a group (WAI-ARIA carousel pattern), not a form's fieldset.
          <div
            role="group"
            aria-roledescription="slide"
            aria-label={`${n + 1} of ${brands.length}`}
            className="flex basis-[calc(50%-0.75rem)] justify-center md:basis-[calc(25%-1.125rem)]"
            key={brand.image}
          >
            <BrandPicture image={brand.image} name={brand.name} />
          </div>
        ))}
      </div>
    </section>
  );
}
