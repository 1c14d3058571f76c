/** The menus of spec section 2, shared by the header, the drawer and the footer. */
export interface NavLink {
  label: string;
  to: string;
}

export const pricingLinks: NavLink[] = [
  { label: 'Screen Printing', to: '/pricing/printing' },
  { label: 'Direct to Garment', to: '/pricing/dtg' },
  { label: 'Embroidery', to: '/pricing/embroidery' },
];

export const quoteLink: NavLink = { label: 'Get a quote', to: '/pricing' };

export const companyLinks: NavLink[] = [
  { label: 'About Us', to: '/about-us' },
  { label: 'Contact Us', to: '/contact-us' },
];

export const legalLinks: NavLink[] = [
  { label: 'Terms of Service', to: '/terms-of-service' },
  { label: 'Privacy Policy', to: '/privacy-policy' },
  { label: 'Cookie Policy', to: '/cookie-policy' },
];

export const COPYRIGHT_YEARS = { from: 2010, to: 2025 } as const;
