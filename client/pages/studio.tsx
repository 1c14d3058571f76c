import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSiteData } from '#client/app-context.tsx';
import { PageHeader } from '#client/components/page-header.tsx';
import { PageMeta } from '#client/components/page-meta.tsx';
import { useHydrated } from '#client/forms/use-hydrated.ts';
import { DESK_REQUEST_PARAM } from '#client/studio/desk-edit.ts';
import type { StudioProps } from '#client/studio/studio-editor.tsx';
import { SIZES_PARAM } from '#client/studio/studio-path.ts';
import { colorNamed, type GarmentSize, type PrintLocation } from '#shared/garments/catalogue.ts';
import type { PriceFiles } from '#shared/pricing/estimate.ts';
import { getPage } from '#shared/routes.ts';
import { isServiceId } from '#shared/service-ids.ts';

// The editor, its fonts' parser (opentype.js) and the motifs' outlines are one chunk of their own, fetched
// once this page runs: no other page's first load carries them, nor this page's server HTML.
const StudioEditor = lazy(() => import('#client/studio/studio-editor.tsx'));
// The desk's edit of a request's design: the same editor, its design loaded from the desk, in a chunk of its own.
const DeskStudio = lazy(() => import('#client/studio/desk-studio.tsx'));

const linkClass = 'font-semibold text-brand-800 underline underline-offset-2';
/** Where the quote form takes files: the way to send a design made elsewhere. */
const UPLOAD_PATH = `${getPage('pricing').path}#quote-artwork`;

/** The garment, colour, place and quantity the quote form opened the studio on, if the catalogue has them. */
function studioProps(params: URLSearchParams, prices: PriceFiles): StudioProps | null {
  const method = params.get('method') ?? '';
  if (!isServiceId(method)) return null;
  const file = prices[method];
  // Found here rather than with the quote form's helpers: those bring the pricing engine into this page's
  // first load, which only the editor's own chunk needs.
  const garment = file.garments.find((candidate) => candidate.id === params.get('garment'));
  if (!garment?.colors || !garment.type || !garment.printAreas?.length) return null;
  const color = colorNamed(garment, params.get('color') ?? undefined) ?? garment.colors?.[0];
  const area =
    garment.printAreas.find((candidate) => candidate.placement === params.get('location')) ?? garment.printAreas[0];
  if (!color || !area) return null;
  const quantity = Number(params.get('q'));
  const offered: readonly string[] = garment.sizes ?? [];
  const sizes = (params.get(SIZES_PARAM) ?? '')
    .split(',')
    .filter((size): size is GarmentSize => offered.includes(size));
  return {
    start: {
      garment: garment.id,
      color: color.name,
      method,
      location: area.placement as PrintLocation,
      quantity: Number.isInteger(quantity) && quantity > 0 ? quantity : (file.breaks[1] ?? file.minimumQuantity),
      ...(sizes.length > 0 ? { sizes } : {}),
    },
    garmentName: garment.name,
    type: garment.type,
    color,
    area,
  };
}

export default function StudioPage() {
  const [params] = useSearchParams();
  const site = useSiteData();
  const hydrated = useHydrated();
  const props = studioProps(params, site);
  const reference = params.get(DESK_REQUEST_PARAM);
  return (
    <>
      <PageMeta id="studio" />
      <PageHeader eyebrow="Design studio" title="Design your print">
        <p>Letter your team name, add a number or a motif in our inks, and see the screens and the price as you go.</p>
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
        {!hydrated ? (
          // The server's page, and the page without JavaScript: the studio draws in the browser only.
          <p className="max-w-3xl rounded-xl border-l-4 border-brand-600 bg-brand-50 px-4 py-3 text-stone-900">
            The design studio needs JavaScript. You can still{' '}
            <a href={UPLOAD_PATH} className={linkClass}>
              send us your artwork with the quote form
            </a>
            , or describe what you want there and we design it with you.
          </p>
        ) : props ? (
          <Suspense fallback={<p className="text-stone-700">Opening the studio…</p>}>
            {reference ? <DeskStudio {...props} reference={reference} /> : <StudioEditor {...props} />}
          </Suspense>
        ) : (
          <p className="max-w-3xl rounded-xl border-l-4 border-brand-600 bg-brand-50 px-4 py-3 text-stone-900">
            Choose a garment, its colour and where the print goes on the{' '}
            <Link to={getPage('pricing').path} className={linkClass}>
              quote form
            </Link>
            , then press “Design it here” to open the studio on it.
          </p>
        )}
      </div>
    </>
  );
}
