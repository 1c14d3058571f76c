import { useAppContext } from '#client/app-context.tsx';
import { CSRF_FIELD } from '#shared/csrf-contract.ts';
import { HONEYPOT_FIELD } from '#shared/submissions/form-values.ts';
import { SUBMISSION_KEY_FIELD } from '#shared/submissions/submission-key.ts';

/**
 * The hidden fields every form carries for the post without JavaScript: the CSRF token's field (empty
 * on the public pages, which hold no token: the browser's Sec-Fetch-Site or Origin vouches for such a
 * post; fetch sends the token as a header), the one-time submission key, and the honeypot, which people
 * never see and form-filling robots fill in.
 */
export function FormGuards({ idPrefix }: { idPrefix: string }) {
  const { csrfToken, submissionKey } = useAppContext();
  const honeypotId = `${idPrefix}-${HONEYPOT_FIELD}`;
  return (
    <>
      {/* The server writes it empty, the browser reads its cookie: they differ by design. */}
      <input type="hidden" name={CSRF_FIELD} value={csrfToken} suppressHydrationWarning />
      {/* A fresh key per page from the server; the script sends its own (use-form-submission). */}
      <input type="hidden" name={SUBMISSION_KEY_FIELD} value={submissionKey} suppressHydrationWarning />
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={honeypotId}>Leave this field empty</label>
        <input id={honeypotId} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
    </>
  );
}
