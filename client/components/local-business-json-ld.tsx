import { useAppContext, useSiteData } from '#client/app-context.tsx';
import { JsonLd } from './json-ld.tsx';

/** Metres in a mile, for schema.org's GeoCircle radius. */
const METRES_PER_MILE = 1609.344;

/** Structured data for search engines: the shop as a LocalBusiness (home and contact pages). */
export function LocalBusinessJsonLd() {
  const { config, media } = useSiteData();
  const { publicUrl } = useAppContext().state;
  const data = {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    name: config.appName,
    url: `${publicUrl}/`,
    logo: `${publicUrl}${media.logo.src}`,
    image: `${publicUrl}${media.socialImage}`,
    email: config.contact.email,
    telephone: config.contact.phone,
    address: {
      '@type': 'PostalAddress',
      streetAddress: config.address.street,
      addressLocality: config.address.city,
      addressRegion: config.address.region,
      postalCode: config.address.postalCode,
      addressCountry: config.address.country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: config.serviceArea.shop.lat, longitude: config.serviceArea.shop.lng },
    foundingDate: String(config.foundedYear),
    openingHoursSpecification: config.openingHours.map((row) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: row.days.map((day) => `https://schema.org/${day}`),
      opens: row.opens,
      closes: row.closes,
    })),
    areaServed: [
      {
        '@type': 'GeoCircle',
        geoMidpoint: {
          '@type': 'GeoCoordinates',
          latitude: config.serviceArea.shop.lat,
          longitude: config.serviceArea.shop.lng,
        },
        geoRadius: Math.round(config.serviceArea.deliveryRadiusMiles * METRES_PER_MILE),
      },
      ...[config.address.city, ...config.serviceArea.places.map((place) => place.name)].map((name) => ({
        '@type': 'City',
        name,
      })),
    ],
    sameAs: [config.social.instagram, config.social.facebook, config.social.yelp],
  };
  return <JsonLd data={data} />;
}
