import { Fragment } from 'react';
import { Link } from 'react-router';
import { useSiteData } from '#client/app-context.tsx';
import { LegalPage } from '#client/components/legal-page.tsx';
import { csrfCookieNames } from '#shared/csrf-contract.ts';
import { flashCookieName } from '#shared/notices.ts';

// The names the live site (https) sets; development over plain http drops the __Host- prefix.
const csrfCookies = csrfCookieNames(true);

const cookies = [
  {
    name: csrfCookies.session,
    purpose:
      'An anonymous random id that ties the security token below to your browser. Set only when you send one of our forms, or open a page of your own that holds forms (such as your request’s page).',
    lifetime: 'Until you close your browser',
  },
  {
    name: csrfCookies.token,
    purpose: 'A security token that proves a form was sent from this website, not from another site.',
    lifetime:
      'Until you close your browser; set with the id above, the token in it is good for 12 hours and renewed when a form needs a new one',
  },
  {
    name: flashCookieName(true),
    purpose:
      'Carries the one-line result of a form you sent (for example "Thanks, we got your message") to the next page. It is signed, so only this website can set one.',
    lifetime: '60 seconds, and deleted as soon as it is shown',
  },
];

export default function CookiePolicyPage() {
  const { config } = useSiteData();
  return (
    <LegalPage
      id="cookie-policy"
      updated="November 2026"
      intro={
        <p>
          {config.appName} sets only the cookies the website needs to work safely. They are strictly necessary, so no
          consent banner is needed, and there are no advertising or tracking cookies.
        </p>
      }
      sections={[
        {
          heading: 'The cookies we set',
          body: (
            <div className="overflow-x-auto">
              <table className="w-full border-collapse text-left text-sm">
                <caption className="sr-only">Cookies set by this website</caption>
                <thead>
                  <tr className="border-b border-stone-300">
                    <th scope="col" className="py-2 pr-4">
                      Name
                    </th>
                    <th scope="col" className="py-2 pr-4">
                      Purpose
                    </th>
                    <th scope="col" className="py-2">
                      Lifetime
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {cookies.map((cookie) => (
                    <tr key={cookie.name} className="border-b border-stone-200 align-top">
                      <th scope="row" className="py-2 pr-4 font-mono font-semibold">
                        {/* "__Host-" on a line of its own on a phone, never "XSRF-" and "TOKEN" apart. */}
                        {cookie.name.split(/(?<=__Host-)/).map((part, index) => (
                          <Fragment key={part}>
                            {index > 0 && <wbr />}
                            <span className="whitespace-nowrap">{part}</span>
                          </Fragment>
                        ))}
                      </th>
                      <td className="py-2 pr-4">{cookie.purpose}</td>
                      <td className="py-2">{cookie.lifetime}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ),
        },
        {
          heading: 'Other storage in your browser',
          body: (
            <p>
              While you move between pages, your browser's session storage keeps how far you had scrolled on each one,
              so the Back button returns you to the same place. It never leaves your browser and is cleared when you
              close the tab.
            </p>
          ),
        },
        {
          heading: 'Turning cookies off',
          body: (
            <p>
              You can block cookies in your browser settings. The pages still work, and so do the forms in a current
              browser, which tells us itself that a form was sent from this website. An older browser needs the security
              cookies: a form it sends without them is refused and nothing is stored. What the forms themselves collect
              is in the{' '}
              <Link className="font-semibold text-brand-700 underline" to="/privacy-policy#what-we-collect">
                privacy policy
              </Link>
              .
            </p>
          ),
        },
      ]}
    />
  );
}
