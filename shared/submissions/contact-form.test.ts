import { describe, expect, it } from 'vitest';
import { contactFieldNames, contactSchema } from './contact-form.ts';
import { type FieldErrors, fieldErrorsOf } from './form-values.ts';

const ONE_LINE = 'Use one line of plain text: no line breaks or hidden control or direction characters.';
const valid = { name: 'Ann Example', email: 'ann@example.com', phone: '', message: 'Do you print on tote bags?' };

function refused(values: unknown): FieldErrors {
  const result = contactSchema.safeParse(values);
  if (result.success) throw new Error(`expected field errors, got ${JSON.stringify(result.data)}`);
  return fieldErrorsOf(result.error);
}

describe('contact message', () => {
  it('keeps a valid message, without the phone number left blank', () => {
    const result = contactSchema.parse({ ...valid, message: '  Hello  ' });
    expect(JSON.parse(JSON.stringify(result))).toEqual({
      name: 'Ann Example',
      email: 'ann@example.com',
      message: 'Hello',
    });
  });

  it('reports each missing required field on that field', () => {
    expect(refused({})).toEqual({
      name: 'Tell us your name.',
      email: 'Enter your e-mail address, such as name@example.com.',
      message: 'Tell us how we can help.',
    });
  });

  it('treats a message of spaces as missing', () => {
    expect(refused({ ...valid, message: ' \n\t ' }).message).toBe('Tell us how we can help.');
  });

  it.each([
    'Ann\r\nBcc: victim@example.com',
    'Ann\nExample',
    'Ann\u202Eelpmaxe',
    'Ann\u0000',
    'A\u200Bnn',
    'Ann\u0085x',
  ])('refuses control and format characters in the name (%j) with a field error', (name) => {
    expect(refused({ ...valid, name }).name).toBe(ONE_LINE);
  });

  it('refuses a line break or a direction override inside a phone number', () => {
    expect(refused({ ...valid, phone: '(555) 010-\r\n0123' }).phone).toBe(ONE_LINE);
    expect(refused({ ...valid, phone: '(555) 010-\u202E0123' }).phone).toBe(ONE_LINE);
  });

  it('keeps the joiners some scripts and emoji need, and multi-line text in the message', () => {
    expect(contactSchema.parse({ ...valid, name: 'Mi\u200Cnoo' }).name).toBe('Mi\u200Cnoo');
    expect(contactSchema.parse({ ...valid, message: 'Line one\nLine two' }).message).toBe('Line one\nLine two');
  });

  it('checks a phone number when one is given', () => {
    expect(refused({ ...valid, phone: '12345' }).phone).toBe('Enter a phone number such as (555) 010-0123.');
    expect(contactSchema.parse({ ...valid, phone: ' (555) 010-0123 ' }).phone).toBe('(555) 010-0123');
  });

  it('refuses an e-mail address without a domain', () => {
    expect(refused({ ...valid, email: 'ann@' }).email).toBe('Enter an e-mail address such as name@example.com.');
  });

  it('refuses 1 MB fields with the length message', () => {
    const megabyte = 'x'.repeat(1024 * 1024);
    expect(refused({ name: megabyte, email: megabyte, phone: megabyte, message: megabyte })).toEqual({
      name: 'Keep this under 100 characters.',
      email: 'That e-mail address is too long.',
      phone: 'Enter a phone number such as (555) 010-0123.',
      message: 'Keep this under 5,000 characters.',
    });
  });

  it('refuses numbers and lists in place of text, on their field', () => {
    expect(Object.keys(refused({ ...valid, name: 42, message: ['a', 'b'] })).sort()).toEqual(['message', 'name']);
  });

  it('names the fields it reads', () => {
    expect([...contactFieldNames].sort()).toEqual(Object.keys(contactSchema.shape).sort());
  });
});
