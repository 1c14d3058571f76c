import { PinForm, PinList, PinnedImage } from '#client/components/proof-pins.tsx';
import { useShopTime } from '#client/components/shop-time.tsx';
import type { DeskProof, DeskRenderOptions, DeskRequestView } from '#shared/desk-contract.ts';
import { formatFullCalendarDate } from '#shared/pricing/calendar-date.ts';
import { formatBytes } from '#shared/submissions/format-bytes.ts';
import { ApprovalRecord } from './request-approval.tsx';
import { ProofForm } from './request-proof-form.tsx';
import { Section } from './request-section.tsx';
import { ThumbnailBox } from './thumbnail-box.tsx';

/** Where a proof stands, in a word: approved, or replaced by a later one (the one out with the customer needs none). */
function proofState(proof: DeskProof): string | undefined {
  if (proof.approval) return 'Approved';
  return proof.current ? undefined : 'Superseded';
}

function ProofVersion({ proof, base, token }: { proof: DeskProof; base: string; token: string }) {
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
      {proof.previewable && proof.pixels ? (
        <div className="mt-2">
          <PinnedImage
            src={`${base}/proofs/${proof.version}/preview`}
            pixels={proof.pixels}
            pins={proof.pins}
            label={`Proof v${proof.version}`}
            maxHeightPx={proof.current ? 480 : 256}
            {...(proof.canPin ? { formId: `pin-form-${proof.version}` } : {})}
          />
        </div>
      ) : (
        proof.previewable && (
          <ThumbnailBox
            src={`${base}/proofs/${proof.version}/preview`}
            alt={`Proof v${proof.version}`}
            size="large"
            className="mt-2"
          />
        )
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
      {(proof.pins.length > 0 || proof.canPin) && (
        <div className="mt-3">
          <h3 className="font-semibold">Notes on v{proof.version}</h3>
          <div className="mt-1">
            <PinList
              pins={proof.pins}
              answerAction={(number) => `${base}/proof-notes/${number}`}
              csrfToken={token}
              open={proof.canPin}
            />
          </div>
          {proof.canPin && (
            <PinForm
              id={`pin-form-${proof.version}`}
              action={`${base}/proofs/${proof.version}/notes`}
              csrfToken={token}
              pinnable={proof.pixels !== undefined}
            />
          )}
        </div>
      )}
    </li>
  );
}

/** Every proof sent, newest first, and the form to send the next. */
export function ProofsSection({ view, options }: { view: DeskRequestView; options: DeskRenderOptions }) {
  const base = `/staff/requests/${view.reference}`;
  return (
    <Section id="proofs" title="Proofs">
      {view.proofs.length === 0 && <p className="text-stone-700">No proof sent yet.</p>}
      {view.proofDeadline && (
        <p className="mb-3 rounded bg-stone-100 p-2 text-sm" data-testid="desk-proof-deadline">
          {'late' in view.proofDeadline
            ? `The date asked for can no longer be kept: approved today, it is ready by ${formatFullCalendarDate(view.proofDeadline.earliest)}.`
            : `The customer should approve by ${formatFullCalendarDate(view.proofDeadline.day)} to keep ${formatFullCalendarDate(view.proofDeadline.keeps)}.`}
        </p>
      )}
      <ul className="space-y-4">
        {view.proofs.map((proof) => (
          <ProofVersion key={proof.version} proof={proof} base={base} token={options.csrfToken} />
        ))}
      </ul>
      {view.canSendProof && (
        <ProofForm base={base} status={view.status} token={options.csrfToken} answered={view.answeredPins} />
      )}
      {options.proofScript && view.proofs.some((proof) => proof.canPin) && (
        <script src={options.proofScript} type="module" />
      )}
    </Section>
  );
}
