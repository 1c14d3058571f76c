import { useSiteData } from '#client/app-context.tsx';
import { EmailLink } from '#client/components/contact-links.tsx';
import { LegalPage } from '#client/components/legal-page.tsx';
import { ORDER_RETENTION_YEARS, SUBMISSION_RETENTION_MONTHS } from '#shared/submissions/retention.ts';

export default function PrivacyPolicyPage() {
  const { config } = useSiteData();
  const shop = config.appName;
  return (
    <LegalPage
      id="privacy-policy"
      updated="November 2026"
      intro={<p>{shop} collects only what it needs to answer you and make your order.</p>}
      sections={[
        {
          heading: 'What we collect',
          body: (
            <p>
              When you ask for a quote or send us a message: your name, company if you give one, e-mail address, phone
              number, delivery address if you want delivery, the details of your order, your comments and any artwork
              files you attach. Like every web server, ours keeps a log of each request: the time, the page or file
              asked for, your IP address, your browser's name and version, the page that linked to ours, and your
              preferred language. It never logs what you type into a form, your cookies or passwords.
            </p>
          ),
        },
        {
          heading: 'Why',
          body: (
            <p>
              To answer your request, prepare your quote, make and deliver your order, and keep this website secure.
            </p>
          ),
        },
        {
          heading: 'How long we keep it',
          body: (
            <p>
              Quote requests and messages that do not become orders are deleted after {SUBMISSION_RETENTION_MONTHS}{' '}
              months. Orders (a quote you approved, or a payment) are kept for {ORDER_RETENTION_YEARS} years for tax
              purposes. Server logs are deleted after 30 days.
            </p>
          ),
        },
        {
          heading: 'Who receives it',
          body: (
            <p>
              Only the people at {shop} who handle your request, our e-mail provider, which delivers the messages, and,
              when you pay by card, our card processor (Stripe), which takes the card details: they never reach us. We
              do not sell or rent your information and do not use advertising trackers.
            </p>
          ),
        },
        {
          heading: 'Your choices',
          body: (
            <p>
              Write to <EmailLink /> to see, correct or delete what we hold about you.
            </p>
          ),
        },
      ]}
    />
  );
}
