import { describe, expect, it } from 'vitest';
import { z } from '#shared/zod.ts';
import { errorSummary, fieldErrorsOf, formValuesFrom, HONEYPOT_FIELD } from './form-values.ts';

describe('form values from a posted form', () => {
  it('keeps the text fields and drops the CSRF token and the honeypot', () => {
    const values = formValuesFrom([
      ['name', 'Ann'],
      ['_csrf', 'secret-token'],
      [HONEYPOT_FIELD, 'http://spam.example'],
      ['message', 'Hello'],
    ]);
    expect(values).toEqual({ name: 'Ann', message: 'Hello' });
  });

  it('turns numbers and booleans from a JSON client into their text', () => {
    expect(formValuesFrom(Object.entries({ qtyM: 24, darkGarment: true, loc1Colors: 0 }))).toEqual({
      qtyM: '24',
      darkGarment: 'true',
      loc1Colors: '0',
    });
  });

  it('drops files, lists, objects and empty values that are not text', () => {
    const values = formValuesFrom([
      ['artwork', new Blob(['png'])],
      ['tags', ['a', 'b']],
      ['nested', { name: 'x' }],
      ['nothing', null],
      ['missing', undefined],
      ['name', 'Ann'],
    ]);
    expect(values).toEqual({ name: 'Ann' });
  });

  it('cannot be made to change the prototype of the values', () => {
    const values = formValuesFrom(Object.entries(JSON.parse('{"__proto__": "x", "name": "Ann"}')));
    expect(Object.getPrototypeOf(values)).toBe(Object.prototype);
    expect(values).toEqual({ name: 'Ann' });
  });

  it('keeps at most 10,000 characters of a value when the form is shown again', () => {
    expect(formValuesFrom([['comments', 'x'.repeat(1024 * 1024)]]).comments).toHaveLength(10_000);
  });

  it('keeps the last of two fields of the same name', () => {
    expect(
      formValuesFrom([
        ['name', 'Ann'],
        ['name', 'Bob'],
      ]),
    ).toEqual({ name: 'Bob' });
  });
});

describe('field errors', () => {
  const schema = z.object({
    name: z.string().min(1, 'Tell us your name.').min(3, 'At least three letters.'),
    email: z.email('Enter an e-mail address.'),
  });

  it('gives the first message of each field, keyed by its name', () => {
    const result = schema.safeParse({ name: '', email: 'nope' });
    expect(result.success).toBe(false);
    expect(fieldErrorsOf(result.error as z.ZodError)).toEqual({
      name: 'Tell us your name.',
      email: 'Enter an e-mail address.',
    });
  });

  it('puts a problem with the whole form on "form"', () => {
    const result = schema.safeParse('not a form');
    expect(Object.keys(fieldErrorsOf(result.error as z.ZodError))).toEqual(['form']);
  });

  it('counts the fields that need attention above the form', () => {
    expect(errorSummary({ name: 'x' })).toBe('One field needs your attention.');
    expect(errorSummary({ name: 'x', email: 'y', phone: 'z' })).toBe('3 fields need your attention.');
  });
});
