import { formatUsPhone } from './phone.ts';
import type { SiteConfig } from './site-data.ts';

/** The shop as a printed page heads it (an invoice, a credit note): name, address in two lines, phone, e-mail. */
export interface Letterhead {
  name: string;
  address: string[];
  phone: string;
  email: string;
}

export function letterheadOf(shop: Pick<SiteConfig, 'appName' | 'contact' | 'address'>): Letterhead {
  const { address } = shop;
  return {
    name: shop.appName,
    address: [address.street, `${address.city}, ${address.region} ${address.postalCode}`],
    phone: formatUsPhone(shop.contact.phone),
    email: shop.contact.email,
  };
}
