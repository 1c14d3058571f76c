import type { DeskRequestView } from '#shared/desk-contract.ts';
import { Section } from './request-section.tsx';

const mailStates = { sent: 'Sent', waiting: 'Waiting to be sent', failed: 'Failed' } as const;

/** Each e-mail owed for the request, and whether it went. */
export function MailsSection({ view }: { view: DeskRequestView }) {
  return (
    <Section id="mails" title="E-mails">
      <ul className="space-y-2 text-sm">
        {view.mails.map((mail, index) => (
          // The outbox's order for this request never changes.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <li key={index} className="wrap-anywhere">
            <span className="font-medium">{mail.recipient}:</span> {mailStates[mail.state]}
            {mail.attempts > 1 ? ` (${mail.attempts} attempts)` : ''}
            {mail.lastError && <span className="block text-red-800">{mail.lastError}</span>}
          </li>
        ))}
      </ul>
    </Section>
  );
}
