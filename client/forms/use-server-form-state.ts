import { useEffect, useState } from 'react';
import { useAppContext } from '#client/app-context.tsx';
import type { FormName, FormState } from '#shared/submissions/form-values.ts';

/** Forms already shown again; the app state outlives the page, and the answer belongs to one visit. */
const shown = new WeakSet<FormState>();

/**
 * The form the server re-rendered with the visitor's input and its errors (a post without JavaScript),
 * for the first time that form mounts only: coming back to the page later starts afresh.
 */
export function useServerFormState(name: FormName): FormState | null {
  const { state } = useAppContext();
  const [initial] = useState(() => (state.form?.form === name && !shown.has(state.form) ? state.form : null));
  useEffect(() => {
    if (state.form?.form === name) shown.add(state.form);
  }, [state.form, name]);
  return initial;
}
