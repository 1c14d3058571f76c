import type { SiteConfig } from '#shared/site-data.ts';

/** A link that opens the shop's position in a maps site, for directions. */
export function mapsLink(config: SiteConfig): string {
  const { lat, lng } = config.serviceArea.shop;
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=11/${lat}/${lng}`;
}
