import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { filterInputValue, inputFilterKinds, isInputFilterKind } from './input-filter.ts';

// Typed text: mostly the characters the rules are about, with any code point mixed in.
const typed = fc.string({
  unit: fc.oneof(fc.constantFrom('.', '5', '-', 'x', ' '), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })),
});

describe('filterInputValue', () => {
  it('keeps only digits for numbers', () => {
    expect(filterInputValue('1a2 3-4.5', 'numbers')).toBe('12345');
    expect(filterInputValue('abc', 'numbers')).toBe('');
  });

  it('keeps digits and the first decimal point for decimals', () => {
    expect(filterInputValue('$12.50', 'decimals')).toBe('12.50');
    expect(filterInputValue('1.2.3', 'decimals')).toBe('1.23');
    expect(filterInputValue('..5', 'decimals')).toBe('.5');
    expect(filterInputValue('1,5', 'decimals')).toBe('15');
  });

  it('keeps letters, digits, dots and hyphens for alphanumeric', () => {
    expect(filterInputValue('AB-12.x y_z!', 'alphanumeric')).toBe('AB-12.xyz');
    expect(filterInputValue('a..b--c', 'alphanumeric')).toBe('a..b--c');
  });

  it('drops digits and letters from outside ASCII', () => {
    expect(filterInputValue('１２3', 'numbers')).toBe('3');
    expect(filterInputValue('٣4', 'decimals')).toBe('4');
    expect(filterInputValue('café-№5', 'alphanumeric')).toBe('caf-5');
  });

  it('filters the text before a caret into the start of the filtered whole, so the caret can be placed', () => {
    fc.assert(
      fc.property(typed, fc.nat(), fc.constantFrom(...inputFilterKinds), (value, cut, kind) => {
        const prefix = value.slice(0, cut % (value.length + 1));
        expect(filterInputValue(value, kind).startsWith(filterInputValue(prefix, kind))).toBe(true);
      }),
    );
  });

  it('changes nothing on a value it already filtered', () => {
    fc.assert(
      fc.property(typed, fc.constantFrom(...inputFilterKinds), (value, kind) => {
        const once = filterInputValue(value, kind);
        expect(filterInputValue(once, kind)).toBe(once);
      }),
    );
  });
});

describe('isInputFilterKind', () => {
  it('accepts the three kinds and nothing else', () => {
    expect(inputFilterKinds.every(isInputFilterKind)).toBe(true);
    expect(isInputFilterKind('digits')).toBe(false);
    expect(isInputFilterKind('Numbers')).toBe(false);
    expect(isInputFilterKind(undefined)).toBe(false);
  });
});
