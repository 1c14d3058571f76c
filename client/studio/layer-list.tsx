import type { KeyboardEvent } from 'react';
import type { DesignLayer } from '#shared/studio/design-schema.ts';
import { measure } from './layer-fit.ts';
import { layerLabel } from './layer-words.ts';

/** Arrow keys move by a tenth of an inch; with Shift, by an inch. */
const STEP = 0.1;
const BIG_STEP = 1;

const moves: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * The design's layers as a named list a screen reader can walk, top layer first as people read a stack.
 * Each is a button that selects it; on the selected one the arrow keys move the layer on the garment.
 */
export function LayerList({
  layers,
  selected,
  onSelect,
  onMove,
}: {
  layers: DesignLayer[];
  selected: number | null;
  onSelect: (index: number) => void;
  onMove: (index: number, dx: number, dy: number) => void;
}) {
  function onKeyDown(index: number, event: KeyboardEvent<HTMLButtonElement>) {
    const move = moves[event.key];
    if (!move || event.altKey || event.ctrlKey || event.metaKey) return;
    const step = event.shiftKey ? BIG_STEP : STEP;
    event.preventDefault();
    if (selected !== index) onSelect(index);
    onMove(index, move[0] * step, move[1] * step);
  }

  if (layers.length === 0) return <p className="text-sm text-stone-600">No layers yet: add a text or a motif below.</p>;
  const order = layers.map((layer, index) => ({ layer, index })).reverse();
  return (
    <>
      <p id="studio-layers-hint" className="text-sm text-stone-600">
        Select a layer, then move it with the arrow keys (Shift for 1 in steps). Top layer first.
      </p>
      <ol aria-label="Layers" className="mt-2 grid gap-2">
        {order.map(({ layer, index }) => {
          const size = measure(layer);
          return (
            <li key={index}>
              <button
                type="button"
                aria-pressed={selected === index}
                aria-describedby="studio-layers-hint"
                onClick={() => onSelect(index)}
                onKeyDown={(event) => onKeyDown(index, event)}
                data-layer-index={index}
                className="flex min-h-11 w-full items-center rounded-lg wrap-anywhere border border-stone-300 bg-white px-3 py-2 text-left text-sm text-stone-900 hover:bg-stone-100 aria-pressed:border-brand-700 aria-pressed:bg-brand-50 aria-pressed:font-semibold"
              >
                {layerLabel(layer, size ? size.width : null)}
              </button>
            </li>
          );
        })}
      </ol>
    </>
  );
}
