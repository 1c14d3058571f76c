import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore, TOAST_DEFAULT_DURATION_MS } from './toast-store.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const messages = (store: ReturnType<typeof createToastStore>) => store.getSnapshot().map((toast) => toast.message);

describe('toast store', () => {
  it('shows a toast as information unless told its type, and gives each its own id', () => {
    const store = createToastStore();
    const first = store.add('Saved');
    const second = store.add('<strong>Failed</strong>', 'error');
    expect(first).not.toBe(second);
    expect(store.getSnapshot()).toEqual([
      { id: first, message: 'Saved', type: 'info' },
      { id: second, message: '<strong>Failed</strong>', type: 'error' },
    ]);
  });

  it('takes a toast away after five seconds by default', () => {
    const store = createToastStore();
    store.add('Saved', 'success');
    vi.advanceTimersByTime(TOAST_DEFAULT_DURATION_MS - 1);
    expect(messages(store)).toEqual(['Saved']);
    vi.advanceTimersByTime(1);
    expect(messages(store)).toEqual([]);
    expect(TOAST_DEFAULT_DURATION_MS).toBe(5000);
  });

  it('honours a custom duration, and keeps a toast with none until it is dismissed', () => {
    const store = createToastStore();
    store.add('Short', 'info', { duration: 1000 });
    const sticky = store.add('Sticky', 'warning', { duration: 0 });
    store.add('Also sticky', 'warning', { duration: -1 });
    vi.advanceTimersByTime(1000);
    expect(messages(store)).toEqual(['Sticky', 'Also sticky']);
    vi.advanceTimersByTime(60_000);
    expect(messages(store)).toEqual(['Sticky', 'Also sticky']);
    store.remove(sticky);
    expect(messages(store)).toEqual(['Also sticky']);
  });

  it('forgets the timer of a toast the visitor dismissed', () => {
    const store = createToastStore();
    const id = store.add('Saved');
    store.remove(id);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('tells subscribers about changes and keeps the same snapshot otherwise', () => {
    const store = createToastStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const before = store.getSnapshot();
    expect(store.getSnapshot()).toBe(before);
    const id = store.add('Saved');
    expect(listener).toHaveBeenCalledTimes(1);
    store.remove('no-such-toast');
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.remove(id);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('stops the countdown while paused and resumes with the time that was left', () => {
    const store = createToastStore();
    const id = store.add('Saved');
    vi.advanceTimersByTime(3000);
    store.pause(id);
    store.pause(id);
    vi.advanceTimersByTime(60_000);
    expect(messages(store)).toEqual(['Saved']);
    store.resume(id);
    store.resume(id);
    vi.advanceTimersByTime(1999);
    expect(messages(store)).toEqual(['Saved']);
    vi.advanceTimersByTime(1);
    expect(messages(store)).toEqual([]);
  });

  it('ignores pause and resume for a toast that does not count down', () => {
    const store = createToastStore();
    const id = store.add('Sticky', 'error', { duration: 0 });
    store.pause(id);
    store.resume(id);
    vi.advanceTimersByTime(60_000);
    expect(messages(store)).toEqual(['Sticky']);
    expect(vi.getTimerCount()).toBe(0);
  });
});
