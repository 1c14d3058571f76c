import { createContext, type ReactNode, useContext } from 'react';
import type { FieldErrors } from '#shared/submissions/form-values.ts';

interface FormFieldsContextValue {
  /** Keeps ids unique on a page: "quote-email", "contact-email". */
  idPrefix: string;
  errors: FieldErrors;
}

const FormFieldsContext = createContext<FormFieldsContextValue>({ idPrefix: 'form', errors: {} });

/** Gives every field of a form its ids and its error, so a field needs only its name. */
export function FormFieldsProvider({ idPrefix, errors, children }: FormFieldsContextValue & { children: ReactNode }) {
  return <FormFieldsContext value={{ idPrefix, errors }}>{children}</FormFieldsContext>;
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
  const { idPrefix, errors } = useContext(FormFieldsContext);
  return { ...fieldIds(idPrefix, name), error: errors[name] };
}

export function useFormErrors(): FieldErrors {
  return useContext(FormFieldsContext).errors;
}
