import { useState, useSyncExternalStore } from 'react';
import { useAppContext } from '#client/app-context.tsx';
import { createFlashStore, FLASH_DEFAULT_DURATION_MS, type FlashStore } from '#client/stores/flash-store.ts';
import { isBanner, type NoticeType } from '#shared/notices.ts';

const styles: Record<NoticeType, { box: string; label: string }> = {
  success: { box: 'border-green-700 bg-green-50 text-green-950', label: 'Success' },
  info: { box: 'border-sky-700 bg-sky-50 text-sky-950', label: 'Information' },
  warning: { box: 'border-amber-600 bg-amber-50 text-amber-950', label: 'Warning' },
  error: { box: 'border-red-700 bg-red-50 text-red-950', label: 'Error' },
};

/**
 * The page's flash as a store, one per render on the server and one in the browser; only the browser
 * counts it down, since a server timer would outlive the request for nothing. A message with a link (a
 * quote request's private page) stays until dismissed: it is there to be kept. A receipt (a reference)
 * is its confirmation page's to show, whole, and not a banner above it.
 */
function useFlashStore(): FlashStore {
  const { flash } = useAppContext().state;
  const [store] = useState(() => {
    const created = createFlashStore();
    if (isBanner(flash)) {
      const inBrowser = typeof window !== 'undefined';
      created.add({ ...flash, duration: inBrowser && !flash.link ? FLASH_DEFAULT_DURATION_MS : 0 });
    }
    return created;
  });
  return store;
}

/**
 * Flash messages, at the top of the page content. They are in the server's HTML, so a form posted without
 * JavaScript still shows its outcome; with JavaScript they go after 5000 ms or when dismissed.
 */
export function FlashNotices() {
  const flash = useFlashStore();
  const messages = useSyncExternalStore(flash.subscribe, flash.list, flash.list);
  if (messages.length === 0) return null;
  return (
    <div className="mx-auto max-w-6xl space-y-2 px-4 pt-6">
      {messages.map((message) => (
        <div
          key={message.id}
          data-testid="flash-message"
          role={message.type === 'error' || message.type === 'warning' ? 'alert' : 'status'}
          className={`flex items-start justify-between gap-4 rounded-xl border-l-4 px-4 py-3 shadow-sm ${styles[message.type].box}`}
        >
          <p>
            <span className="sr-only">{styles[message.type].label}: </span>
            {message.text}
            {message.link && (
              <>
                {' '}
                <a className="font-semibold break-all underline" href={message.link.href}>
                  {message.link.text}
                </a>
              </>
            )}
          </p>
          <button
            type="button"
            className="js-only -my-1 inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full hover:bg-black/5"
            onClick={() => flash.remove(message.id)}
          >
            <span className="sr-only">Dismiss message</span>
            <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
              <path d="M3 3l8 8M11 3l-8 8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      ))}
    </div>
  );
}
