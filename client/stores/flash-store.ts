import type { FlashLink } from '#shared/notices.ts';
import type { ToastType } from './toast-store.ts';

/** A flash message goes away on its own after this long unless told otherwise (0 or less: it stays). */
export const FLASH_DEFAULT_DURATION_MS = 5000;

/** The same four kinds as toasts, so a flash can be shown as one. */
type FlashType = ToastType;

interface FlashMessage {
  readonly id: string;
  readonly type: FlashType;
  /** Plain text, never HTML. */
  readonly text: string;
  /** Groups messages that belong to one thing (a form, say), so they can be found or cleared together. */
  readonly key?: string;
  /** A link the message offers (a path of this site). */
  readonly link?: FlashLink;
  /** Present while the message counts down to its removal. */
  readonly timeout?: ReturnType<typeof setTimeout>;
}

interface FlashInput {
  type: FlashType;
  text: string;
  key?: string;
  link?: FlashLink;
  /** Milliseconds before it goes away; 0 or less keeps it. Defaults to FLASH_DEFAULT_DURATION_MS. */
  duration?: number;
}

export interface FlashStore {
  /** Adds a message and returns its id; one with a key already in use takes the old message's place. */
  add(input: FlashInput): string;
  find(key: string): FlashMessage | undefined;
  remove(id: string): void;
  /** Removes every message with this key. */
  clearByKey(key: string): void;
  /** The same array until something changes, as useSyncExternalStore needs. */
  list(): readonly FlashMessage[];
  subscribe(listener: () => void): () => void;
}

export function createFlashStore(): FlashStore {
  let messages: readonly FlashMessage[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();

  const replace = (kept: readonly FlashMessage[]) => {
    for (const message of messages) if (!kept.includes(message)) clearTimeout(message.timeout);
    messages = kept;
    for (const listener of listeners) listener();
  };

  const store: FlashStore = {
    add({ type, text, key, link, duration = FLASH_DEFAULT_DURATION_MS }) {
      const id = `flash-${nextId++}`;
      const timeout = duration > 0 ? setTimeout(() => store.remove(id), duration) : undefined;
      const message: FlashMessage = {
        id,
        type,
        text,
        ...(key === undefined ? {} : { key }),
        ...(link === undefined ? {} : { link }),
        ...(timeout === undefined ? {} : { timeout }),
      };
      // In place rather than at the end, so a form's message does not jump about when it changes.
      const at = key === undefined ? -1 : messages.findIndex((old) => old.key === key);
      if (at === -1) replace([...messages, message]);
      else replace(messages.flatMap((old, index) => (index === at ? [message] : old.key === key ? [] : [old])));
      return id;
    },
    find: (key) => messages.find((message) => message.key === key),
    remove(id) {
      if (messages.some((message) => message.id === id)) replace(messages.filter((message) => message.id !== id));
    },
    clearByKey(key) {
      if (messages.some((message) => message.key === key)) replace(messages.filter((message) => message.key !== key));
    },
    list: () => messages,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return store;
}
