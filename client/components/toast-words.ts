import type { ToastType } from '#client/stores/toast-store.ts';

/** What a screen reader hears before a toast's message: its type. */
export const TOAST_LABELS: Record<ToastType, string> = {
  success: 'Success',
  info: 'Information',
  warning: 'Warning',
  error: 'Error',
};

/** The coloured stripe on a toast's left edge, by type (the full card and the plain one alike). */
export const TOAST_STRIPES: Record<ToastType, string> = {
  success: 'bg-green-600',
  info: 'bg-sky-600',
  warning: 'bg-amber-600',
  error: 'bg-red-600',
};

/** A message's words without its markup. A template's content is inert, so parsing it there runs nothing. */
export function plainText(message: string): string {
  const template = document.createElement('template');
  template.innerHTML = message;
  return template.content.textContent ?? '';
}
