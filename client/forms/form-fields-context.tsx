import { createContext, type ReactNode, useContext } from 'react';
import type { FieldErrors } from '#shared/submissions/form-values.ts';

/** How a form names the elements of a field: the control, its hint and its error message. */
export type FieldIdScheme = (name: string) => Omit<FieldIds, 'error'>;

interface FormFieldsContextValue {
  ids: FieldIdScheme;
  errors: FieldErrors;
}

const FormFieldsContext = createContext<FormFieldsContextValue>({
  ids: (name) => fieldIds('form', name),
  errors: {},
});

/**
 * Gives every field of a form its ids and its error, so a field needs only its name. The ids come from a
 * prefix that keeps them unique on a page ("quote-email", "contact-email"), or from a scheme of the
 * form's own (the calculators' "field-q", "hint-q", "error-q").
 */
export function FormFieldsProvider({
  errors,
  children,
  ...naming
}: { errors: FieldErrors; children: ReactNode } & ({ idPrefix: string } | { ids: FieldIdScheme })) {
  const ids = 'ids' in naming ? naming.ids : (name: string) => fieldIds(naming.idPrefix, name);
  return <FormFieldsContext value={{ ids, errors }}>{children}</FormFieldsContext>;
}

export interface FieldIds {
  id: string;
  hintId: string;
  errorId: string;
  error: string | undefined;
}

export function fieldIds(idPrefix: string, name: string): Omit<FieldIds, 'error'> {
  return { id: `${idPrefix}-${name}`, hintId: `${idPrefix}-${name}-hint`, errorId: `${idPrefix}-${name}-error` };
}

export function useFieldIds(name: string): FieldIds {
  const { ids, errors } = useContext(FormFieldsContext);
  return { ...ids(name), error: errors[name] };
}
