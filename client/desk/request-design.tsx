import type { DeskDesignLocation } from '#shared/desk-contract.ts';
import { Section } from './request-section.tsx';

// A block a finger can hit on a phone: the three downloads sit one under the other.
const linkClass = 'inline-block py-1 font-semibold underline';

/**
 * The design the customer made in the studio, per print location: what the press needs to know first (the
 * inks and screens), then the files it works from, drawn from the design when downloaded.
 */
export function DesignSection({ design }: { design: DeskDesignLocation[] }) {
  return (
    <Section id="design" title="Studio design">
      <ul className="grid gap-4 sm:grid-cols-2">
        {design.map((location) => (
          <li key={location.label} className="min-w-0 rounded border border-stone-200 p-3">
            <h3 className="font-semibold">{location.label}</h3>
            <p className="mt-1 text-stone-800" data-design-inks="">
              {location.sentence}
            </p>
            {location.inks.length > 0 ? (
              <p className="mt-1 text-sm text-stone-700">
                {/* What to mix: the sentence counts the inks, the press needs their names. */}
                Inks: {location.inks.join(', ')}
              </p>
            ) : null}
            {location.files.names ? (
              <p className="mt-1 text-sm text-stone-700">
                Each member’s name and number is printed from the names sheet, one page a member;{' '}
                {location.files.films ? 'the films carry the art every shirt shares.' : 'nothing else is printed here.'}
              </p>
            ) : null}
            <ul className="mt-2 text-sm">
              <li>
                {/* The shop's own edits (a text moved, an ink changed) are made where the customer made the design. */}
                <a className={linkClass} href={location.studio}>
                  Open in the studio<span className="sr-only"> ({location.label})</span>
                </a>
              </li>
              {location.files.svg && (
                <li>
                  <a className={linkClass} href={location.files.svg} download="">
                    Press file (SVG)
                  </a>
                </li>
              )}
              {location.files.pdf && (
                <li>
                  <a className={linkClass} href={location.files.pdf} download="">
                    Press file (PDF)
                  </a>
                </li>
              )}
              {location.files.films && (
                <li>
                  <a className={linkClass} href={location.files.films} download="">
                    Films (PDF, {location.films} {location.films === 1 ? 'film' : 'films'})
                  </a>
                </li>
              )}
              {location.files.names && (
                <li>
                  <a className={linkClass} href={location.files.names} download="">
                    Names and numbers (PDF, a page per member)
                  </a>
                </li>
              )}
            </ul>
          </li>
        ))}
      </ul>
    </Section>
  );
}
