import { useShopTime } from '#client/components/shop-time.tsx';
import type { DeskProof, DeskRenderOptions, DeskRequestView } from '#shared/desk-contract.ts';
import { formatBytes } from '#shared/submissions/format-bytes.ts';
import { ApprovalRecord } from './request-approval.tsx';
import { ProofForm } from './request-proof-form.tsx';
import { Section } from './request-section.tsx';
import { ThumbnailBox } from './thumbnail-box.tsx';

/** Where a proof stands, in a word: approved, or replaced by a later one (the one out with the customer needs none). */
function proofState(proof: DeskProof): string | undefined {
  if (proof.approval) return 'Approved';
  return proof.current ? undefined : 'Replaced';
}

function ProofVersion({ proof, base }: { proof: DeskProof; base: string }) {
  const { dateTime } = useShopTime();
  const state = proofState(proof);
  return (
    <li className="min-w-0 rounded border border-stone-200 p-3">
      <p className="font-semibold wrap-anywhere">
        Proof v{proof.version}{' '}
        <span className="font-normal text-stone-600">
          {state && (
            <>
              · <span className={proof.approval ? 'font-semibold text-emerald-800' : ''}>{state}</span>{' '}
            </>
          )}
          · sent {dateTime(proof.sentAt)} by {proof.sentBy}
        </span>
      </p>
      {proof.previewable && (
        <ThumbnailBox
          src={`${base}/proofs/${proof.version}/preview`}
          alt={`Proof v${proof.version}`}
          size="large"
          className="mt-2"
        />
      )}
      <p className="mt-2 text-sm wrap-anywhere">
        <a className="font-semibold underline" href={`${base}/proofs/${proof.version}`}>
          Download {proof.name}
        </a>{' '}
        <span className="text-stone-600">
          ({formatBytes(proof.size)}
          {proof.printSize ? `, printed ${proof.printSize}` : ''})
        </span>
      </p>
      {proof.notes && <p className="mt-1 text-sm whitespace-pre-line wrap-anywhere">{proof.notes}</p>}
      {proof.approval && <ApprovalRecord approval={proof.approval} />}
    </li>
  );
}

/** Every proof sent, newest first, and the form to send the next. */
export function ProofsSection({ view, options }: { view: DeskRequestView; options: DeskRenderOptions }) {
  const base = `/staff/requests/${view.reference}`;
  return (
    <Section id="proofs" title="Proofs">
      {view.proofs.length === 0 && <p className="text-stone-700">No proof sent yet.</p>}
      <ul className="space-y-4">
        {view.proofs.map((proof) => (
          <ProofVersion key={proof.version} proof={proof} base={base} />
        ))}
      </ul>
      {view.canSendProof && <ProofForm base={base} status={view.status} token={options.csrfToken} />}
    </Section>
  );
}
