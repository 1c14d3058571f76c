/** What a layer can be told, each a button: the keyboard reaches them all, and a tap does on a phone. */
export type LayerAction = 'centre' | 'forward' | 'backward' | 'duplicate' | 'delete';

const button =
  'min-h-11 rounded-full border border-stone-300 bg-white px-3 text-sm font-semibold text-stone-900 hover:bg-stone-100';

const actions: { action: LayerAction; label: string }[] = [
  { action: 'centre', label: 'Centre across' },
  { action: 'forward', label: 'Bring forward' },
  { action: 'backward', label: 'Send backward' },
  { action: 'duplicate', label: 'Duplicate' },
  { action: 'delete', label: 'Delete' },
];

const nudges: { label: string; dx: number; dy: number; text: string }[] = [
  { label: 'Move left 0.1 in', dx: -0.1, dy: 0, text: '←' },
  { label: 'Move up 0.1 in', dx: 0, dy: -0.1, text: '↑' },
  { label: 'Move down 0.1 in', dx: 0, dy: 0.1, text: '↓' },
  { label: 'Move right 0.1 in', dx: 0.1, dy: 0, text: '→' },
];

export function LayerActions({
  onAction,
  onMove,
}: {
  onAction: (action: LayerAction) => void;
  onMove: (dx: number, dy: number) => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {actions.map(({ action, label }) => (
        <button key={action} type="button" onClick={() => onAction(action)} className={button}>
          {label}
        </button>
      ))}
      <fieldset className="flex gap-1">
        <legend className="sr-only">Nudge</legend>
        {nudges.map((nudge) => (
          <button
            key={nudge.label}
            type="button"
            aria-label={nudge.label}
            onClick={() => onMove(nudge.dx, nudge.dy)}
            className={`${button} min-w-11 px-0`}
          >
            {nudge.text}
          </button>
        ))}
      </fieldset>
    </div>
  );
}
