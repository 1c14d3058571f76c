import {
  type CustomerPageOptions,
  type CustomerPageProof,
  type CustomerPageView,
  PROOF_PREVIEW_WIDTHS,
} from '#shared/customer-page-contract.ts';
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
    // Drawn no taller than 36rem: the width it shows at on a wide screen, and its height at that width. On a
    // narrower one it shrinks to the card (the page's padding and the card's); the browser keeps the box
    // from these numbers before the picture arrives, and picks the candidate for the width and pixel ratio.
    const shown = Math.min(proof.pixels.width, Math.round((MAX_HEIGHT_PX * proof.pixels.width) / proof.pixels.height));
    return (
      <img
        src={candidates.at(-1)?.href ?? src}
        srcSet={candidates.map((candidate) => `${candidate.href} ${candidate.width}w`).join(', ')}
        sizes={`(min-width: 768px) min(100vw - 5rem, 67rem, ${shown}px), min(100vw - 4rem, ${shown}px)`}
        width={shown}
        height={Math.round((shown * proof.pixels.height) / proof.pixels.width)}
        alt={alt}
        fetchPriority="high"
        className="mx-auto h-auto max-w-full rounded bg-stone-50"
      />
    );
  }
  const width = proof.print.width * UNITS_PER_INCH;
  const height = proof.print.height * UNITS_PER_INCH;
  return (
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
    </svg>
  );
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
  return (
    <PageSection id="proof" title={`Your proof${proof.version > 1 ? ` (v${proof.version})` : ''}`}>
      {proof.previewable ? (
        <ProofPicture view={view} proof={proof} />
      ) : (
        <p className="rounded bg-stone-50 p-4 text-center">This proof is a PDF: open it to check every detail.</p>
      )}
      <p className="mt-3 text-sm wrap-anywhere">
        {proof.print && <span className="font-medium">Prints at {proof.print.text}. </span>}
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
    </PageSection>
  );
}
