import { useShopTime } from '#client/components/shop-time.tsx';
import type { CertificateStatus, DeskExemptionView } from '#shared/books/tax-exemption.ts';
import type { DeskRenderOptions } from '#shared/desk-contract.ts';
import { formatDay } from '#shared/desk-format.ts';
import { TokenField } from './desk-document.tsx';
import { ExemptionWarning } from './exemption-warning.tsx';
import { Section } from './request-section.tsx';

const statusWords: Record<CertificateStatus, string> = {
  pending: 'Waiting for your check',
  verified: 'Verified',
  rejected: 'Rejected',
  expired: 'Expired',
};

/** Where the customer stands, for the desk: what happens to the tax on the next quote. */
function standingLine(exemption: DeskExemptionView) {
  const { standing } = exemption;
  if (standing.kind === 'verified')
    return `Exempt: quotes leave the sales tax off until ${formatDay(standing.certificate.expiresOn)}.`;
  if (standing.kind === 'none') return 'No certificate in force: sales tax is charged.';
  return undefined;
}

/** The customer's exemption and resale certificates (by e-mail, across their requests), each to verify or reject. */
export function ExemptionSection({ exemption, options }: { exemption: DeskExemptionView; options: DeskRenderOptions }) {
  const { dateTime } = useShopTime();
  const line = standingLine(exemption);
  return (
    <div id="tax-exemption">
      <Section id="tax-exemption" title="Tax exemption">
        <ExemptionWarning standing={exemption.standing} />
        {line && (
          <p data-testid="exemption-standing" className="text-sm">
            {line}
          </p>
        )}
        <ul className="mt-3 space-y-3">
          {exemption.certificates.map((certificate) => (
            <li key={certificate.id} className="rounded border border-stone-200 p-3 text-sm wrap-anywhere">
              <p>
                <a className="font-semibold underline" href={certificate.file}>
                  {certificate.type === 'resale' ? 'Resale' : 'Exemption'} certificate {certificate.number}
                </a>{' '}
                ({certificate.state})
              </p>
              <p>{certificate.holder}</p>
              <p>
                Valid until {formatDay(certificate.expiresOn)} · sent {dateTime(certificate.uploadedAt)}
              </p>
              <p className="font-semibold">
                {statusWords[certificate.status]}
                {certificate.verified && ` by ${certificate.verified.by}, ${dateTime(certificate.verified.at)}`}
                {certificate.rejected && ` by ${certificate.rejected.by}, ${dateTime(certificate.rejected.at)}`}
              </p>
              {certificate.rejected && <p>Why: {certificate.rejected.reason}</p>}
              {certificate.verify && (
                <form method="post" action={certificate.verify} className="mt-2">
                  <TokenField token={options.csrfToken} />
                  <button
                    type="submit"
                    className="rounded bg-brand-700 px-3 py-1.5 font-semibold text-white hover:bg-brand-800"
                  >
                    Verify certificate {certificate.number}
                  </button>
                </form>
              )}
              {certificate.reject && (
                <form method="post" action={certificate.reject} className="mt-2 space-y-1">
                  <TokenField token={options.csrfToken} />
                  <label htmlFor={`reject-reason-${certificate.id}`} className="block font-medium">
                    {certificate.status === 'verified'
                      ? 'Withdraw the acceptance, saying why (the customer reads this; tax comes back on new quotes)'
                      : 'Or reject it, saying why (the customer reads this)'}
                  </label>
                  <input
                    id={`reject-reason-${certificate.id}`}
                    name="reason"
                    required
                    maxLength={500}
                    className="w-full rounded border border-stone-400 px-2 py-1"
                  />
                  <button type="submit" className="rounded border border-stone-500 px-3 py-1.5 font-semibold">
                    {certificate.status === 'verified' ? 'Withdraw' : 'Reject'} certificate {certificate.number}
                  </button>
                </form>
              )}
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
