import { useShopTime } from '#client/components/shop-time.tsx';
import type { DeskApproval } from '#shared/desk-contract.ts';

/**
 * The record of a customer's approval: what the shop would show if it were ever questioned. The
 * browser by its name; the user agent as it came stays one click away.
 */
export function ApprovalRecord({ approval }: { approval: DeskApproval }) {
  const { dateTime } = useShopTime();
  return (
    <div className="mt-2 rounded bg-emerald-50 p-2 text-sm text-emerald-900">
      <p className="wrap-anywhere">
        Approved by the customer, signed “{approval.name}”, {dateTime(approval.at)}, from {approval.ip} using{' '}
        {approval.browser ?? 'a browser that did not name itself'}
      </p>
      {approval.fileSha256 && (
        <p className="mt-1 text-xs">
          File locked at approval, SHA-256 <code className="font-mono break-all">{approval.fileSha256}</code>
        </p>
      )}
      {approval.terms && <p className="mt-1 text-xs wrap-anywhere">Terms agreed: {approval.terms}</p>}
      {approval.userAgent && (
        <details className="mt-1">
          <summary className="cursor-pointer">The browser’s own words</summary>
          <p className="mt-1 font-mono text-xs wrap-anywhere">{approval.userAgent}</p>
        </details>
      )}
    </div>
  );
}
