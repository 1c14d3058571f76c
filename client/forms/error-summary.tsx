import type { MouseEvent, RefObject } from 'react';
import type { FieldErrors } from '#shared/submissions/form-values.ts';
import { fieldIds } from './form-fields-context.tsx';

/**
 * What went wrong, above the form: the sentence as a whole and each problem as a link to its field.
 * An alert, so it is read out when it appears; it takes focus when no single field is at fault.
 */
export function ErrorSummary({
  message,
  errors,
  idPrefix,
  labelOf,
  targetOf = (name) => name,
  summaryRef,
}: {
  message: string;
  errors: FieldErrors;
  idPrefix: string;
  /** "email" -> "E-mail": how the visitor knows the field. */
  labelOf: (name: string) => string;
  /** The field to jump to for an error that concerns a group ("sizes" -> "qtyXS"). */
  targetOf?: (name: string) => string;
  summaryRef: RefObject<HTMLDivElement | null>;
}) {
  const entries = Object.entries(errors);
  if (!message && entries.length === 0) return null;

  // Focus, not just scroll: the visitor lands in the field to fix. The router never sees the hash.
  const jump = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    const field = document.getElementById(id);
    if (!field) return;
    event.preventDefault();
    field.focus();
    field.scrollIntoView({ block: 'center' });
  };

  return (
    <div
      ref={summaryRef}
      role="alert"
      tabIndex={-1}
      data-testid="form-errors"
      className="scroll-mt-4 rounded-xl border-l-4 border-red-700 bg-red-50 px-4 py-3 text-red-950 focus:outline-none focus-visible:outline-2"
    >
      <p className="font-bold">{message}</p>
      {entries.length > 0 ? (
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
          {entries.map(([name, error]) => {
            const { id } = fieldIds(idPrefix, targetOf(name));
            return (
              <li key={name}>
                <a
                  href={`#${id}`}
                  onClick={(event) => jump(event, id)}
                  className="font-semibold underline underline-offset-2"
                >
                  {labelOf(name)}
                </a>
                : {error}
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
