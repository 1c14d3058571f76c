import { type ComponentType, useEffect, useState, useSyncExternalStore } from 'react';
import type { Toast, ToastStore, ToastType } from '#client/stores/toast-store.ts';
import { useToastStore } from './toast-context.tsx';
import { plainText, TOAST_LABELS, TOAST_STRIPES } from './toast-words.ts';

export { ToastProvider } from './toast-context.tsx';

const noToasts: readonly Toast[] = [];
/** The server shows no toasts, and hydration must render what it rendered; later ones follow at once. */
const serverSnapshot = () => noToasts;

/** Errors and warnings interrupt; the rest wait for the screen reader to finish what it is saying. */
const isUrgent = (type: ToastType) => type === 'error' || type === 'warning';

type Card = ComponentType<{ toast: Toast; store: ToastStore }>;

/**
 * The toast's words as plain text, when the card's code cannot be fetched: the connection is down (the
 * "You are offline" toast itself), or a deploy removed the chunk. Its countdown waits while the visitor is
 * on it, as the full card's does (WCAG 2.2.1).
 */
function PlainCard({ toast, store }: { toast: Toast; store: ToastStore }) {
  const pause = () => store.pause(toast.id);
  const resume = () => store.resume(toast.id);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only pause the countdown; the button is the control.
    <div
      className="pointer-events-auto relative flex items-start gap-3 overflow-hidden rounded-lg border border-stone-200 bg-white py-4 pr-4 pl-5 text-sm text-stone-900 shadow-lg"
      onMouseEnter={pause}
      onMouseLeave={resume}
      onFocus={pause}
      onBlur={resume}
    >
      <span aria-hidden="true" className={`absolute inset-y-0 left-0 w-1 ${TOAST_STRIPES[toast.type]}`} />
      <p className="min-w-0 flex-1 break-words">
        <span className="sr-only">{TOAST_LABELS[toast.type]}: </span>
        {plainText(toast.message)}
      </p>
      <button
        type="button"
        aria-label="Dismiss notification"
        onClick={() => store.remove(toast.id)}
        className="-m-1.5 size-8 shrink-0 rounded text-lg leading-none text-stone-600 hover:bg-stone-100"
      >
        ×
      </button>
    </div>
  );
}

let fullCard: Promise<Card> | undefined;
/** The full card's chunk, fetched once; a failed fetch is tried again at the next toast. */
function loadCard(): Promise<Card> {
  fullCard ??= import('./toast-card.tsx').then(
    (module) => module.ToastCard,
    (error: unknown) => {
      fullCard = undefined;
      throw error;
    },
  );
  return fullCard;
}

/** The card to show toasts with: none before the first toast, then the full one, or the plain one offline. */
function useCard(toasts: readonly Toast[]): Card | undefined {
  const [card, setCard] = useState<{ Card: Card; full: boolean }>();
  // Each new toast while only the plain card is here tries the full one again.
  const retry = card?.full ? undefined : toasts.at(-1)?.id;
  useEffect(() => {
    if (!retry) return;
    let current = true;
    // Offline, the fetch would only fail (and say so in the console): the plain card at once.
    const loaded = navigator.onLine ? loadCard() : Promise.reject(new Error('offline'));
    loaded.then(
      (Card) => {
        if (current) setCard({ Card, full: true });
      },
      () => {
        if (current) setCard({ Card: PlainCard, full: false });
      },
    );
    return () => {
      current = false;
    };
  }, [retry]);
  return card?.Card;
}

/**
 * The toast area at the bottom right. Both live regions are always rendered, server side too, because a
 * screen reader announces only what is added to a region it already knows about. The cards' code comes
 * with the first toast (toast-card.tsx), so no page carries it on its first load.
 */
export function ToastRegion() {
  const store = useToastStore();
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, serverSnapshot);
  const Card = useCard(toasts);
  const region = 'flex flex-col gap-2';
  const cards = (urgent: boolean) =>
    Card
      ? toasts
          .filter((toast) => isUrgent(toast.type) === urgent)
          .map((toast) => <Card key={toast.id} toast={toast} store={store} />)
      : null;
  return (
    <div className="pointer-events-none fixed inset-x-4 bottom-4 z-50 flex flex-col gap-2 sm:inset-x-auto sm:right-6 sm:bottom-6 sm:w-96">
      {/* Not atomic: only the toast just added is read, not every toast still on screen. */}
      <div role="status" aria-live="polite" aria-atomic="false" className={region}>
        {cards(false)}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="false" className={region}>
        {cards(true)}
      </div>
    </div>
  );
}
