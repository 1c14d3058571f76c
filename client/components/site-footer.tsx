import { Link } from 'react-router';
import { useSiteData } from '#client/app-context.tsx';
import { menus, quoteLink } from '#shared/routes.ts';
import { EmailLink, PhoneLink } from './contact-links.tsx';
import { OpeningHours } from './opening-hours.tsx';
import { PhotoIcon, ReviewIcon, SocialIcon } from './social-icons.tsx';

const heading = 'text-sm font-bold uppercase tracking-wide text-stone-300';
const link = 'text-stone-200 hover:text-white hover:underline';
/**
 * The copyright line runs to the current year. UTC on both sides, so the server and the browser agree;
 * the page cache is keyed by it too, so a page rendered last year is not served this year.
 */
function currentYear(): number {
  return new Date().getUTCFullYear();
}

/**
 * Nothing in the footer changes in the browser: the root shows it as an island (root.tsx) that keeps the
 * server's HTML until it is touched or a navigation needs it, so no page's first load carries this code.
 */
export function SiteFooter() {
  const { config, media } = useSiteData();
  const { address, social } = config;
  const socials = [
    { href: social.instagram, label: `${config.appName} on Instagram`, Icon: PhotoIcon },
    { href: social.facebook, label: `${config.appName} on Facebook`, Icon: SocialIcon },
    { href: social.yelp, label: `${config.appName} reviews on Yelp`, Icon: ReviewIcon },
  ];
  return (
    <footer className="mt-16 bg-stone-900 text-stone-200">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={heading}>
            Get in touch
          </h2>
          <ul className="mt-4 space-y-2">
            <li>
              <PhoneLink className={link} />
            </li>
            <li>
              <EmailLink className={link} />
            </li>
            <li>
              <address className="not-italic">
                {address.street}
                <br />
                {address.city}, {address.region} {address.postalCode}
              </address>
            </li>
          </ul>
          <h3 className={`${heading} mt-6`}>Opening hours</h3>
          <OpeningHours className="mt-3 space-y-2 text-sm" stacked />
        </section>
        <nav aria-labelledby="footer-pricing">
          <h2 id="footer-pricing" className={heading}>
            Pricing
          </h2>
          <ul className="mt-4 space-y-2">
            {[quoteLink, ...menus.pricing].map((item) => (
              <li key={item.to}>
                <Link className={link} to={item.to}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-learn">
          <h2 id="footer-learn" className={heading}>
            Learn more
          </h2>
          <ul className="mt-4 space-y-2">
            {[...menus.company, ...menus.help, ...menus.legal].map((item) => (
              <li key={item.to}>
                <Link className={link} to={item.to}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <Link to="/" className="inline-flex items-center gap-2" aria-label={`${config.appName} home`}>
            <img src={media.logo.src} alt="" width={48} height={48} className="h-12 w-12 rounded-lg bg-white p-1" />
            <span className="text-xl font-extrabold text-white">{config.appName}</span>
          </Link>
          <ul className="mt-4 flex gap-3">
            {socials.map(({ href, label, Icon }) => (
              <li key={href}>
                <a
                  href={href}
                  aria-label={label}
                  rel="noopener noreferrer"
                  className="flex h-11 w-11 items-center justify-center rounded-full bg-stone-800 text-stone-100 hover:bg-brand-700"
                >
                  <Icon />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className="border-t border-stone-800 px-4 py-6 text-center text-sm text-stone-300">
        © {config.foundedYear}–{currentYear()} {config.appName}. All rights reserved.
      </p>
    </footer>
  );
}
