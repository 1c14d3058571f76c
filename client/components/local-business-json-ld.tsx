import { useAppContext, useSiteData } from '#client/app-context.tsx';
import { serializeForScript } from '#shared/json-script.ts';

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
    sameAs: [config.social.instagram, config.social.facebook, config.social.yelp],
  };
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped by serializeForScript; data, never executed.
      dangerouslySetInnerHTML={{ __html: serializeForScript(data) }}
    />
  );
}
