import { hasHiddenCharacters } from '#shared/submissions/hidden-characters.ts';
import { z } from '#shared/zod.ts';
import { instantOf } from './zoned-time.ts';

/** The most entries a group takes, and one visitor's address; the print area's longest name and number. */
export const GROUP_LIMITS = { backName: 14, backNumber: 3, title: 80, note: 500, quantity: 20 } as const;

const oneLine = (max: number, missing?: string) => {
  const base = z
    .string({ error: missing ?? 'Expected text.' })
    .trim()
    .max(max, `Keep this under ${max + 1} characters.`)
    .refine((value) => !hasHiddenCharacters(value), 'Use one line of plain text: no line breaks or hidden characters.');
  return missing ? base.refine((value) => value.length > 0, missing) : base;
};
const checkbox = z
  .string()
  .optional()
  .transform((value) => value === 'on' || value === 'true' || value === '1');

/** The organiser's start form (also the deadline form, which sends `deadline` alone). */
export function startGroupSchema(timeZone: string, now: Date) {
  return z
    .object({
      title: oneLine(GROUP_LIMITS.title, 'Give the group a title, such as "Hornets U12 shirts".'),
      deadline: deadlineField(timeZone, now),
      asksNames: checkbox,
      asksNumbers: checkbox,
      allowRepeat: checkbox,
      note: z
        .string()
        .trim()
        .max(GROUP_LIMITS.note, `Keep the note under ${GROUP_LIMITS.note + 1} characters.`)
        .optional()
        .transform((value) => value ?? ''),
      payer: z
        .enum(['organiser', 'members'], { error: 'Choose who pays.' })
        .optional()
        .transform((value) => value ?? 'organiser'),
      price: z
        .string()
        .trim()
        .optional()
        .refine(
          (value) => !value || /^\d{1,4}(\.\d{1,2})?$/.test(value),
          'Write the price as dollars and cents, such as 14.50.',
        )
        .transform((value) => (value ? Math.round(Number(value) * 100) : null)),
    })
    .refine((value) => value.payer === 'organiser' || (value.price !== null && value.price > 0), {
      path: ['price'],
      message: 'Say what each person pays, or choose that you pay for everyone.',
    });
}

/** A date and time on the shop's clock, in the future. */
export function deadlineField(timeZone: string, now: Date) {
  return z.string({ error: 'Choose the last day and time to join.' }).transform((value, context) => {
    const instant = instantOf(value.trim(), timeZone);
    if (!instant) {
      context.addIssue({ code: 'custom', message: 'Choose the last day and time to join.' });
      return z.NEVER;
    }
    if (instant.getTime() <= now.getTime()) {
      context.addIssue({ code: 'custom', message: 'The deadline must be later than now.' });
      return z.NEVER;
    }
    return instant;
  });
}

/** One person's entry: their size from the garment's list, and a name and number when the group asks. */
export function entrySchema(options: {
  sizes: readonly string[];
  asksNames: boolean;
  asksNumbers: boolean;
  /** False for a person the organiser adds by hand: no address, as nothing is mailed to them. */
  asksEmail?: boolean;
}) {
  return z.object({
    name: oneLine(100, options.asksEmail === false ? 'Write their name.' : 'Write your name.'),
    email:
      options.asksEmail === false
        ? z
            .unknown()
            .optional()
            .transform(() => '')
        : z
            .string({ error: 'Write your e-mail address.' })
            .trim()
            .max(254, 'That e-mail address is too long.')
            .pipe(z.email('Write an e-mail address such as name@example.com.')),
    size: z
      .string({ error: 'Choose your size.' })
      .refine((value) => options.sizes.includes(value), 'Choose your size from the list.'),
    quantity: z
      .string()
      .optional()
      .transform((value) => (value === undefined || value.trim() === '' ? '1' : value.trim()))
      .refine((value) => /^\d{1,2}$/.test(value), 'Write how many, such as 1.')
      .transform(Number)
      .refine(
        (value) => value >= 1 && value <= GROUP_LIMITS.quantity,
        `Choose from 1 to ${GROUP_LIMITS.quantity} pieces.`,
      ),
    backName: options.asksNames
      ? oneLine(GROUP_LIMITS.backName).transform((value) => value.toUpperCase())
      : z
          .unknown()
          .optional()
          .transform(() => ''),
    backNumber: options.asksNumbers
      ? z
          .string()
          .trim()
          .optional()
          .transform((value) => value ?? '')
          .refine((value) => /^\d{0,3}$/.test(value), `A number of up to ${GROUP_LIMITS.backNumber} digits, such as 7.`)
      : z
          .unknown()
          .optional()
          .transform(() => ''),
  });
}

/** The first message of each field a parse refused, keyed by the field's name. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}
