import type { ReactNode } from 'react';

/**
 * The placement tool's layout, in the quote form's own chunk: the form shows it, empty, from the moment a
 * file is chosen until the tool's code and the artwork have arrived. The tool then fills the same boxes,
 * so the Send button and everything below do not jump half a screen under the visitor's finger.
 */

/** PDF, AI and EPS files are placed by the shop: there is nothing to draw, and no tool to load for them. */
const SHOP_PLACES = /\.(pdf|ai|eps|ps)$/i;

export function placedByShop(file: Pick<File, 'name' | 'type'>): boolean {
  return SHOP_PLACES.test(file.name) || file.type === 'application/pdf' || file.type === 'application/postscript';
}

/** The close-up and the whole garment beside it are drawn at the garment pictures' 600 × 700. */
export const CLOSE_UP_CLASS = 'w-full max-w-72 rounded-lg border border-stone-200 bg-stone-50';
export const WHOLE_GARMENT_CLASS = 'w-full max-w-32 rounded-lg border border-stone-200 bg-stone-50';

export function ShopPlacesNote({ name }: { name: string }) {
  return (
    <p className="rounded-lg bg-stone-50 p-3 text-sm text-stone-700 sm:col-span-2" data-testid="placement-note">
      {name}: the shop will place this for you, and send a proof to approve.
    </p>
  );
}

export function PlacementLayout({
  testId,
  chooser,
  readout,
  closeUp,
  controls,
  children,
}: {
  testId: string;
  /** The locations to choose between, when there are several. */
  chooser?: ReactNode;
  /** The size and position in words, above the picture. */
  readout: ReactNode;
  closeUp: ReactNode;
  /** Beside the close-up: the width field, Center, the whole garment. */
  controls: ReactNode;
  /** What the form posts (hidden fields). */
  children?: ReactNode;
}) {
  return (
    <div className="rounded-xl border border-stone-200 p-3 sm:col-span-2 sm:p-4" data-testid={testId}>
      <h3 className="font-semibold text-stone-900">Place your artwork</h3>
      {chooser}
      {/* Above the picture: read while a finger is on the artwork, and never under the total bar below. */}
      <div className="mt-2 text-sm text-stone-700">{readout}</div>
      <div className="mt-3 grid grid-cols-[minmax(0,1fr)_6rem] items-start gap-3 sm:grid-cols-[minmax(0,18rem)_8rem_minmax(0,1fr)]">
        {closeUp}
        <div className="grid gap-3">{controls}</div>
        <p className="col-span-2 text-sm text-stone-600 sm:col-span-1">
          Drag the artwork or use the arrow keys to move it; drag the corner handle or type its width to resize it.
          Center puts it in the middle of the print area, across.
        </p>
      </div>
      {children}
    </div>
  );
}

/**
 * The tool's boxes at their size while its code or the artwork loads, saying so. The heights follow the
 * tool's: a location chooser when there are several, a label (two lines in the phone's narrow column) and
 * its field, a 44 px button, two pictures.
 */
export function PlacementSkeleton({ locations, status }: { locations: number; status: string }) {
  return (
    <PlacementLayout
      testId="placement-loading"
      chooser={locations > 1 ? <div className="mt-2 h-17" /> : null}
      readout={
        <p role="status">
          <span className="block text-lg font-bold text-stone-900">{status}</span>
          Your artwork will appear on the garment, to move and resize.
        </p>
      }
      closeUp={<div className={`${CLOSE_UP_CLASS} aspect-[6/7]`} />}
      controls={
        <>
          <div className="h-[5.375rem] sm:h-[4.125rem]" />
          <div className="h-11" />
          <div className={`${WHOLE_GARMENT_CLASS} aspect-[6/7]`} />
        </>
      }
    />
  );
}
