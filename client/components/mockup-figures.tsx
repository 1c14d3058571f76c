import type { MockupView } from '#shared/garments/mockup-view.ts';

/**
 * The request's mockups: each picture with the sizes of its prints in inches, and what was done to the
 * files (a first frame, a converted colour space, a resolution too low to print well), said in words.
 */
export function MockupFigures({ mockups }: { mockups: readonly MockupView[] }) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      {mockups.map((mockup) => (
        <figure key={mockup.view} className="min-w-0" data-testid={`mockup-${mockup.view}`}>
          <img
            src={mockup.src}
            alt={mockup.alt}
            width={900}
            height={1050}
            loading="lazy"
            className="h-auto w-full rounded-lg border border-stone-200 bg-stone-100"
          />
          <figcaption className="mt-2 text-sm text-stone-700">
            <span className="font-semibold">{mockup.view === 'front' ? 'Front view' : 'Back view'}</span>
            <ul className="mt-1 space-y-1">
              {mockup.prints.map((print) => (
                <li key={print.text}>
                  {print.text}
                  {print.notes.map((note) => (
                    <span key={note} className={`block ${print.lowResolution ? 'text-amber-900' : 'text-stone-600'}`}>
                      {note}
                    </span>
                  ))}
                </li>
              ))}
            </ul>
          </figcaption>
        </figure>
      ))}
    </div>
  );
}
