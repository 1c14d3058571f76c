import { useEffect, useState } from 'react';
import { sanitizeHtml } from '#client/sanitize-html.ts';
import type { Toast, ToastStore, ToastType } from '#client/stores/toast-store.ts';
import { plainText, TOAST_LABELS, TOAST_STRIPES } from './toast-words.ts';

// A toast as the visitor sees it: its type's colour and icon, its message sanitized, a dismiss button.
// Loaded with the first toast (toast-region.tsx), not with the page.

type Content = { html: string } | { text: string };

/**
 * Nothing until the message is sanitized, so unsanitized markup never reaches the page. If DOMPurify
 * cannot be loaded (a chunk gone after a deploy, say), the words still get through, as plain text.
 */
function useSanitizedMessage(message: string): Content | null {
  const [content, setContent] = useState<{ message: string; content: Content } | null>(null);
  useEffect(() => {
    let current = true;
    sanitizeHtml(message).then(
      (html) => {
        if (current) setContent({ message, content: { html } });
      },
      () => {
        if (current) setContent({ message, content: { text: plainText(message) } });
      },
    );
    return () => {
      current = false;
    };
  }, [message]);
  return content?.message === message ? content.content : null;
}

const looks: Record<ToastType, { icon: string; path: string }> = {
  success: {
    icon: 'text-green-700',
    path: 'M9 12.75 11.25 15 15 9.75M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
  },
  info: {
    icon: 'text-sky-700',
    path: 'm11.25 11.25.041-.02a.75.75 0 0 1 1.063.852l-.708 2.836a.75.75 0 0 0 1.063.853l.041-.021M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Zm-9-3.75h.008v.008H12V8.25Z',
  },
  warning: {
    icon: 'text-amber-700',
    path: 'M12 9v3.75m-9.303 3.376c-.866 1.5.217 3.374 1.948 3.374h14.71c1.73 0 2.813-1.874 1.948-3.374L13.949 3.378c-.866-1.5-3.032-1.5-3.898 0L2.697 16.126ZM12 15.75h.007v.008H12v-.008Z',
  },
  error: {
    icon: 'text-red-700',
    path: 'M12 9v3.75m9-.75a9 9 0 1 1-18 0 9 9 0 0 1 18 0Zm-9 3.75h.008v.008H12v-.008Z',
  },
};

export function ToastCard({ toast, store }: { toast: Toast; store: ToastStore }) {
  const content = useSanitizedMessage(toast.message);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;
  useEffect(() => {
    // WCAG 2.2.1: the countdown waits while the visitor is reading or about to press the button.
    if (paused) store.pause(toast.id);
    else store.resume(toast.id);
  }, [paused, store, toast.id]);

  if (!content) return null;
  const look = looks[toast.type];
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only pause the countdown; the button is the control.
    <div
      className="pointer-events-auto relative flex items-start gap-3 overflow-hidden rounded-lg border border-stone-200 bg-white py-4 pr-4 pl-5 text-sm text-stone-900 shadow-lg transition duration-200 ease-out starting:opacity-0 motion-safe:starting:translate-y-2"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      <span aria-hidden="true" className={`absolute inset-y-0 left-0 w-1 ${TOAST_STRIPES[toast.type]}`} />
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.75}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={`size-5 shrink-0 ${look.icon}`}
      >
        <path d={look.path} />
      </svg>
      <p className="min-w-0 flex-1 break-words [&_a]:font-semibold [&_a]:underline [&_a]:underline-offset-2 [&_strong]:whitespace-nowrap">
        <span className="sr-only">{TOAST_LABELS[toast.type]}: </span>
        {'html' in content ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by sanitizeHtml with the shared allow-list before it gets here.
          <span dangerouslySetInnerHTML={{ __html: content.html }} />
        ) : (
          content.text
        )}
      </p>
      <button
        type="button"
        aria-label="Dismiss notification"
        onClick={() => store.remove(toast.id)}
        className="-m-1.5 inline-flex size-8 shrink-0 items-center justify-center rounded text-stone-600 hover:bg-stone-100 hover:text-stone-900"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinecap="round"
          className="size-4"
        >
          <path d="M6 18 18 6M6 6l12 12" />
        </svg>
      </button>
    </div>
  );
}
