import { type KeyboardEvent, type PointerEvent, useEffect, useId, useRef, useState } from 'react';
import { GarmentPicture } from '#client/components/garment-picture.tsx';
import type { GarmentColor, PrintAreaLimit, PrintLocation } from '#shared/garments/catalogue.ts';
import {
  areaBox,
  artBox,
  type Box,
  centredAcross,
  clampPlacement,
  defaultPlacement,
  effectiveDpi,
  heightInches,
  MIN_PRINT_DPI,
  maxWidthInches,
  PICTURE_HEIGHT,
  PICTURE_WIDTH,
  type Placement,
  pixelsPerInch,
  viewOf,
  widthToFit,
} from '#shared/garments/placement-geometry.ts';
import type { PrintSize } from '#shared/garments/print-size-class.ts';
import { parseInches } from '#shared/pricing/stitch-estimate.ts';
import type { Garment, PrintArea } from '#shared/pricing/types.ts';
import { locationFields } from '#shared/submissions/quote-fields.ts';
import { loadArtwork, type PreviewArtwork } from './load-artwork.ts';
import {
  CLOSE_UP_CLASS,
  PlacementLayout,
  PlacementSkeleton,
  ShopPlacesNote,
  WHOLE_GARMENT_CLASS,
} from './placement-frame.tsx';

/** One location of the form the artwork can be placed at. */
export interface PlaceableRow {
  n: number;
  placement: PrintLocation;
  label: string;
}

const STEP = 0.25;
const BIG_STEP = 1;
const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The form's width field of row n, which this tool keeps in step with the picture: the artwork width
 * of a print, or an embroidered logo's width (the one that is priced; that row has no other).
 */
function widthInput(form: HTMLFormElement | null, n: number): HTMLInputElement | null {
  const names = locationFields(n);
  for (const name of [names.artWidth, names.width]) {
    const field = form?.elements.namedItem(name);
    if (field instanceof HTMLInputElement) return field;
  }
  return null;
}

/** The print size chosen at row n (direct to garment's, or screen printing's approximate size), if any. */
function chosenSize(form: HTMLFormElement | null, n: number, sizes: readonly PrintArea[]): PrintArea | undefined {
  const field = form?.elements.namedItem(locationFields(n).area);
  return field instanceof HTMLSelectElement ? sizes.find((size) => size.id === field.value) : undefined;
}

/**
 * Sets a form field as if typed: React's change handlers then run, so the estimate, the stitch count and
 * the print size follow the picture as they follow the keyboard.
 */
function typeInto(input: HTMLInputElement, value: string) {
  if (input.value === value) return;
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** The artwork takes this share of the close-up's width: large enough to grab on a phone. */
const ART_SHARE = 0.7;
/** The narrowest close-up, in picture pixels: a tiny print still shows the fabric around it. */
const MIN_VIEW = 60;
/** The least a handle measures on screen, in CSS pixels (a fingertip). */
const HANDLE_PX = 46;

/** The part of the picture around the artwork, in the picture's proportions, kept inside the picture. */
function closeUp(box: Box): Box {
  const width = Math.min(
    PICTURE_WIDTH,
    Math.max(MIN_VIEW, box.width / ART_SHARE, ((box.height / ART_SHARE) * PICTURE_WIDTH) / PICTURE_HEIGHT),
  );
  const height = (width * PICTURE_HEIGHT) / PICTURE_WIDTH;
  const within = (start: number, size: number, most: number) => Math.min(Math.max(start, 0), most - size);
  return {
    x: within(box.x + box.width / 2 - width / 2, width, PICTURE_WIDTH),
    y: within(box.y + box.height / 2 - height / 2, height, PICTURE_HEIGHT),
    width,
    height,
  };
}

/**
 * The placement tool, loaded only once a file is chosen: the artwork on the garment in its colour, moved by
 * dragging or the arrow keys, resized by its corner handle, the keys or the width field, always inside the
 * print area and said in inches, with its printed resolution. What it sets is posted as the rows' width and
 * position fields, which the server draws the mockup from.
 */
export default function PlacementTool({
  file,
  garment,
  color,
  rows,
  form,
  printSizes = [],
  onPrintSize,
}: {
  file: File;
  garment: Garment;
  color: GarmentColor;
  rows: readonly PlaceableRow[];
  form: HTMLFormElement | null;
  /** The print sizes the estimate is priced by: a new file is placed at the one chosen. */
  printSizes?: readonly PrintArea[];
  /** Told each row's print size in inches as it is placed and resized (a DTG row's price follows it). */
  onPrintSize?: (sizes: Record<number, PrintSize>) => void;
}) {
  const [art, setArt] = useState<PreviewArtwork | null>(null);
  const [current, setCurrent] = useState(rows[0]?.n ?? 1);
  const [placed, setPlaced] = useState<Record<number, Placement>>({});
  const [note, setNote] = useState('');
  const svg = useRef<SVGSVGElement>(null);
  const drag = useRef<{ mode: 'move' | 'resize'; x: number; y: number; start: Placement } | null>(null);
  /** The close-up stays put while a finger drags: the artwork follows the finger, not the view. */
  const [held, setHeld] = useState<Box | null>(null);
  /** The picture's drawn width in CSS pixels: the handle is sized to it. */
  const [drawn, setDrawn] = useState(0);
  /** While the tool itself writes a width field, it does not answer its own input event. */
  const writing = useRef(false);
  /** The width being typed beside the picture ("3." on its way to "3.5"). */
  const [draft, setDraft] = useState<string | null>(null);
  const widthId = useId();

  useEffect(() => {
    const element = svg.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setDrawn(element.getBoundingClientRect().width));
    observer.observe(element);
    return () => observer.disconnect();
  });

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

  // Each row starts centred at the size it is priced at: its width field (the logo's width, or what the
  // visitor typed), else the largest that fits the print size chosen, else the largest the area holds.
  useEffect(() => {
    if (art?.kind !== 'image' || !type) return;
    setPlaced((before) => {
      const next: Record<number, Placement> = {};
      for (const item of rows) {
        const area = garment.printAreas?.find((candidate) => candidate.placement === item.placement);
        if (!area) continue;
        const typed = parseInches(widthInput(form, item.n)?.value);
        const size = chosenSize(form, item.n, printSizes);
        const width = Number.isFinite(typed) && typed > 0 ? typed : size ? widthToFit(size, aspect) : undefined;
        const wanted = before[item.n] ?? defaultPlacement(area, aspect, width);
        next[item.n] = clampPlacement(wanted, area, aspect).placement;
      }
      return next;
    });
  }, [art, rows, garment, type, aspect, form, printSizes]);

  // The rows' width fields carry the widths the picture shows (a position alone is no placement).
  useEffect(() => {
    for (const [n, at] of Object.entries(placed)) {
      const input = widthInput(form, Number(n));
      if (!input || parseInches(input.value) === at.widthInches) continue;
      writing.current = true;
      typeInto(input, String(at.widthInches));
      writing.current = false;
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
      if (writing.current) return;
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

  if (!art) return <PlacementSkeleton locations={rows.length} status="Opening your artwork…" />;
  if (art.kind === 'shop-places') return <ShopPlacesNote name={file.name} />;
  if (art.kind === 'unreadable')
    return (
      <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 sm:col-span-2" data-testid="placement-note">
        {file.name} cannot be shown here: send it anyway, or another copy, and the shop will place it.
      </p>
    );
  if (!type || !row || !limit) return null;
  const pictureView = viewOf(type, row.placement);
  if (!pictureView) return null;
  const placement = placed[row.n];
  // The artwork is read and its first placement is set by the effect after this render: the place stays
  // held one render more, or the form below would fold up and spring back under the visitor's pointer.
  if (!placement) return <PlacementSkeleton locations={rows.length} status="Opening your artwork…" />;
  const area = areaBox(type, limit);
  const box = artBox(type, limit, placement, aspect);
  if (!area || !box) return null;
  const ppi = pixelsPerInch(type);
  const height = heightInches(placement.widthInches, aspect);
  const dpi = art.vector ? undefined : effectiveDpi(art.width, placement.widthInches);
  const view = held ?? closeUp(box);
  /** Picture pixels per CSS pixel as drawn now. */
  const perScreenPixel = view.width / (drawn || svg.current?.getBoundingClientRect().width || view.width);
  const handle = HANDLE_PX * perScreenPixel;

  function update(next: Placement) {
    if (!limit || !row) return;
    const { placement: kept, notes } = clampPlacement(next, limit, aspect);
    setNote(
      notes.length > 0
        ? `Kept inside the print area: at most ${limit.widthInches} × ${limit.heightInches} in here.`
        : '',
    );
    setPlaced((before) => ({ ...before, [row.n]: kept }));
  }

  /** Screen pixels to inches on the picture, whatever size and zoom it is drawn at. */
  function inchesOf(screenPixels: number): number {
    const shown = svg.current?.getBoundingClientRect().width || view.width;
    return (screenPixels * (view.width / shown)) / ppi;
  }

  function onPointerDown(mode: 'move' | 'resize', event: PointerEvent<SVGElement>) {
    if (!placement) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { mode, x: event.clientX, y: event.clientY, start: placement };
    setHeld(view);
    event.preventDefault();
  }

  function onPointerUp() {
    drag.current = null;
    setHeld(null);
  }

  function typedWidth(text: string) {
    setDraft(text);
    const width = parseInches(text);
    if (placement && Number.isFinite(width) && width > 0) update({ ...placement, widthInches: width });
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
  const button =
    'inline-flex min-h-11 min-w-11 scroll-mb-24 items-center justify-center rounded-full border border-stone-300 bg-white px-4 text-sm font-semibold text-stone-900 hover:bg-stone-100';
  return (
    <PlacementLayout
      testId="placement-tool"
      chooser={
        rows.length > 1 ? (
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
        ) : null
      }
      readout={
        <>
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
        </>
      }
      closeUp={
        <GarmentPicture
          type={type}
          view={pictureView}
          hex={color.hex}
          label={`${garment.name} in ${color.name}, ${pictureView}, close up, with your artwork ${said}`}
          className={`${CLOSE_UP_CLASS} touch-none select-none`}
          svgRef={svg}
          viewBox={`${view.x} ${view.y} ${view.width} ${view.height}`}
        >
          <rect
            x={area.x}
            y={area.y}
            width={area.width}
            height={area.height}
            fill="none"
            stroke="#57534e"
            strokeWidth="1.5"
            strokeDasharray="6 4"
            vectorEffect="non-scaling-stroke"
          />
          {/* biome-ignore lint/a11y/useSemanticElements: an SVG artwork is moved as a whole; the readout beside it says where it is in words. */}
          <g
            role="button"
            tabIndex={0}
            aria-label={`Artwork: ${said}. Arrow keys move it, Shift for whole inches; plus and minus resize it.`}
            onPointerDown={(event) => onPointerDown('move', event)}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
            onKeyDown={(event) => onKey('move', event)}
            className="cursor-move scroll-mb-24 outline-none focus-visible:[&>rect]:stroke-brand-700"
            data-testid="placement-artwork"
          >
            {/* Only the ink is drawn, stretched to the placed box: the file's transparent margin is cut away. */}
            <svg
              aria-hidden="true"
              x={box.x}
              y={box.y}
              width={box.width}
              height={box.height}
              viewBox={`${art.ink.left} ${art.ink.top} ${art.ink.width} ${art.ink.height}`}
              preserveAspectRatio="none"
            >
              <image href={art.src} width={art.natural.width} height={art.natural.height} />
            </svg>
            <rect
              x={box.x}
              y={box.y}
              width={box.width}
              height={box.height}
              fill="transparent"
              stroke="#1c1917"
              strokeWidth="2"
              vectorEffect="non-scaling-stroke"
            />
          </g>
          {/* biome-ignore lint/a11y/useSemanticElements: the resize handle is a point on the picture. */}
          <rect
            role="button"
            tabIndex={0}
            aria-label="Resize the artwork: arrow keys, Shift for whole inches"
            x={box.x + box.width - handle / 2}
            y={box.y + box.height - handle / 2}
            width={handle}
            height={handle}
            rx={handle / 6}
            fill="#ffffff"
            fillOpacity="0.85"
            stroke="#1c1917"
            strokeWidth="2.5"
            vectorEffect="non-scaling-stroke"
            className="cursor-nwse-resize scroll-mb-24 outline-none focus-visible:stroke-brand-700"
            onPointerDown={(event) => onPointerDown('resize', event)}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
            onKeyDown={(event) => onKey('resize', event)}
            data-testid="placement-handle"
          />
        </GarmentPicture>
      }
      controls={
        <>
          <div>
            <label htmlFor={widthId} className="block text-sm font-semibold text-stone-900">
              Width in inches
            </label>
            <input
              id={widthId}
              inputMode="decimal"
              autoComplete="off"
              maxLength={5}
              value={draft ?? String(placement.widthInches)}
              onChange={(event) => typedWidth(event.target.value)}
              onBlur={() => setDraft(null)}
              className="mt-1 block w-full scroll-mb-24 rounded-lg border border-stone-300 bg-white px-3 py-2 text-base tabular-nums shadow-sm"
              data-testid="placement-width"
            />
          </div>
          <button
            type="button"
            className={button}
            onClick={() => update(centredAcross(placement, limit))}
            data-testid="placement-centre"
          >
            Center
          </button>
          {/* The close-up loses the garment's outline: the whole garment, small, shows where it is. */}
          <GarmentPicture
            type={type}
            view={pictureView}
            hex={color.hex}
            label={`Where the close-up is on the ${garment.name}`}
            marksOnly
            className={WHOLE_GARMENT_CLASS}
          >
            <rect
              x={view.x}
              y={view.y}
              width={view.width}
              height={view.height}
              fill="none"
              stroke="#b45309"
              strokeWidth="12"
            />
          </GarmentPicture>
        </>
      }
    >
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
    </PlacementLayout>
  );
}
