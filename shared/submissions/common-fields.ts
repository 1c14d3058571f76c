import { z } from '#shared/zod.ts';
import { hasHiddenCharacters } from './hidden-characters.ts';

/** Field rules both forms share, with messages that say what to type rather than what failed. */

const oneLineMessage = 'Use one line of plain text: no line breaks or hidden control or direction characters.';
const isOneLine = (value: string) => !hasHiddenCharacters(value);

function limited(max: number) {
  return z
    .string({ error: 'Expected text.' })
    .trim()
    .max(max, `Keep this under ${max.toLocaleString('en-US')} characters.`);
}

/** Trimmed text that must not be empty; `missing` is the message for a blank or absent field. */
export function requiredText(max: number, missing: string) {
  return z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(max, `Keep this under ${max.toLocaleString('en-US')} characters.`);
}

/** Blank means "not given": stored as absent rather than as an empty string. */
export function optionalText(max: number) {
  return limited(max)
    .optional()
    .transform((value) => (value ? value : undefined));
}

/** As optionalText, for a one-line field (company, garment style and colour): no line breaks or hidden characters. */
export function optionalLineText(max: number) {
  return limited(max)
    .refine(isOneLine, oneLineMessage)
    .optional()
    .transform((value) => (value ? value : undefined));
}

/** The sender's name: required, at most 100 characters. */
export const nameField = requiredText(100, 'Tell us your name.').refine(isOneLine, oneLineMessage);

/** Required and trimmed; 254 characters is the longest address mail can deliver to. */
export const emailField = z
  .string({ error: 'Enter your e-mail address, such as name@example.com.' })
  .trim()
  .max(254, 'That e-mail address is too long.')
  .pipe(z.email('Enter an e-mail address such as name@example.com.'));

const phonePattern = /^\+?[\d\s().-]+$/;
const phoneMessage = 'Enter a phone number such as (555) 010-0123.';

function isPhone(value: string): boolean {
  const digits = value.replace(/\D/g, '').length;
  return phonePattern.test(value) && digits >= 10 && digits <= 15;
}

/** Required: digits with the usual separators and an optional leading '+', 10 to 15 digits in all. */
export const phoneField = z
  .string({ error: phoneMessage })
  .trim()
  .max(30, phoneMessage)
  .refine(isOneLine, { message: oneLineMessage, abort: true })
  .refine(isPhone, phoneMessage);

/** As phoneField, but blank is allowed and stored as absent. */
export const optionalPhoneField = z
  .string({ error: phoneMessage })
  .trim()
  .max(30, phoneMessage)
  .refine(isOneLine, { message: oneLineMessage, abort: true })
  .refine((value) => value === '' || isPhone(value), phoneMessage)
  .optional()
  .transform((value) => (value ? value : undefined));
