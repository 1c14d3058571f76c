import { useAppContext } from '#client/app-context.tsx';
import { HONEYPOT_FIELD } from '#shared/submissions/form-values.ts';

/**
 * The hidden fields every form carries for the post without JavaScript: the CSRF token (fetch sends it
 * as a header instead) and the honeypot, which people never see and form-filling robots fill in.
 */
export function FormGuards({ idPrefix }: { idPrefix: string }) {
  const { csrfToken } = useAppContext();
  const honeypotId = `${idPrefix}-${HONEYPOT_FIELD}`;
  return (
    <>
      {/* The server writes a per-request placeholder, the browser reads its cookie: they differ by design. */}
      <input type="hidden" name="_csrf" value={csrfToken} suppressHydrationWarning />
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={honeypotId}>Leave this field empty</label>
        <input id={honeypotId} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
    </>
  );
}
