import { PinArea, PinForm, PinLayer, PinList, PinnedImage } from '#client/components/proof-pins.tsx';
import {
  type CustomerPageEarlierProof,
  type CustomerPageOptions,
  type CustomerPageProof,
  type CustomerPageView,
  PROOF_PREVIEW_WIDTHS,
} from '#shared/customer-page-contract.ts';
import { formatFullCalendarDate } from '#shared/pricing/calendar-date.ts';
import { PageSection } from './customer-document.tsx';
import { ApprovedNote, DecisionForms } from './decision-form.tsx';

/** Pixels of the proof's drawing per inch of print: the SVG's own units, scaled by its inch size. */
const UNITS_PER_INCH = 100;
/** The picture's tallest, in CSS pixels (36rem): a tall proof shows narrower than its card. */
const MAX_HEIGHT_PX = 576;

/**
 * The proof at the widths the server makes of it, each below the proof's own width, then the proof's own
 * width (the next size up, which the server never enlarges), as `srcset` candidates.
 */
function proofCandidates(src: string, width: number): { href: string; width: number }[] {
  const smaller = PROOF_PREVIEW_WIDTHS.filter((candidate) => candidate < width);
  const next = PROOF_PREVIEW_WIDTHS.find((candidate) => candidate >= width);
  return [
    ...smaller.map((candidate) => ({ href: `${src}/${candidate}`, width: candidate })),
    ...(next === undefined ? [] : [{ href: `${src}/${next}`, width }]),
  ];
}

/**
 * The proof, large. When the shop gave the print's size, the picture is drawn in an SVG whose width and
 * height are in inches (attributes, not inline styles: the page's CSP allows no inline style), so on a
 * screen it shows at about the size it will print, shrinking only to fit a narrow one.
 */
function ProofPicture({ view, proof }: { view: CustomerPageView; proof: CustomerPageProof }) {
  const src = `${view.path}/proofs/${proof.version}/preview`;
  const alt = `Proof v${proof.version} of your print`;
  const candidates = proof.pixels ? proofCandidates(src, proof.pixels.width) : [];
  if (!proof.print) {
    if (!proof.pixels) {
      return <img src={src} alt={alt} className="mx-auto max-h-[36rem] w-auto max-w-full rounded bg-stone-50" />;
    }
    const pixels = proof.pixels;
    // Drawn no taller than 36rem: the width it shows at on a wide screen, and its height at that width. On a
    // narrower one it shrinks to the card (the page's padding and the card's); the browser keeps the box
    // from these numbers before the picture arrives, and picks the candidate for the width and pixel ratio.
    const shown = Math.min(pixels.width, Math.round((MAX_HEIGHT_PX * pixels.width) / pixels.height));
    // Its notes pinned over it, and (while it is open) a new one pinned by a click, a tap or the keys.
    return (
      <PinArea {...formOf(proof)}>
        <img
          src={candidates.at(-1)?.href ?? src}
          srcSet={candidates.map((candidate) => `${candidate.href} ${candidate.width}w`).join(', ')}
          sizes={`(min-width: 768px) min(100vw - 5rem, 67rem, ${shown}px), min(100vw - 4rem, ${shown}px)`}
          width={shown}
          height={Math.round((shown * pixels.height) / pixels.width)}
          alt={alt}
          fetchPriority="high"
          // A PDF page is white paper on a white card: a hairline shows its edge.
          className={`block h-auto max-w-full rounded bg-stone-50${proof.pdfPage ? ' ring-1 ring-stone-300' : ''}`}
        />
        <PinLayer pixels={pixels} pins={proof.pins} />
      </PinArea>
    );
  }
  const width = proof.print.width * UNITS_PER_INCH;
  const height = proof.print.height * UNITS_PER_INCH;
  // The picture sits centred in the print's frame at its own proportions: the pins' layer covers just it.
  const scale = proof.pixels ? Math.min(width / proof.pixels.width, height / proof.pixels.height) : 1;
  const frame = proof.pixels && {
    width: proof.pixels.width * scale,
    height: proof.pixels.height * scale,
    x: (width - proof.pixels.width * scale) / 2,
    y: (height - proof.pixels.height * scale) / 2,
  };
  const drawn = (
    <svg
      role="img"
      aria-label={`${alt}, drawn at its print size of ${proof.print.text}`}
      width={`${proof.print.width}in`}
      height={`${proof.print.height}in`}
      viewBox={`0 0 ${width} ${height}`}
      className="mx-auto block h-auto max-w-full border border-dashed border-stone-400 bg-stone-50"
    >
      <image
        href={candidates.at(-1)?.href ?? src}
        x="0"
        y="0"
        width={width}
        height={height}
        preserveAspectRatio="xMidYMid meet"
      />
      {proof.pixels && frame && <PinLayer pixels={proof.pixels} pins={proof.pins} frame={frame} />}
    </svg>
  );
  return proof.pixels ? <PinArea {...formOf(proof)}>{drawn}</PinArea> : drawn;
}

/** The note form a click on the proof fills in, while a note can be pinned on it. */
function formOf(proof: CustomerPageProof): { formId?: string } {
  return proof.canPin ? { formId: `pin-form-${proof.version}` } : {};
}

/** The newest proof, shown large at its print size, with approve or ask-for-changes. */
export function ProofSection({
  view,
  proof,
  options,
}: {
  view: CustomerPageView;
  proof: CustomerPageProof;
  options: CustomerPageOptions;
}) {
  const notesBeside = proof.canPin || proof.pins.length > 0;
  return (
    <PageSection id="proof" title={`Your proof${proof.version > 1 ? ` (v${proof.version}, the newest)` : ''}`}>
      {/* The notes beside the proof on a wide screen, below it on a phone. */}
      <div className={notesBeside ? 'grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]' : ''}>
        <div className="min-w-0">
          {proof.previewable ? (
            <ProofPicture view={view} proof={proof} />
          ) : (
            <p className="rounded bg-stone-50 p-4 text-center">This proof is a PDF: open it to check every detail.</p>
          )}
          <p className="mt-3 text-sm wrap-anywhere">
            {proof.print && <span className="font-medium">Prints at {proof.print.text}. </span>}
            {proof.pdfPage && (
              <span>Shown: the first page of the PDF you approve. Download it to check every page. </span>
            )}
            {/* The picture alone, full size: on a phone the browser lets it be pinch-zoomed, with or without JavaScript. */}
            {proof.previewable && (
              <>
                <a
                  className="inline-flex min-h-11 items-center font-semibold underline"
                  href={`${view.path}/proofs/${proof.version}/preview`}
                  data-testid="proof-full-size"
                >
                  Open the proof full size to zoom in
                </a>{' '}
                ·{' '}
              </>
            )}
            <a className="font-semibold underline" href={`${view.path}/proofs/${proof.version}`}>
              Download {proof.name}
            </a>
          </p>
          {proof.notes && <p className="mt-3 whitespace-pre-line wrap-anywhere">{proof.notes}</p>}
        </div>
        {notesBeside && <ProofNotes view={view} proof={proof} options={options} />}
      </div>
      {proof.deadline && <DeadlineLine deadline={proof.deadline} />}
      {(proof.state === 'open' || proof.state === 'draft') && (
        <p className="mt-3 text-stone-700">
          Check the spelling, the colors, the size and the placement. Nothing is printed until you approve it.
        </p>
      )}
      {proof.state === 'draft' && (
        <p className="mt-3 rounded bg-amber-50 p-3 text-amber-950">
          This proof comes with your quote: approving the quote below approves this proof too. To change anything in it,
          ask for changes under the quote.
        </p>
      )}
      {proof.approval && <ApprovedNote approval={proof.approval} />}
      {proof.state === 'open' && (
        <DecisionForms
          action={`${view.path}/proofs/${proof.version}/decision`}
          subject="proof"
          version={proof.version}
          options={options}
        />
      )}
      {proof.earlier.length > 0 && <CompareVersions view={view} proof={proof} />}
      {options.proofScript && (proof.canPin || proof.earlier.length > 0) && (
        <script src={options.proofScript} type="module" />
      )}
    </PageSection>
  );
}

/** The notes on the newest proof, beside it on a wide screen, and the form for a new one while it is open. */
function ProofNotes({
  view,
  proof,
  options,
}: {
  view: CustomerPageView;
  proof: CustomerPageProof;
  options: CustomerPageOptions;
}) {
  return (
    <section aria-labelledby="proof-notes-title" className="min-w-0">
      <h3 id="proof-notes-title" className="font-bold">
        Notes on this proof
      </h3>
      <div className="mt-2">
        <PinList
          pins={proof.pins}
          answerAction={(number) => `${view.path}/notes/${number}`}
          csrfToken={options.csrfToken}
          open={proof.canPin}
        />
      </div>
      {proof.canPin && (
        <PinForm
          id={`pin-form-${proof.version}`}
          action={`${view.path}/proofs/${proof.version}/notes`}
          csrfToken={options.csrfToken}
          pinnable={proof.previewable && proof.pixels !== undefined}
          {...(proof.draft ? { draft: proof.draft } : {})}
        />
      )}
    </section>
  );
}

/** An earlier version, small, with its notes: marked superseded, never to approve. */
function EarlierVersion({ view, older }: { view: CustomerPageView; older: CustomerPageEarlierProof }) {
  const src = `${view.path}/proofs/${older.version}/preview`;
  return (
    <figure className="min-w-0" data-testid={`proof-version-${older.version}`}>
      <figcaption className="mb-2 font-semibold">
        v{older.version} <span className="rounded bg-stone-200 px-1.5 py-0.5 text-sm text-stone-800">Superseded</span>
      </figcaption>
      {older.previewable && older.pixels ? (
        <PinnedImage
          src={proofCandidates(src, older.pixels.width).at(-1)?.href ?? src}
          pixels={older.pixels}
          pins={older.pins}
          label={`Proof v${older.version}, superseded`}
          maxHeightPx={384}
        />
      ) : (
        <p className="rounded bg-stone-50 p-4 text-center">
          <a className="font-semibold underline" href={`${view.path}/proofs/${older.version}`}>
            Download {older.name}
          </a>
        </p>
      )}
      {older.pins.length > 0 && (
        <ol className="mt-2 space-y-1 text-sm">
          {older.pins.map((pin) => (
            <li key={pin.number} className="wrap-anywhere">
              <span className="font-semibold">{pin.number}.</span> {pin.text}
              {pin.done ? ' (done)' : ''}
              {pin.replies.map((reply) => (
                <span key={`${reply.at}-${reply.who}`} className="block pl-4 text-stone-700">
                  {reply.who}: {reply.text}
                </span>
              ))}
            </li>
          ))}
        </ol>
      )}
    </figure>
  );
}

/**
 * The newest version beside an earlier one: two columns on a wide screen, one above the other on a phone.
 * Which earlier one is a plain link per version (`?compare=`), so it works without a script.
 */
function CompareVersions({ view, proof }: { view: CustomerPageView; proof: CustomerPageProof }) {
  const older = proof.earlier.find((item) => item.version === proof.compareWith) ?? proof.earlier.at(-1);
  if (!older) return null;
  const src = `${view.path}/proofs/${proof.version}/preview`;
  return (
    <section id="compare" aria-labelledby="compare-title" className="mt-6 scroll-mt-4 border-t border-stone-200 pt-4">
      <h3 id="compare-title" className="font-bold">
        Compare with an earlier version
      </h3>
      {proof.earlier.length > 1 && (
        <p className="mt-1 text-sm">
          Compare with:{' '}
          {proof.earlier.map((item) => (
            <a
              key={item.version}
              href={`${view.path}?compare=${item.version}#compare`}
              aria-current={item.version === older.version ? 'true' : undefined}
              className="mr-2 inline-flex min-h-11 items-center font-semibold underline aria-[current]:no-underline"
            >
              v{item.version}
            </a>
          ))}
        </p>
      )}
      <div
        className="mt-3 grid gap-4 md:grid-cols-2"
        // Both pictures: the proof script offers a slider over them (client/proof-compare.ts).
        {...(older.previewable && older.pixels && proof.previewable && proof.pixels
          ? {
              'data-compare-slider': '',
              'data-old-src': proofCandidates(`${view.path}/proofs/${older.version}/preview`, older.pixels.width).at(-1)
                ?.href,
              'data-old-label': `v${older.version}`,
              'data-new-src': proofCandidates(src, proof.pixels.width).at(-1)?.href,
              'data-new-label': `v${proof.version}`,
              'data-ratio': `${proof.pixels.width} / ${proof.pixels.height}`,
            }
          : {})}
      >
        <EarlierVersion view={view} older={older} />
        <figure className="min-w-0">
          <figcaption className="mb-2 font-semibold">
            v{proof.version}{' '}
            <span className="rounded bg-emerald-50 px-1.5 py-0.5 text-sm text-emerald-900">Newest</span>
          </figcaption>
          {proof.previewable && proof.pixels ? (
            <PinnedImage
              src={proofCandidates(src, proof.pixels.width).at(-1)?.href ?? src}
              pixels={proof.pixels}
              pins={proof.pins}
              label={`Proof v${proof.version}, the newest`}
              maxHeightPx={384}
            />
          ) : (
            <p className="rounded bg-stone-50 p-4 text-center">This version is a PDF: open it above.</p>
          )}
        </figure>
      </div>
    </section>
  );
}

/** Until when an approval keeps the date, from the shop's real load; or, already too late, the earliest date. */
function DeadlineLine({ deadline }: { deadline: NonNullable<CustomerPageProof['deadline']> }) {
  if ('late' in deadline) {
    return (
      <p
        className="mt-3 rounded border border-amber-400 bg-amber-50 p-3 text-amber-950"
        data-testid="approval-deadline"
      >
        Approving today, the earliest your order can be ready is{' '}
        <strong>{formatFullCalendarDate(deadline.earliest)}</strong>, after {formatFullCalendarDate(deadline.wanted)}.
        Approve soon, or ask us about a rush.
      </p>
    );
  }
  return (
    <p className="mt-3 rounded border border-brand-300 bg-brand-50 p-3 font-semibold" data-testid="approval-deadline">
      Approve by {formatFullCalendarDate(deadline.day)}, {deadline.cutoff}, to keep{' '}
      {formatFullCalendarDate(deadline.keeps)}.
    </p>
  );
}
