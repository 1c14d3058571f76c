import { memo, type PointerEvent, useRef } from 'react';
import { GarmentPicture } from '#client/components/garment-picture.tsx';
import type { GarmentColor, GarmentType, PrintAreaLimit } from '#shared/garments/catalogue.ts';
import { areaBox, pixelsPerInch, viewOf } from '#shared/garments/placement-geometry.ts';
import type { DesignLayer, UploadLayer } from '#shared/studio/design-schema.ts';
import { inkById } from '#shared/studio/inks.ts';
import { drawLayer, svgTransform } from '#shared/studio/layer-shapes.ts';
import { measure } from './layer-fit.ts';
import { pictureUrl } from './picture-handoff.ts';
import { loadedFont } from './studio-fonts.ts';

/** Room around the print area in the close-up, in picture pixels: some garment shows around the design. */
const MARGIN = 40;

/** The customer's picture from their own disk; a dashed box when this tab no longer has it. */
function PictureLayer({ layer }: { layer: UploadLayer }) {
  const url = pictureUrl(layer.uploadId);
  const width = layer.widthInches;
  const height = layer.heightInches ?? layer.widthInches;
  return (
    <g transform={`translate(${layer.x} ${layer.y}) rotate(${layer.rotation})`}>
      {url ? (
        <image href={url} x={-width / 2} y={-height / 2} width={width} height={height} preserveAspectRatio="none" />
      ) : (
        <rect
          x={-width / 2}
          y={-height / 2}
          width={width}
          height={height}
          fill="#e7e5e4"
          stroke="#57534e"
          strokeDasharray="4 4"
          vectorEffect="non-scaling-stroke"
        />
      )}
    </g>
  );
}

/**
 * One layer's outlines. Memoised on the layer (each change makes a new layer object, the others keep theirs)
 * and whether its font has arrived: a drag or a key press redraws the layer it moves, not every layer's text
 * outlines, which on a phone-class CPU took a frame's time several times over.
 */
const PaintedLayer = memo(function PaintedLayer({ layer, fontReady }: { layer: DesignLayer; fontReady: boolean }) {
  if (layer.kind === 'upload') return <PictureLayer layer={layer} />;
  const drawn = fontReady
    ? drawLayer(layer, (id) => {
        const font = loadedFont(id);
        if (!font) throw new Error(`Font ${id} not loaded`);
        return font;
      })
    : null;
  if (!drawn) return null;
  return (
    <g transform={svgTransform(drawn.placement)}>
      {drawn.paints.map((paint, paintIndex) => {
        const hex = inkById(paint.inkId)?.hex ?? '#000000';
        return paint.pathData.map((d, pathIndex) => (
          <path
            // Paths are fixed per paint: their position in the list is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: the paths of one drawing never reorder.
            key={`${paintIndex}-${pathIndex}`}
            d={d}
            fill={paint.strokeWidth === null || paint.fillToo ? hex : 'none'}
            stroke={paint.strokeWidth === null ? undefined : hex}
            strokeWidth={paint.strokeWidth ?? undefined}
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        ));
      })}
    </g>
  );
});

/**
 * The print area on the garment, close up, with every layer drawn as it will print: the same geometry as
 * the mockups (placement-geometry.ts) and the same outlines as the press file (layer-shapes.ts). A layer
 * can be dragged; the keyboard moves it from the layer list, so the picture itself is one image.
 */
export function StudioPreview({
  type,
  color,
  area,
  garmentName,
  layers,
  selected,
  description,
  onSelect,
  onDrag,
  onDragEnd,
}: {
  type: GarmentType;
  color: GarmentColor;
  area: PrintAreaLimit;
  garmentName: string;
  layers: DesignLayer[];
  selected: number | null;
  description: string;
  onSelect: (index: number) => void;
  onDrag: (index: number, x: number, y: number) => void;
  onDragEnd: (index: number) => void;
}) {
  const svg = useRef<SVGSVGElement>(null);
  const drag = useRef<{ index: number; startX: number; startY: number; x: number; y: number } | null>(null);
  const view = viewOf(type, area.placement);
  const box = areaBox(type, area);
  if (!view || !box) return null;
  const ppi = pixelsPerInch(type);
  const viewWidth = box.width + MARGIN * 2;
  const viewBox = [box.x - MARGIN, box.y - MARGIN, viewWidth, box.height + MARGIN * 2];

  /** Screen pixels to inches, whatever size the picture is drawn at. */
  function inches(screenPixels: number): number {
    const shown = svg.current?.getBoundingClientRect().width || viewWidth;
    return (screenPixels * (viewWidth / shown)) / ppi;
  }

  function onPointerDown(index: number, event: PointerEvent<SVGGElement>) {
    const layer = layers[index];
    if (!layer) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { index, startX: event.clientX, startY: event.clientY, x: layer.x, y: layer.y };
    onSelect(index);
    event.preventDefault();
  }

  function onPointerMove(event: PointerEvent<SVGGElement>) {
    const from = drag.current;
    if (!from) return;
    const round = (value: number) => Math.round(value * 10) / 10;
    onDrag(
      from.index,
      round(from.x + inches(event.clientX - from.startX)),
      round(from.y + inches(event.clientY - from.startY)),
    );
  }

  function onPointerUp() {
    const from = drag.current;
    drag.current = null;
    if (from) onDragEnd(from.index);
  }

  const chosen = selected === null ? undefined : layers[selected];
  const chosenSize = chosen ? measure(chosen) : null;
  return (
    <GarmentPicture
      type={type}
      view={view}
      hex={color.hex}
      label={description}
      marksOnly
      svgRef={svg}
      viewBox={viewBox.join(' ')}
      className="max-h-[65vh] w-full touch-none select-none rounded-xl border border-stone-200 bg-stone-100"
    >
      <rect
        x={box.x}
        y={box.y}
        width={box.width}
        height={box.height}
        fill="none"
        stroke="#57534e"
        strokeDasharray="4 4"
        strokeWidth={1}
        vectorEffect="non-scaling-stroke"
      />
      <g transform={`translate(${box.x} ${box.y}) scale(${ppi})`}>
        {layers.map((layer, index) => (
          <g
            // Layers have no id of their own; their place in the list is what the customer orders.
            // biome-ignore lint/suspicious/noArrayIndexKey: a layer's index is its identity in the design.
            key={index}
            onPointerDown={(event) => onPointerDown(index, event)}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
            className="cursor-move"
          >
            {/* A text whose font is still loading is drawn once it arrives (the studio re-renders then). */}
            <PaintedLayer layer={layer} fontReady={layer.kind !== 'text' || loadedFont(layer.fontId) !== undefined} />
          </g>
        ))}
        {chosen && chosenSize ? (
          <rect
            x={chosen.x - chosenSize.width / 2}
            y={chosen.y - chosenSize.height / 2}
            width={chosenSize.width}
            height={chosenSize.height}
            transform={`rotate(${chosen.rotation} ${chosen.x} ${chosen.y})`}
            fill="none"
            stroke="#c2410c"
            strokeWidth={1.5}
            strokeDasharray="3 3"
            vectorEffect="non-scaling-stroke"
            pointerEvents="none"
          />
        ) : null}
      </g>
      <desc>{`${garmentName}: print area ${area.widthInches} × ${area.heightInches} in`}</desc>
    </GarmentPicture>
  );
}
