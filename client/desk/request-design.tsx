import type { DeskDesignLocation } from '#shared/desk-contract.ts';
import { Section } from './request-section.tsx';

const linkClass = 'font-semibold underline';

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
            <ul className="mt-2 space-y-1 text-sm">
              <li>
                <a className={linkClass} href={location.files.svg} download="">
                  Press file (SVG)
                </a>
              </li>
              <li>
                <a className={linkClass} href={location.files.pdf} download="">
                  Press file (PDF)
                </a>
              </li>
              {location.files.films && (
                <li>
                  <a className={linkClass} href={location.files.films} download="">
                    Films (PDF, {location.films} {location.films === 1 ? 'film' : 'films'})
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
