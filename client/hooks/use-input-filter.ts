import { type RefCallback, useCallback } from 'react';
import {
  defaultInputFilterKind,
  filterInputValue,
  type InputFilterKind,
  inputFilterKinds,
  isInputFilterKind,
} from '#shared/input-filter.ts';

// Problems here are the developer's, never the visitor's: warn in development, stay silent in production.
function warnDeveloper(message: string): void {
  if (import.meta.env.DEV) console.warn(`[input filter] ${message}`);
}

function isInput(element: Element): element is HTMLInputElement {
  return element.localName === 'input';
}

/**
 * Writes the value past the instance-level `value` property React puts on controlled inputs to track
 * what it last saw. React compares that record with the DOM when the `input` event reaches its root
 * listener: left alone, it still holds the value before the keystroke, so React reports the filtered
 * value through onChange (or nothing, when filtering undid the keystroke). Assigning `input.value`
 * would update the record too, React would see no change, and its state would keep the unfiltered text.
 */
function setNativeValue(input: HTMLInputElement, value: string): void {
  for (let proto = Object.getPrototypeOf(input); proto; proto = Object.getPrototypeOf(proto)) {
    const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
    if (setter) {
      setter.call(input, value);
      return;
    }
  }
  input.value = value;
}

function applyFilter(input: HTMLInputElement, kind: InputFilterKind): void {
  const { value } = input;
  const filtered = filterInputValue(value, kind);
  if (filtered === value) return;
  // Types such as email have no caret to read or place (null here, a throw from setSelectionRange).
  const caret = input.selectionStart;
  setNativeValue(input, filtered);
  if (caret === null) return;
  // The filter is prefix-stable: the kept characters before the caret are the filtered text before it.
  const position = filterInputValue(value.slice(0, caret), kind).length;
  input.setSelectionRange(position, position);
}

/**
 * Strips what `kind` disallows from an input as the visitor types, pastes or drops text; the visitor sees no
 * error message, the character just does not appear. `element` may be the input or anything holding one: the
 * first input inside is used. Returns the cleanup that removes the filter. A value set by the page itself is
 * left as it is.
 *
 * The filter runs on the native `input` event, after the browser has changed the value, instead of
 * cancelling `beforeinput`: that one event covers typing, paste, drop and autofill alike, and the edit
 * keeps the browser's own undo and selection handling. The listener sits on the input, so it runs
 * before React's listener on the root and React only ever sees the filtered value. Nothing is
 * re-dispatched for ordinary input: React reads the value the `input` event already carries to it.
 */
export function attachInputFilter(element: Element, kind: string): () => void {
  if (!isInputFilterKind(kind)) {
    warnDeveloper(`Unknown filter kind "${kind}": use one of ${inputFilterKinds.join(', ')}. Not filtering.`);
    return () => {};
  }
  const input = isInput(element) ? element : element.querySelector('input');
  if (!input) {
    warnDeveloper(`The filter is for input elements only, and <${element.localName}> has no input inside it.`);
    return () => {};
  }

  const onInput = (event: Event) => {
    // Rewriting the value mid-composition would break the IME; the committed text is filtered on compositionend.
    if ((event as InputEvent).isComposing) return;
    applyFilter(input, kind);
  };
  // The committed text arrives with no further input event, so one is sent through the usual path:
  // the filter runs, and React learns of the result the way it learns of any edit.
  const onCompositionEnd = () => {
    input.dispatchEvent(new Event('input', { bubbles: true }));
  };

  input.addEventListener('input', onInput);
  input.addEventListener('compositionend', onCompositionEnd);
  return () => {
    input.removeEventListener('input', onInput);
    input.removeEventListener('compositionend', onCompositionEnd);
  };
}

/**
 * A ref callback that filters the input it lands on (or the first input inside it):
 * `<input ref={useInputFilter('numbers')} />`. Alphanumeric is the default kind.
 * React 19 calls the returned cleanup when the element goes or the kind changes.
 */
export function useInputFilter(kind: string = defaultInputFilterKind): RefCallback<Element> {
  return useCallback((element: Element | null) => (element ? attachInputFilter(element, kind) : undefined), [kind]);
}
