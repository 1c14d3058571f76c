import { Link } from 'react-router';
import { useSiteData } from '#client/app-context.tsx';
import { findPageByPath } from '#shared/routes.ts';
import { EmailLink, PhoneLink } from './contact-links.tsx';

/**
 * The strip above the header: the offer of the moment and how to reach the shop. Nothing in it changes in
 * the browser: the root shows it as an island (root.tsx) that keeps the server's HTML until it is touched
 * or a navigation needs it.
 */
export function TopBar() {
  const { config } = useSiteData();
  const { promo } = config;
  return (
    <section aria-label="Contact and offers" className="bg-stone-900 text-stone-100">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-x-6 gap-y-1 px-4 py-2 text-sm md:flex-row">
        {promo ? (
          <p className="text-center [&_a]:underline">
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized with the shared allow-list when the data was loaded. */}
            <span dangerouslySetInnerHTML={{ __html: promo.text }} />{' '}
            <Link
              to={promo.route}
              className="whitespace-nowrap font-semibold text-brand-200 underline underline-offset-2"
            >
              {/* Named after where it goes: "Learn more" tells a screen reader user nothing. */}
              {findPageByPath(promo.route)?.name ?? 'See the offer'}
            </Link>
          </p>
        ) : (
          <span />
        )}
        <div className="flex flex-wrap justify-center gap-x-6">
          <EmailLink className="hover:underline" />
          <PhoneLink className="hover:underline" />
        </div>
      </div>
    </section>
  );
}
