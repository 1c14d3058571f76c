import { memo, type PointerEvent, useRef } from 'react';
import { GarmentPicture } from '#client/components/garment-picture.tsx';
import type { GarmentColor, GarmentType, PrintAreaLimit } from '#shared/garments/catalogue.ts';
import { areaBox, pixelsPerInch, viewOf } from '#shared/garments/placement-geometry.ts';
import type { DesignLayer, UploadLayer } from '#shared/studio/design-schema.ts';
import { inkById } from '#shared/studio/inks.ts';
import { drawLayer, svgTransform } from '#shared/studio/layer-shapes.ts';
import { measure } from './layer-fit.ts';
import { pictureUrl } from './picture-handoff.ts';
import { type Gesture, gestureLayer, type Point } from './pointer-gestures.ts';
import { loadedFont } from './studio-fonts.ts';

/** Room around the print area in the close-up, in picture pixels: some garment shows around the design. */
const MARGIN = 40;
/**
 * A handle's radius as a share of the print area's longer side: the close-up shows the area at the same
 * size whatever it measures, so this is the same on screen for a chest and a back, a fingertip on a phone.
 */
const HANDLE_SHARE = 0.035;

type Handlers = {
  onPointerDown: (event: PointerEvent<SVGElement>) => void;
  onPointerMove: (event: PointerEvent<SVGElement>) => void;
  onPointerUp: () => void;
  onPointerCancel: () => void;
};

/**
 * The selected layer's dashed box, turned with it, its resize handle on the lower right corner and its
 * turn handle on a stalk above the top edge.
 */
function SelectionHandles({
  layer,
  width,
  height,
  radius,
  resize,
  rotate,
}: {
  layer: DesignLayer;
  width: number;
  height: number;
  radius: number;
  resize: Handlers;
  rotate: Handlers;
}) {
  const top = layer.y - height / 2;
  const stalk = top - radius * 3;
  const handle = { r: radius, fill: '#ffffff', stroke: '#c2410c', strokeWidth: 2, vectorEffect: 'non-scaling-stroke' };
  return (
    <g transform={`rotate(${layer.rotation} ${layer.x} ${layer.y})`} data-testid="studio-handles">
      <rect
        x={layer.x - width / 2}
        y={top}
        width={width}
        height={height}
        fill="none"
        stroke="#c2410c"
        strokeWidth={1.5}
        strokeDasharray="3 3"
        vectorEffect="non-scaling-stroke"
        pointerEvents="none"
      />
      <line
        x1={layer.x}
        y1={top}
        x2={layer.x}
        y2={stalk}
        stroke="#c2410c"
        strokeWidth={1.5}
        vectorEffect="non-scaling-stroke"
        pointerEvents="none"
      />
      <circle cx={layer.x} cy={stalk} className="cursor-grab" data-handle="rotate" {...handle} {...rotate} />
      <circle
        cx={layer.x + width / 2}
        cy={layer.y + height / 2}
        className="cursor-nwse-resize"
        data-handle="resize"
        {...handle}
        {...resize}
      />
    </g>
  );
}

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
 * can be dragged, and the selected one resized by its corner handle and turned by the handle above it; the
 * keyboard does all three from the layer list and its fields, so the picture itself is one image and the
 * handles are for pointers only.
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
  /** The layer as a pointer gesture leaves it so far. */
  onDrag: (index: number, layer: DesignLayer, gesture: Gesture) => void;
  onDragEnd: (index: number, gesture: Gesture) => void;
}) {
  const svg = useRef<SVGSVGElement>(null);
  const drag = useRef<{ index: number; gesture: Gesture; from: Point; start: DesignLayer } | null>(null);
  const view = viewOf(type, area.placement);
  const box = areaBox(type, area);
  if (!view || !box) return null;
  const ppi = pixelsPerInch(type);
  const viewWidth = box.width + MARGIN * 2;
  const viewBox = [box.x - MARGIN, box.y - MARGIN, viewWidth, box.height + MARGIN * 2];

  /** A pointer's place in inches from the print area's top-left corner, whatever size the picture is drawn at. */
  function pointInches(event: PointerEvent): Point {
    const matrix = svg.current?.getScreenCTM()?.inverse();
    const point = matrix
      ? new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix)
      : { x: event.clientX, y: event.clientY };
    return { x: (point.x - (box?.x ?? 0)) / ppi, y: (point.y - (box?.y ?? 0)) / ppi };
  }

  function onPointerDown(index: number, gesture: Gesture, event: PointerEvent<SVGElement>) {
    const layer = layers[index];
    if (!layer) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { index, gesture, from: pointInches(event), start: layer };
    onSelect(index);
    event.preventDefault();
    // A handle sits over its layer: the layer's own press would start a move as well.
    event.stopPropagation();
  }

  function onPointerMove(event: PointerEvent<SVGElement>) {
    const from = drag.current;
    if (!from) return;
    onDrag(from.index, gestureLayer(from.gesture, from.start, from.from, pointInches(event)), from.gesture);
  }

  function onPointerUp() {
    const from = drag.current;
    drag.current = null;
    if (from) onDragEnd(from.index, from.gesture);
  }

  /** Handlers of an element that starts `gesture` on layer `index`. */
  const pointerHandlers = (index: number, gesture: Gesture) => ({
    onPointerDown: (event: PointerEvent<SVGElement>) => onPointerDown(index, gesture, event),
    onPointerMove,
    onPointerUp,
    onPointerCancel: onPointerUp,
  });

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
            {...pointerHandlers(index, 'move')}
            className="cursor-move"
          >
            {/* A text whose font is still loading is drawn once it arrives (the studio re-renders then). */}
            <PaintedLayer layer={layer} fontReady={layer.kind !== 'text' || loadedFont(layer.fontId) !== undefined} />
          </g>
        ))}
        {chosen && chosenSize && selected !== null ? (
          <SelectionHandles
            layer={chosen}
            width={chosenSize.width}
            height={chosenSize.height}
            radius={Math.max(area.widthInches, area.heightInches) * HANDLE_SHARE}
            resize={pointerHandlers(selected, 'resize')}
            rotate={pointerHandlers(selected, 'rotate')}
          />
        ) : null}
      </g>
      <desc>{`${garmentName}: print area ${area.widthInches} × ${area.heightInches} in`}</desc>
    </GarmentPicture>
  );
}
