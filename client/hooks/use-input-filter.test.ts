// @vitest-environment happy-dom
import { act, createElement, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { attachInputFilter, useInputFilter } from './use-input-filter.ts';

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(() => {
  document.body.replaceChildren();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

const nativeValueSetter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;

/**
 * Does what the browser does for an edit: changes the value underneath React (as the browser does),
 * places the caret after the inserted text, then fires `input`.
 */
function edit(input: HTMLInputElement, value: string, caret: number, init: InputEventInit = {}): void {
  nativeValueSetter?.call(input, value);
  input.setSelectionRange(caret, caret);
  input.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText', ...init }));
}

function paste(input: HTMLInputElement, text: string): void {
  const { value } = input;
  const start = input.selectionStart ?? value.length;
  const end = input.selectionEnd ?? start;
  const clipboardData = new DataTransfer();
  clipboardData.setData('text/plain', text);
  input.dispatchEvent(new ClipboardEvent('paste', { bubbles: true, cancelable: true, clipboardData }));
  edit(input, value.slice(0, start) + text + value.slice(end), start + text.length, {
    inputType: 'insertFromPaste',
  });
}

function mountInput(value = ''): HTMLInputElement {
  const input = document.createElement('input');
  input.value = value;
  document.body.append(input);
  input.focus();
  return input;
}

describe('attachInputFilter', () => {
  it('strips a disallowed keystroke and leaves the caret where it was', () => {
    const input = mountInput('12');
    attachInputFilter(input, 'numbers');
    edit(input, '1a2', 2, { data: 'a' });
    expect(input.value).toBe('12');
    expect([input.selectionStart, input.selectionEnd]).toEqual([1, 1]);
  });

  it('keeps an allowed keystroke untouched', () => {
    const input = mountInput('12');
    attachInputFilter(input, 'numbers');
    edit(input, '132', 2, { data: '3' });
    expect(input.value).toBe('132');
    expect(input.selectionStart).toBe(2);
  });

  it('strips a pasted text and puts the caret after the last character kept from it', () => {
    const input = mountInput('19');
    attachInputFilter(input, 'numbers');
    input.setSelectionRange(1, 1);
    paste(input, '(2) 3-4 ');
    expect(input.value).toBe('12349');
    expect(input.selectionStart).toBe(4);
  });

  it('drops a second decimal point typed into a decimal', () => {
    const input = mountInput('1.5');
    attachInputFilter(input, 'decimals');
    edit(input, '1.5.', 4, { data: '.' });
    expect(input.value).toBe('1.5');
    expect(input.selectionStart).toBe(3);
  });

  it('allows letters, digits, dots and hyphens for alphanumeric', () => {
    const input = mountInput();
    attachInputFilter(input, 'alphanumeric');
    paste(input, 'PO #12-3.b');
    expect(input.value).toBe('PO12-3.b');
  });

  it('filters the first input inside an element that is not an input', () => {
    const label = document.createElement('label');
    const first = document.createElement('input');
    const second = document.createElement('input');
    label.append('Quantity', first, second);
    document.body.append(label);
    attachInputFilter(label, 'numbers');
    edit(first, '4x', 2);
    edit(second, '4x', 2);
    expect(first.value).toBe('4');
    expect(second.value).toBe('4x');
  });

  it('stops filtering once cleaned up', () => {
    const input = mountInput();
    const cleanup = attachInputFilter(input, 'numbers');
    cleanup();
    edit(input, 'x', 1);
    expect(input.value).toBe('x');
  });

  it('leaves text alone while an IME composes it and filters it once committed', () => {
    const input = mountInput();
    attachInputFilter(input, 'alphanumeric');
    edit(input, 'ab c', 4, { isComposing: true, inputType: 'insertCompositionText' });
    expect(input.value).toBe('ab c');
    input.dispatchEvent(new CompositionEvent('compositionend', { bubbles: true, data: 'ab c' }));
    expect(input.value).toBe('abc');
  });

  it('warns the developer that an element without an input cannot be filtered', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const div = document.createElement('div');
    document.body.append(div);
    attachInputFilter(div, 'numbers');
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0]?.[0])).toContain('for input elements only');
  });

  it('warns the developer about an unknown kind and leaves the input unfiltered', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const input = mountInput();
    attachInputFilter(input, 'digits');
    edit(input, '1 a', 3);
    expect(input.value).toBe('1 a');
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0]?.[0])).toContain('Unknown filter kind "digits"');
  });

  it('says nothing in production', () => {
    vi.stubEnv('DEV', false);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const div = document.createElement('div');
    document.body.append(div);
    attachInputFilter(div, 'numbers');
    attachInputFilter(mountInput(), 'digits');
    expect(warn).not.toHaveBeenCalled();
  });
});

/** A quantity field as a page would have it: controlled, filtered through the label around it. */
function Quantity() {
  const [value, setValue] = useState('');
  return createElement(
    'label',
    { ref: useInputFilter('numbers') },
    'Quantity',
    createElement('input', { value, onChange: (event) => setValue(event.currentTarget.value) }),
    createElement('output', null, value),
  );
}

/** An uncontrolled code field, filtered with the kind it is given. */
function Code({ kind }: { kind?: string }) {
  return createElement('input', { ref: useInputFilter(kind), defaultValue: '' });
}

describe('useInputFilter', () => {
  function render(element: ReturnType<typeof createElement>): Root {
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    act(() => root.render(element));
    return root;
  }

  it('gives a controlled React input the filtered value, in its state as well as on screen', () => {
    const root = render(createElement(Quantity));
    const input = document.querySelector('input') as HTMLInputElement;
    const output = document.querySelector('output') as HTMLOutputElement;
    act(() => edit(input, '1', 1));
    act(() => edit(input, '1a', 2));
    expect([input.value, output.textContent]).toEqual(['1', '1']);
    act(() => paste(input, '2 x 3'));
    expect([input.value, output.textContent]).toEqual(['123', '123']);
    act(() => root.unmount());
  });

  it('gives a controlled React input the filtered text an IME committed', () => {
    const root = render(createElement(Quantity));
    const input = document.querySelector('input') as HTMLInputElement;
    const output = document.querySelector('output') as HTMLOutputElement;
    act(() => edit(input, '12 ', 3, { isComposing: true, inputType: 'insertCompositionText' }));
    act(() => {
      input.dispatchEvent(new CompositionEvent('compositionend', { bubbles: true, data: '12 ' }));
    });
    expect([input.value, output.textContent]).toEqual(['12', '12']);
    act(() => root.unmount());
  });

  it('filters alphanumeric by default and follows a change of kind', () => {
    const root = render(createElement(Code));
    const input = document.querySelector('input') as HTMLInputElement;
    act(() => edit(input, 'a#1', 3));
    expect(input.value).toBe('a1');
    act(() => root.render(createElement(Code, { kind: 'numbers' })));
    act(() => edit(input, 'a1b', 3));
    expect(input.value).toBe('1');
    act(() => root.unmount());
  });
});
