import {
  CERTIFICATE_LIMITS,
  CERTIFICATE_TYPES,
  type CertificateDraft,
  type CertificateType,
  ISSUING_STATES,
} from '#shared/books/tax-exemption.ts';
import { isRecord } from '#shared/is-record.ts';
import { isRealDate } from '#shared/submissions/quote-fields.ts';
import { z } from '#shared/zod.ts';

/** The file input's name on the certificate form. */
export const CERTIFICATE_FIELD = 'certificate';

/** A certificate's validity is counted in years; beyond this, the date was mistyped. */
const MAX_YEARS_AHEAD = 20;

/** The fields as typed, trimmed, for the form given back. */
export function draftOf(body: unknown): CertificateDraft {
  const field = (name: string) => {
    const value = isRecord(body) ? body[name] : undefined;
    return typeof value === 'string' ? value.trim().slice(0, 200) : '';
  };
  return {
    type: field('type'),
    number: field('number'),
    state: field('state'),
    holder: field('holder'),
    expiresOn: field('expiresOn'),
  };
}

function schemaFor(today: string) {
  const latest = `${Number(today.slice(0, 4)) + MAX_YEARS_AHEAD}${today.slice(4)}`;
  return z.object({
    type: z.enum(CERTIFICATE_TYPES, { error: 'Choose whether it is an exemption or a resale certificate.' }),
    number: z
      .string()
      .min(1, 'Type the certificate number as it is printed on it.')
      .max(CERTIFICATE_LIMITS.number, `The certificate number is at most ${CERTIFICATE_LIMITS.number} characters.`)
      .regex(
        /^[A-Za-z0-9][A-Za-z0-9 ./-]*$/,
        'The certificate number takes letters, digits, spaces, dots, dashes and slashes.',
      ),
    state: z.enum(ISSUING_STATES, { error: 'Choose the state that issued the certificate.' }),
    holder: z
      .string()
      .min(1, 'Type the name of the organisation the certificate is issued to.')
      .max(CERTIFICATE_LIMITS.holder, `The organisation’s name is at most ${CERTIFICATE_LIMITS.holder} characters.`),
    expiresOn: z
      .string()
      .refine(isRealDate, 'Give the expiry date as a day (YYYY-MM-DD).')
      .refine((day) => day >= today, 'This certificate has expired: send the current one.')
      .refine((day) => day <= latest, `The expiry date is more than ${MAX_YEARS_AHEAD} years away: check it.`),
  });
}

/** The certificate's fields, checked on the shop's `today`, or the first reason they are refused. */
export function readCertificateForm(
  draft: CertificateDraft,
  today: string,
):
  | { ok: true; fields: { type: CertificateType; number: string; state: string; holder: string; expiresOn: string } }
  | { ok: false; problem: string } {
  const parsed = schemaFor(today).safeParse(draft);
  if (!parsed.success) return { ok: false, problem: parsed.error.issues[0]?.message ?? 'Check the form.' };
  return { ok: true, fields: parsed.data };
}
