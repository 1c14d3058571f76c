import type { ToastType } from '#client/stores/toast-store.ts';

/** What a screen reader hears before a toast's message: its type. */
export const TOAST_LABELS: Record<ToastType, string> = {
  success: 'Success',
  info: 'Information',
  warning: 'Warning',
  error: 'Error',
};

/** A message's words without its markup. A template's content is inert, so parsing it there runs nothing. */
export function plainText(message: string): string {
  const template = document.createElement('template');
  template.innerHTML = message;
  return template.content.textContent ?? '';
}
