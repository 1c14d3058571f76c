import type { NoticeType } from '#shared/notices.ts';

/** A toast goes away on its own after this long unless told otherwise, or when the visitor dismisses it. */
export const TOAST_DEFAULT_DURATION_MS = 5000;

export type ToastType = NoticeType;

export interface Toast {
  readonly id: string;
  /** HTML; whoever shows it sanitizes it first (client/sanitize-html.ts). */
  readonly message: string;
  readonly type: ToastType;
}

interface ToastOptions {
  /** Milliseconds before it goes away; 0 or less keeps it until dismissed. */
  duration?: number;
}

export interface ToastStore {
  /** Shows a toast and returns its id. */
  add(message: string, type?: ToastType, options?: ToastOptions): string;
  remove(id: string): void;
  /** Stops the countdown while the reader is on the toast (WCAG 2.2.1); idempotent. */
  pause(id: string): void;
  /** Restarts the countdown with the time that was left; idempotent. */
  resume(id: string): void;
  /** The same array until something changes, as useSyncExternalStore needs. */
  getSnapshot(): readonly Toast[];
  subscribe(listener: () => void): () => void;
}

interface Countdown {
  /** Time left when the timer last started or paused. */
  remaining: number;
  startedAt: number;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/** One store per app in the browser; the server renders no toasts, so it needs none of its own. */
export function createToastStore(): ToastStore {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const countdowns = new Map<string, Countdown>();
  const listeners = new Set<() => void>();

  const notify = () => {
    for (const listener of listeners) listener();
  };

  const start = (id: string, countdown: Countdown) => {
    countdown.startedAt = Date.now();
    countdown.timer = setTimeout(() => store.remove(id), countdown.remaining);
  };

  const store: ToastStore = {
    add(message, type = 'info', { duration = TOAST_DEFAULT_DURATION_MS } = {}) {
      const id = `toast-${nextId++}`;
      toasts = [...toasts, { id, message, type }];
      if (duration > 0) {
        const countdown: Countdown = { remaining: duration, startedAt: 0, timer: undefined };
        countdowns.set(id, countdown);
        start(id, countdown);
      }
      notify();
      return id;
    },
    remove(id) {
      clearTimeout(countdowns.get(id)?.timer);
      countdowns.delete(id);
      const kept = toasts.filter((toast) => toast.id !== id);
      if (kept.length === toasts.length) return;
      toasts = kept;
      notify();
    },
    pause(id) {
      const countdown = countdowns.get(id);
      if (!countdown?.timer) return;
      clearTimeout(countdown.timer);
      countdown.timer = undefined;
      countdown.remaining = Math.max(0, countdown.remaining - (Date.now() - countdown.startedAt));
    },
    resume(id) {
      const countdown = countdowns.get(id);
      if (!countdown || countdown.timer) return;
      start(id, countdown);
    },
    getSnapshot: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return store;
}
