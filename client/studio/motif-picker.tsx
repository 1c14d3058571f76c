import { useId, useState } from 'react';
import { MOTIF_GRID, MOTIF_STROKE_UNITS } from '#shared/studio/motif-shape.ts';
import { motifShapes } from '#shared/studio/motif-shapes.ts';
import { type Motif, searchMotifs } from '#shared/studio/motifs.ts';
import { fieldClass } from './studio-fields.tsx';

/** Enough to choose from on a phone without a long scroll; the search narrows the rest. */
const SHOWN = 12;

function MotifIcon({ id }: { id: string }) {
  const shape = motifShapes[id];
  if (!shape) return null;
  return (
    <svg viewBox={`0 0 ${MOTIF_GRID} ${MOTIF_GRID}`} aria-hidden="true" className="size-8 shrink-0">
      {shape.paths.map((d) => (
        <path
          key={d}
          d={d}
          fill={shape.stroke ? 'none' : 'currentColor'}
          stroke={shape.stroke ? 'currentColor' : undefined}
          strokeWidth={shape.stroke ? MOTIF_STROKE_UNITS : undefined}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      ))}
    </svg>
  );
}

/** The motifs found by name or subject, each a button that adds it to the design. */
export function MotifPicker({ onAdd }: { onAdd: (motif: Motif) => void }) {
  const id = useId();
  const [query, setQuery] = useState('');
  const found = searchMotifs(query);
  const shown = found.slice(0, SHOWN);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-stone-800">
        Search motifs
      </label>
      <input
        id={id}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        aria-describedby={`${id}-count`}
        placeholder="basketball, star, paw…"
        className={fieldClass}
      />
      <p id={`${id}-count`} className="mt-1 text-sm text-stone-600" aria-live="polite">
        {found.length === 0
          ? 'No motif found: try another word.'
          : found.length > SHOWN
            ? `${found.length} motifs found, the first ${SHOWN} shown: type more to narrow them.`
            : `${found.length} ${found.length === 1 ? 'motif' : 'motifs'} found.`}
      </p>
      <ul aria-label="Motifs found" className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
        {shown.map((motif) => (
          <li key={motif.id}>
            <button
              type="button"
              onClick={() => onAdd(motif)}
              className="flex min-h-11 w-full items-center gap-2 rounded-lg border border-stone-300 bg-white px-2 py-1 text-left text-sm text-stone-900 hover:bg-stone-100"
            >
              <MotifIcon id={motif.id} />
              <span>
                <span className="sr-only">Add </span>
                {motif.name}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
