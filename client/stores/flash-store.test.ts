import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFlashStore, FLASH_DEFAULT_DURATION_MS, type FlashStore } from './flash-store.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const texts = (store: FlashStore) => store.list().map((message) => message.text);

describe('flash store', () => {
  it('adds messages with their type, text and key, each with its own id', () => {
    const store = createFlashStore();
    const first = store.add({ type: 'success', text: 'Thanks, we got your message.', key: 'contact' });
    const second = store.add({ type: 'error', text: 'Could not load prices.' });
    expect(first).not.toBe(second);
    expect(store.list()).toMatchObject([
      { id: first, type: 'success', text: 'Thanks, we got your message.', key: 'contact' },
      { id: second, type: 'error', text: 'Could not load prices.' },
    ]);
    expect(store.list()[1]).not.toHaveProperty('key');
  });

  it('removes a message after five seconds by default, or after the duration given', () => {
    const store = createFlashStore();
    store.add({ type: 'info', text: 'Default' });
    store.add({ type: 'info', text: 'Quick', duration: 1000 });
    vi.advanceTimersByTime(1000);
    expect(texts(store)).toEqual(['Default']);
    vi.advanceTimersByTime(FLASH_DEFAULT_DURATION_MS - 1000);
    expect(texts(store)).toEqual([]);
    expect(FLASH_DEFAULT_DURATION_MS).toBe(5000);
  });

  it('keeps a message with a duration of 0 or less until it is removed', () => {
    const store = createFlashStore();
    const id = store.add({ type: 'warning', text: 'Stays', duration: 0 });
    store.add({ type: 'warning', text: 'Stays too', duration: -5 });
    vi.advanceTimersByTime(60_000);
    expect(texts(store)).toEqual(['Stays', 'Stays too']);
    expect(store.list()[0]?.timeout).toBeUndefined();
    store.remove(id);
    expect(texts(store)).toEqual(['Stays too']);
  });

  it('finds a message by key', () => {
    const store = createFlashStore();
    store.add({ type: 'info', text: 'Other' });
    store.add({ type: 'error', text: 'Check the e-mail address.', key: 'contact' });
    expect(store.find('contact')?.text).toBe('Check the e-mail address.');
    expect(store.find('quote')).toBeUndefined();
  });

  it('replaces the message with the same key in its place, and stops the old one’s timer', () => {
    const store = createFlashStore();
    store.add({ type: 'info', text: 'Before' });
    store.add({ type: 'error', text: 'Check the e-mail address.', key: 'contact', duration: 1000 });
    store.add({ type: 'info', text: 'After' });
    store.add({ type: 'success', text: 'Sent.', key: 'contact', duration: 0 });
    expect(texts(store)).toEqual(['Before', 'Sent.', 'After']);
    vi.advanceTimersByTime(1000);
    expect(store.find('contact')?.text).toBe('Sent.');
  });

  it('clears every message with a key and leaves the rest', () => {
    const store = createFlashStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.add({ type: 'info', text: 'Unrelated', key: 'quote' });
    store.add({ type: 'error', text: 'Contact problem', key: 'contact' });
    listener.mockClear();
    store.clearByKey('contact');
    expect(texts(store)).toEqual(['Unrelated']);
    expect(listener).toHaveBeenCalledTimes(1);
    store.clearByKey('contact');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('leaves no timers behind for messages that are gone', () => {
    const store = createFlashStore();
    const id = store.add({ type: 'info', text: 'One' });
    store.add({ type: 'info', text: 'Two', key: 'k' });
    store.remove(id);
    store.clearByKey('k');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps the same list until something changes, and stops telling a subscriber that left', () => {
    const store = createFlashStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const before = store.list();
    store.remove('no-such-id');
    expect(store.list()).toBe(before);
    expect(listener).not.toHaveBeenCalled();
    store.add({ type: 'info', text: 'Hi' });
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    vi.advanceTimersByTime(FLASH_DEFAULT_DURATION_MS);
    expect(store.list()).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
