import { z } from '#shared/zod.ts';

/** Field rules both forms share, with messages that say what to type rather than what failed. */

function limited(max: number) {
  return z
    .string({ error: 'Expected text.' })
    .trim()
    .max(max, `Keep this under ${max.toLocaleString('en-US')} characters.`);
}

/** A required text field: trimmed, with the message to show when it is empty and a length limit. */
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

export const nameField = requiredText(100, 'Tell us your name.');

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

export const phoneField = z.string({ error: phoneMessage }).trim().max(30, phoneMessage).refine(isPhone, phoneMessage);

export const optionalPhoneField = z
  .string({ error: phoneMessage })
  .trim()
  .max(30, phoneMessage)
  .refine((value) => value === '' || isPhone(value), phoneMessage)
  .optional()
  .transform((value) => (value ? value : undefined));
