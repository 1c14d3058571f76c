import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import {
  dropHandedDesign,
  type HandedDesign,
  handedFromForm,
  readHandedDesign,
  saveHandedDesign,
} from '#client/studio/design-handoff.ts';
import { studioPath } from '#client/studio/studio-path.ts';
import type { GarmentSize, PrintLocation } from '#shared/garments/catalogue.ts';
import type { Garment } from '#shared/pricing/types.ts';
import type { ServiceId } from '#shared/service-ids.ts';
import { DESIGN_FIELD } from '#shared/submissions/design-field-name.ts';
import { DesignPictures } from './design-pictures.tsx';
import { describedBy, FieldError } from './form-fields.tsx';
import { useFieldIds } from './form-fields-context.tsx';

const linkClass = 'font-semibold text-brand-800 underline underline-offset-2';

/**
 * The way into the design studio on the garment, colour and first location chosen above, and the design
 * it handed back: posted in a hidden field as its JSON (the server checks it again), summed up with a link
 * to edit it. The design lives in the browser's session storage, so it appears once the form runs; the
 * form without JavaScript is unchanged. A design the server sent back with the form (a refused post, or
 * "order again" filled from a request's form values) is shown from the first render, script or none, with
 * the server's sentence about it beside it.
 */
export function StudioDesignField({
  garment,
  colorName,
  service,
  placement,
  quantity,
  sizes,
  sent,
  onRemoved,
  onPictures,
}: {
  garment: Garment | undefined;
  colorName: string | undefined;
  service: ServiceId;
  placement: string | undefined;
  quantity: number;
  /** The sizes the form counts pieces in: the studio's size-by-size panel starts on them. */
  sizes: readonly GarmentSize[];
  /** The design field of the form the server rendered, when it rendered one. */
  sent: string | undefined;
  /** The design is gone, and with it any problem the server had with it. */
  onRemoved: () => void;
  /** The design's pictures as the form sends them (stable: it is an effect's dependency). */
  onPictures: (files: File[]) => void;
}) {
  const ids = useFieldIds(DESIGN_FIELD);
  // The server's copy is in its HTML already, so the first render may show it and still match.
  const [design, setDesign] = useState<HandedDesign | null>(() => (sent ? handedFromForm(sent, quantity) : null));
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the form mounts; later changes are the visitor's.
  useEffect(() => {
    // Kept where the studio looks, so "Edit your design" opens this design and a reload keeps it.
    if (design) saveHandedDesign(design);
    // Read after the first render: the server has no session storage, and the first render must match its HTML.
    else setDesign(readHandedDesign());
  }, []);
  const area = garment?.printAreas?.find((candidate) => candidate.placement === placement) ?? garment?.printAreas?.[0];
  const start =
    garment && colorName && area
      ? studioPath({
          garment: garment.id,
          color: colorName,
          method: service,
          location: area.placement as PrintLocation,
          quantity,
          sizes,
        })
      : null;
  if (!design && !start) return null;
  return (
    <div
      // The studio needs JavaScript: without it the way in is absent and the form is as it was.
      className={`rounded-xl border bg-stone-50 p-4 sm:col-span-2 ${ids.error ? 'border-red-700' : 'border-stone-200'} ${design ? '' : 'js-swap'}`}
      data-testid="studio-design"
      // The error summary's link lands here: the design's own control is a hidden field.
      {...(design
        ? {
            id: ids.id,
            tabIndex: -1,
            role: 'group',
            'aria-labelledby': `${ids.id}-summary`,
            'aria-describedby': describedBy(ids.error ? ids.errorId : undefined),
          }
        : {})}
    >
      {design ? (
        <>
          <input type="hidden" name={DESIGN_FIELD} value={design.json} />
          <DesignPictures json={design.json} onFiles={onPictures} />
          <p id={`${ids.id}-summary`} className="font-semibold text-stone-900">
            {design.summary}
          </p>
          <FieldError id={ids.errorId} error={ids.error} />
          <p className="mt-1 text-sm text-stone-700">
            It is sent with your request.{' '}
            <Link to={design.editPath} className={linkClass}>
              Edit your design
            </Link>
            {/* Removing is the script's work: without it the button would do nothing. */}
            <span className="js-swap">
              {' '}
              or{' '}
              <button
                type="button"
                onClick={() => {
                  dropHandedDesign();
                  setDesign(null);
                  onRemoved();
                }}
                className={linkClass}
              >
                remove it
              </button>
            </span>
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
