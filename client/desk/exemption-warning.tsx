import { type ExemptionStanding, exemptionWarning } from '#shared/books/tax-exemption.ts';

/**
 * The desk's warning before a quote goes out to a customer whose certificate has expired or waits for
 * its check: nothing when the standing changes nothing. The request page shows it in its Tax exemption
 * section; the quote editor can place it above its lines.
 */
export function ExemptionWarning({ standing }: { standing: ExemptionStanding }) {
  const text = exemptionWarning(standing);
  if (!text) return null;
  return (
    <p
      role="note"
      data-testid="exemption-warning"
      className="rounded border-l-4 border-amber-600 bg-amber-50 p-3 text-sm text-amber-950 wrap-anywhere"
    >
      <strong>Sales tax:</strong> {text}
    </p>
  );
}
