import { type Options, Splide } from '@splidejs/react-splide';
import { CarouselToggle } from './carousel-toggle.tsx';
import { BrandPicture } from './responsive-picture.tsx';

const options: Options = {
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
      options={options}
      aria-label="Garment brands we work with"
      className="brands-carousel relative"
    >
      <div className="splide__track">
        <div className="splide__list">
          {brands.map((brand) => (
            <div className="splide__slide flex justify-center" key={brand.image}>
              <BrandPicture image={brand.image} name={brand.name} />
            </div>
          ))}
        </div>
      </div>
      <CarouselToggle className="absolute -top-12 right-0" />
    </Splide>
  );
}
