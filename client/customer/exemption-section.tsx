import {
  CERTIFICATE_LIMITS,
  type CertificateStatus,
  type CustomerPageExemption,
  type ExemptionStanding,
  ISSUING_STATES,
} from '#shared/books/tax-exemption.ts';
import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import type { CustomerPageOptions } from '#shared/customer-page-contract.ts';
import { formatDay } from '#shared/desk-format.ts';
import { ARTWORK_MAX_FILE_BYTES } from '#shared/submissions/artwork.ts';
import { formatBytes } from '#shared/submissions/format-bytes.ts';
import { PageSection } from './customer-document.tsx';

const input = 'mt-1 w-full rounded border border-stone-400 px-3 py-2';

/** Where the customer stands, in one sentence. */
function standingText(standing: ExemptionStanding): string {
  switch (standing.kind) {
    case 'verified':
      return `Accepted until ${formatDay(standing.certificate.expiresOn)}: we leave sales tax off your quotes.`;
    case 'pending':
      return 'Waiting for the shop’s check: sales tax stays on your quotes until we have accepted your certificate.';
    case 'expired':
      return `Your certificate expired on ${formatDay(standing.certificate.expiresOn)}: send us the current one, or sales tax is charged.`;
    default:
      return 'Schools, churches, nonprofits and resellers: send us your exemption or resale certificate, and once we have checked it we leave sales tax off your quotes.';
  }
}

const statusWords: Record<CertificateStatus, string> = {
  pending: 'waiting for the shop’s check',
  verified: 'accepted',
  rejected: 'not accepted',
  expired: 'expired',
};

/** "Tax-exempt? Send us your certificate": their certificates on file and the form that sends one. */
export function ExemptionSection({
  exemption,
  options,
}: {
  exemption: CustomerPageExemption;
  options: CustomerPageOptions;
}) {
  const draft = exemption.draft;
  const standing = exemption.standing;
  // Open when there is something to do: a form refused, a certificate lapsed or turned down. Most
  // customers pay tax, so for them the form stays one line.
  const open =
    draft !== undefined ||
    standing.kind === 'expired' ||
    (standing.kind === 'none' && exemption.certificates.length > 0);
  return (
    <PageSection id="tax-exemption" title="Tax-exempt? Send us your certificate">
      <p
        data-testid="exemption-standing"
        className={standing.kind === 'verified' ? 'font-semibold text-emerald-900' : 'text-stone-800'}
      >
        {standingText(standing)}
      </p>
      {exemption.certificates.length > 0 && (
        <ul className="mt-3 space-y-2 text-sm">
          {exemption.certificates.map((certificate) => (
            <li key={certificate.id} className="rounded bg-stone-100 p-2 wrap-anywhere">
              <a className="font-semibold underline" href={certificate.file}>
                {certificate.type === 'resale' ? 'Resale' : 'Exemption'} certificate {certificate.number}
              </a>{' '}
              ({certificate.state}), {certificate.holder}, valid until {formatDay(certificate.expiresOn)}:{' '}
              <strong>{statusWords[certificate.status]}</strong>
              {certificate.rejection && <span className="block">Why: {certificate.rejection}</span>}
            </li>
          ))}
        </ul>
      )}
      <details className="mt-4 border-t border-stone-200 pt-3" open={open}>
        <summary className="cursor-pointer font-semibold">
          {exemption.certificates.length > 0 ? 'Send a newer certificate' : 'Send your certificate'}
        </summary>
        <form method="post" action={exemption.action} encType="multipart/form-data" className="mt-3 space-y-3">
          {/* First: the server checks the token before it reads the file. */}
          <input type="hidden" name={CSRF_FIELD} value={options.csrfToken} />
          <fieldset>
            <legend className="font-medium">Kind of certificate</legend>
            {(['exemption', 'resale'] as const).map((type) => (
              <label key={type} className="mt-1 flex items-center gap-2">
                <input
                  type="radio"
                  name="type"
                  value={type}
                  required
                  defaultChecked={(draft?.type ?? 'exemption') === type}
                />
                {type === 'exemption' ? 'Tax exemption (school, church, nonprofit)' : 'Resale (you sell the items on)'}
              </label>
            ))}
          </fieldset>
          <div>
            <label htmlFor="exemption-number" className="block font-medium">
              Certificate number
            </label>
            <input
              id="exemption-number"
              name="number"
              required
              maxLength={CERTIFICATE_LIMITS.number}
              defaultValue={draft?.number ?? ''}
              className={input}
            />
          </div>
          <div>
            <label htmlFor="exemption-state" className="block font-medium">
              Issuing state
            </label>
            <select id="exemption-state" name="state" required defaultValue={draft?.state ?? ''} className={input}>
              <option value="">Choose a state</option>
              {ISSUING_STATES.map((state) => (
                <option key={state} value={state}>
                  {state}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="exemption-holder" className="block font-medium">
              Organisation named on it
            </label>
            <input
              id="exemption-holder"
              name="holder"
              required
              maxLength={CERTIFICATE_LIMITS.holder}
              defaultValue={draft?.holder ?? ''}
              className={input}
            />
          </div>
          <div>
            <label htmlFor="exemption-expiry" className="block font-medium">
              Valid until
            </label>
            <input
              id="exemption-expiry"
              name="expiresOn"
              type="date"
              required
              min={exemption.today}
              defaultValue={draft?.expiresOn ?? ''}
              className={`${input} max-w-xs`}
            />
          </div>
          <div>
            <label htmlFor="exemption-file" className="block font-medium">
              The certificate
            </label>
            <input
              id="exemption-file"
              name="certificate"
              type="file"
              required
              accept="application/pdf,image/png,image/jpeg,.pdf,.png,.jpg,.jpeg"
              aria-describedby="exemption-file-hint"
              className="mt-1 block w-full text-sm file:mr-3 file:rounded file:border file:border-stone-400 file:bg-white file:px-3 file:py-2 file:font-semibold"
            />
            <p id="exemption-file-hint" className="mt-1 text-sm text-stone-700">
              A PDF, or a photo as PNG or JPEG; up to {formatBytes(ARTWORK_MAX_FILE_BYTES)}.
            </p>
          </div>
          <button type="submit" className="rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
            Send the certificate
          </button>
        </form>
      </details>
    </PageSection>
  );
}
