import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { GarmentPicture } from '#client/components/garment-picture.tsx';
import type { GarmentColor, PrintAreaLimit, PrintLocation } from '#shared/garments/catalogue.ts';
import {
  areaBox,
  artBox,
  clampPlacement,
  defaultPlacement,
  effectiveDpi,
  heightInches,
  MIN_PRINT_DPI,
  maxWidthInches,
  PICTURE_WIDTH,
  type Placement,
  pixelsPerInch,
  viewOf,
} from '#shared/garments/placement-geometry.ts';
import type { PrintSize } from '#shared/garments/print-size-class.ts';
import { parseInches } from '#shared/pricing/stitch-estimate.ts';
import type { Garment } from '#shared/pricing/types.ts';
import { locationFields } from '#shared/submissions/quote-fields.ts';
import { loadArtwork, type PreviewArtwork } from './load-artwork.ts';

/** One location of the form the artwork can be placed at. */
export interface PlaceableRow {
  n: number;
  placement: PrintLocation;
  label: string;
}

const STEP = 0.25;
const BIG_STEP = 1;
const round2 = (value: number) => Math.round(value * 100) / 100;

/** The form's artwork width field of row n, which this tool keeps in step with the picture. */
function widthInput(form: HTMLFormElement | null, n: number): HTMLInputElement | null {
  const field = form?.elements.namedItem(locationFields(n).artWidth);
  return field instanceof HTMLInputElement ? field : null;
}

/**
 * The placement tool (issue 27), loaded only once a file is chosen: the artwork on the garment in its
 * colour, moved by dragging or the arrow keys, resized by its corner handle, the keys or the width
 * field, always inside the print area and said in inches, with its printed resolution. What it sets is
 * posted as the rows' width and position fields, which the server draws the mockup from.
 */
export default function PlacementTool({
  file,
  garment,
  color,
  rows,
  form,
  onPrintSize,
}: {
  file: File;
  garment: Garment;
  color: GarmentColor;
  rows: readonly PlaceableRow[];
  form: HTMLFormElement | null;
  /** Told each row's print size in inches as it is placed and resized (a DTG row's price follows it). */
  onPrintSize?: (sizes: Record<number, PrintSize>) => void;
}) {
  const [art, setArt] = useState<PreviewArtwork | null>(null);
  const [current, setCurrent] = useState(rows[0]?.n ?? 1);
  const [placed, setPlaced] = useState<Record<number, Placement>>({});
  const [note, setNote] = useState('');
  const svg = useRef<SVGSVGElement>(null);
  const drag = useRef<{ mode: 'move' | 'resize'; x: number; y: number; start: Placement } | null>(null);

  useEffect(() => {
    let live = true;
    setArt(null);
    void loadArtwork(file).then((loaded) => {
      if (live) setArt(loaded);
    });
    return () => {
      live = false;
    };
  }, [file]);

  const type = garment.type;
  const row = rows.find((item) => item.n === current) ?? rows[0];
  const limit: PrintAreaLimit | undefined = garment.printAreas?.find((area) => area.placement === row?.placement);
  const aspect = art?.kind === 'image' ? art.height / art.width : 1;

  // Each row starts from its width field (what the visitor typed), else a width that fits.
  useEffect(() => {
    if (art?.kind !== 'image' || !type) return;
    setPlaced((before) => {
      const next: Record<number, Placement> = {};
      for (const item of rows) {
        const area = garment.printAreas?.find((candidate) => candidate.placement === item.placement);
        if (!area) continue;
        const typed = parseInches(widthInput(form, item.n)?.value);
        const wanted = before[item.n] ?? defaultPlacement(area, aspect, Number.isFinite(typed) ? typed : undefined);
        next[item.n] = clampPlacement(wanted, area, aspect).placement;
      }
      return next;
    });
  }, [art, rows, garment, type, aspect, form]);

  // The rows' width fields carry the widths the picture shows (a position alone is no placement).
  useEffect(() => {
    for (const [n, at] of Object.entries(placed)) {
      const input = widthInput(form, Number(n));
      if (input && parseInches(input.value) !== at.widthInches) input.value = String(at.widthInches);
    }
  }, [placed, form]);

  // The print's size, height from the artwork's proportions: the form prices a DTG row by it.
  useEffect(() => {
    if (art?.kind !== 'image' || !onPrintSize) return;
    const sizes: Record<number, PrintSize> = {};
    for (const [n, at] of Object.entries(placed))
      sizes[Number(n)] = { widthInches: at.widthInches, heightInches: heightInches(at.widthInches, aspect) };
    onPrintSize(sizes);
  }, [placed, art, aspect, onPrintSize]);

  // The width field and the picture say the same: the picture follows what is typed there.
  useEffect(() => {
    if (!form) return;
    const onInput = (event: Event) => {
      const target = event.target;
      const item = rows.find((candidate) => target === widthInput(form, candidate.n));
      const area = garment.printAreas?.find((candidate) => candidate.placement === item?.placement);
      if (!item || !area || !(target instanceof HTMLInputElement)) return;
      const width = parseInches(target.value);
      if (!Number.isFinite(width)) return;
      setCurrent(item.n);
      setPlaced((before) => {
        const start = before[item.n] ?? defaultPlacement(area, aspect);
        const { placement, notes } = clampPlacement({ ...start, widthInches: width }, area, aspect);
        setNote(notes.includes('width') ? `At most ${maxWidthInches(area, aspect)} in wide here: kept to that.` : '');
        return { ...before, [item.n]: placement };
      });
    };
    form.addEventListener('input', onInput);
    return () => form.removeEventListener('input', onInput);
  }, [form, rows, garment, aspect]);

  if (!art) return <p className="text-sm text-stone-600 sm:col-span-2">Opening your artwork…</p>;
  if (art.kind === 'shop-places')
    return (
      <p className="rounded-lg bg-stone-50 p-3 text-sm text-stone-700 sm:col-span-2" data-testid="placement-note">
        {file.name}: the shop will place this for you, and send a proof to approve.
      </p>
    );
  if (art.kind === 'unreadable')
    return (
      <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 sm:col-span-2" data-testid="placement-note">
        {file.name} cannot be shown here: send it anyway, or another copy, and the shop will place it.
      </p>
    );
  if (!type || !row || !limit) return null;
  const view = viewOf(type, row.placement);
  const placement = placed[row.n];
  if (!view || !placement) return null;
  const area = areaBox(type, limit);
  const box = artBox(type, limit, placement, aspect);
  if (!area || !box) return null;
  const ppi = pixelsPerInch(type);
  const height = heightInches(placement.widthInches, aspect);
  const dpi = art.vector ? undefined : effectiveDpi(art.width, placement.widthInches);

  function update(next: Placement) {
    if (!limit || !row) return;
    const { placement: kept, notes } = clampPlacement(next, limit, aspect);
    setNote(
      notes.length > 0
        ? `Kept inside the print area: at most ${limit.widthInches} × ${limit.heightInches} in here.`
        : '',
    );
    setPlaced((before) => ({ ...before, [row.n]: kept }));
    const input = widthInput(form, row.n);
    if (input) input.value = String(kept.widthInches);
  }

  /** Screen pixels to inches on the picture, whatever size it is drawn at. */
  function inchesOf(screenPixels: number): number {
    const drawn = svg.current?.getBoundingClientRect().width ?? PICTURE_WIDTH;
    return (screenPixels * (PICTURE_WIDTH / drawn)) / ppi;
  }

  function onPointerDown(mode: 'move' | 'resize', event: PointerEvent<SVGElement>) {
    if (!placement) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { mode, x: event.clientX, y: event.clientY, start: placement };
    event.preventDefault();
  }

  function onPointerMove(event: PointerEvent<SVGElement>) {
    const from = drag.current;
    if (!from) return;
    const dx = inchesOf(event.clientX - from.x);
    const dy = inchesOf(event.clientY - from.y);
    if (from.mode === 'move')
      update({ ...from.start, xInches: round2(from.start.xInches + dx), yInches: round2(from.start.yInches + dy) });
    else update({ ...from.start, widthInches: round2(from.start.widthInches + dx) });
  }

  function onKey(mode: 'move' | 'resize', event: KeyboardEvent<SVGElement>) {
    if (!placement) return;
    const step = event.shiftKey ? BIG_STEP : STEP;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const grow = event.key === '+' || event.key === '=' ? step : event.key === '-' ? -step : 0;
    const move = moves[event.key];
    if (mode === 'move' && move)
      update({
        ...placement,
        xInches: round2(placement.xInches + move[0]),
        yInches: round2(placement.yInches + move[1]),
      });
    else if (mode === 'resize' && move)
      update({ ...placement, widthInches: round2(placement.widthInches + move[0] - move[1]) });
    else if (grow !== 0) update({ ...placement, widthInches: round2(placement.widthInches + grow) });
    else return;
    event.preventDefault();
  }

  const said = `${placement.widthInches} × ${height} in, ${placement.xInches} in from the left and ${placement.yInches} in from the top of the ${row.label.toLowerCase()} area`;
  return (
    <div className="rounded-xl border border-stone-200 p-4 sm:col-span-2" data-testid="placement-tool">
      <h3 className="font-semibold text-stone-900">Place your artwork</h3>
      {rows.length > 1 ? (
        <fieldset className="mt-2">
          <legend className="text-sm text-stone-700">Location</legend>
          <div className="mt-1 flex flex-wrap gap-2">
            {rows.map((item) => (
              <label
                key={item.n}
                className="flex min-h-11 items-center gap-2 rounded-full border border-stone-300 px-3"
              >
                <input
                  type="radio"
                  name="placement-tool-row"
                  form="placement-tool-none"
                  checked={item.n === row.n}
                  onChange={() => setCurrent(item.n)}
                  className="size-4 accent-brand-700"
                />
                {item.label}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <div className="mt-3 grid gap-4 sm:grid-cols-[minmax(0,18rem)_1fr]">
        <GarmentPicture
          type={type}
          view={view}
          hex={color.hex}
          label={`${garment.name} in ${color.name}, ${view}, with your artwork ${said}`}
          className="w-full max-w-72 touch-none select-none"
        >
          <rect
            x={area.x}
            y={area.y}
            width={area.width}
            height={area.height}
            fill="none"
            stroke="#a8a29e"
            strokeWidth="2"
            strokeDasharray="6 4"
          />
          {/* biome-ignore lint/a11y/useSemanticElements: an SVG artwork is moved as a whole; the readout beside it says where it is in words. */}
          <g
            role="button"
            tabIndex={0}
            aria-label={`Artwork: ${said}. Arrow keys move it, Shift for whole inches; plus and minus resize it.`}
            onPointerDown={(event) => onPointerDown('move', event)}
            onPointerMove={onPointerMove}
            onPointerUp={() => {
              drag.current = null;
            }}
            onKeyDown={(event) => onKey('move', event)}
            className="cursor-move outline-none focus-visible:[&>rect]:stroke-brand-700"
            data-testid="placement-artwork"
          >
            <image
              href={art.src}
              x={box.x}
              y={box.y}
              width={box.width}
              height={box.height}
              preserveAspectRatio="none"
            />
            <rect
              x={box.x}
              y={box.y}
              width={box.width}
              height={box.height}
              fill="transparent"
              stroke="#1c1917"
              strokeWidth="2"
            />
          </g>
          {/* biome-ignore lint/a11y/useSemanticElements: the resize handle is a point on the picture. */}
          <rect
            role="button"
            tabIndex={0}
            aria-label="Resize the artwork: arrow keys, Shift for whole inches"
            x={box.x + box.width - 9}
            y={box.y + box.height - 9}
            width="18"
            height="18"
            fill="#ffffff"
            stroke="#1c1917"
            strokeWidth="3"
            className="cursor-nwse-resize outline-none focus-visible:stroke-brand-700"
            onPointerDown={(event) => onPointerDown('resize', event)}
            onPointerMove={onPointerMove}
            onPointerUp={() => {
              drag.current = null;
            }}
            onKeyDown={(event) => onKey('resize', event)}
            data-testid="placement-handle"
          />
        </GarmentPicture>
        <div className="text-sm text-stone-700">
          <p aria-live="polite" data-testid="placement-readout">
            <span className="block text-lg font-bold text-stone-900 tabular-nums">
              {placement.widthInches} × {height} in
            </span>
            {row.label}: {placement.xInches} in from the left, {placement.yInches} in from the top of the print area (
            {limit.widthInches} × {limit.heightInches} in).
            {dpi !== undefined ? ` Prints at ${dpi} dpi.` : ' Vector artwork: sharp at any size.'}
          </p>
          {dpi !== undefined && dpi < MIN_PRINT_DPI ? (
            <p
              className="mt-2 rounded bg-amber-50 p-2 font-semibold text-amber-900"
              data-testid="placement-dpi-warning"
            >
              At this size your artwork prints at {dpi} dpi, under {MIN_PRINT_DPI}: it may look soft or jagged. Print it
              smaller, or send a larger file.
            </p>
          ) : null}
          {note ? (
            <p className="mt-2 text-stone-700" role="status">
              {note}
            </p>
          ) : null}
          <p className="mt-2 text-stone-600">
            Drag the artwork or use the arrow keys to move it; drag the corner or type its width above to resize it.
          </p>
        </div>
      </div>
      {rows.map((item) => {
        const at = placed[item.n];
        if (!at) return null;
        const names = locationFields(item.n);
        return (
          <span key={item.n} hidden>
            <input type="hidden" name={names.artX} value={String(at.xInches)} />
            <input type="hidden" name={names.artY} value={String(at.yInches)} />
          </span>
        );
      })}
    </div>
  );
}
