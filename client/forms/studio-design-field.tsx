import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { dropHandedDesign, type HandedDesign, readHandedDesign, studioPath } from '#client/studio/design-handoff.ts';
import type { PrintLocation } from '#shared/garments/catalogue.ts';
import type { Garment } from '#shared/pricing/types.ts';
import type { ServiceId } from '#shared/service-ids.ts';

const linkClass = 'font-semibold text-brand-800 underline underline-offset-2';

/**
 * The way into the design studio on the garment, colour and first location chosen above, and the design
 * it handed back: posted in a hidden field as its JSON (the server checks it again), summed up with a link
 * to edit it. The design lives in the browser's session storage, so it appears once the form runs; the
 * form without JavaScript is unchanged.
 */
export function StudioDesignField({
  garment,
  colorName,
  service,
  placement,
  quantity,
}: {
  garment: Garment | undefined;
  colorName: string | undefined;
  service: ServiceId;
  placement: string | undefined;
  quantity: number;
}) {
  const [design, setDesign] = useState<HandedDesign | null>(null);
  // Read after the first render: the server has no session storage, and the first render must match its HTML.
  useEffect(() => setDesign(readHandedDesign()), []);
  const area = garment?.printAreas?.find((candidate) => candidate.placement === placement) ?? garment?.printAreas?.[0];
  const start =
    garment && colorName && area
      ? studioPath({
          garment: garment.id,
          color: colorName,
          method: service,
          location: area.placement as PrintLocation,
          quantity,
        })
      : null;
  if (!design && !start) return null;
  return (
    <div
      // The studio needs JavaScript: without it the way in is absent and the form is as it was.
      className={`rounded-xl border border-stone-200 bg-stone-50 p-4 sm:col-span-2 ${design ? '' : 'js-swap'}`}
      data-testid="studio-design"
    >
      {design ? (
        <>
          <input type="hidden" name="design" value={design.json} />
          <p className="font-semibold text-stone-900">{design.summary}</p>
          <p className="mt-1 text-sm text-stone-700">
            It is sent with your request.{' '}
            <Link to={design.editPath} className={linkClass}>
              Edit your design
            </Link>{' '}
            or{' '}
            <button
              type="button"
              onClick={() => {
                dropHandedDesign();
                setDesign(null);
              }}
              className={linkClass}
            >
              remove it
            </button>
            .
          </p>
        </>
      ) : start ? (
        <p className="text-stone-800">
          No artwork yet? Letter your team name, add a number or a motif, and see the price as you go.{' '}
          <Link to={start} className={`${linkClass} whitespace-nowrap`}>
            Design it here
          </Link>
        </p>
      ) : null}
    </div>
  );
}
