import { formatDay } from '#shared/desk-format.ts';

/*
 * A customer's sales-tax exemption or resale certificate, as the desk, the customer's page, the quote
 * and the invoice word it. The exemptions feature (server/exemptions/) keeps the certificates and
 * answers with these shapes; the tax on a quote asks it for the standing on the day the quote is sent.
 */

/** The two kinds of paper that take sales tax off: a tax-exempt organisation's, or a reseller's. */
export const CERTIFICATE_TYPES = ['exemption', 'resale'] as const;
export type CertificateType = (typeof CERTIFICATE_TYPES)[number];

/** The longest certificate number and organisation name the form takes. */
export const CERTIFICATE_LIMITS = { number: 40, holder: 120 } as const;

/** One certificate as the standing and the invoice need it. Days are YYYY-MM-DD. */
export interface CertificateFacts {
  id: number;
  type: CertificateType;
  number: string;
  /** The issuing state, by its name ("Illinois"). */
  state: string;
  /** The organisation the certificate is issued to. */
  holder: string;
  expiresOn: string;
  /** The day the shop checked it, in the shop's time zone. */
  verifiedOn?: string;
}

/**
 * Where a customer stands on a day: a verified certificate valid that day takes the tax off; an expired
 * one, or one the shop has not checked yet, leaves it on.
 */
export type ExemptionStanding =
  | { kind: 'none' }
  | { kind: 'pending'; certificate: CertificateFacts }
  | { kind: 'verified'; certificate: CertificateFacts }
  | { kind: 'expired'; certificate: CertificateFacts };

/** The certificate in a phrase: "exemption certificate 12-345 (Illinois), Lincoln High, valid until 2027-06-30". */
export function certificateWords(certificate: CertificateFacts): string {
  return `${certificate.type} certificate ${certificate.number} (${certificate.state}), ${certificate.holder}, valid until ${certificate.expiresOn}`;
}

/** The line an invoice or a quote carries to say why there is no sales tax on it. */
export function exemptionWords(certificate: CertificateFacts): string {
  return `Exempt from sales tax: ${certificateWords(certificate)}.`;
}

/** What the desk must hear before a quote goes out, or undefined when the standing changes nothing. */
export function exemptionWarning(standing: ExemptionStanding): string | undefined {
  if (standing.kind === 'expired')
    return `The exemption certificate expired on ${formatDay(standing.certificate.expiresOn)}: sales tax will be charged on this quote.`;
  if (standing.kind === 'pending') return 'Verify the certificate before sending the quote, or tax will be charged.';
  return undefined;
}

/** Where one certificate is in the shop's check, as its row says on a day. */
export type CertificateStatus = 'pending' | 'verified' | 'rejected' | 'expired';

/** The fields of the certificate form as typed, given back when the form is refused. */
export interface CertificateDraft {
  type: string;
  number: string;
  state: string;
  holder: string;
  expiresOn: string;
}

/** A certificate as both pages list it: what it says, and where it is in the shop's check that day. */
interface CertificateListing {
  id: number;
  type: CertificateType;
  number: string;
  state: string;
  holder: string;
  expiresOn: string;
  status: CertificateStatus;
}

/** The certificate section of the customer's page: their standing, what they sent, the form to send one. */
export interface CustomerPageExemption {
  standing: ExemptionStanding;
  /** Their certificates, newest first: where each one is, and its file (the customer's own address). */
  certificates: (CertificateListing & {
    /** Why the shop turned it down. */
    rejection?: string;
    file: string;
  })[];
  /** Where the form posts. */
  action: string;
  /** The fields as typed, when the form was refused (a file is never kept). */
  draft?: CertificateDraft;
  /** The shop's today (YYYY-MM-DD): the earliest expiry the form takes. */
  today: string;
}

/** The tax exemption section of the desk's request page. */
export interface DeskExemptionView {
  standing: ExemptionStanding;
  /** Every certificate the customer (by e-mail) sent, newest first, with the desk's forms. */
  certificates: (CertificateListing & {
    uploadedAt: string;
    /** Who checked it and when (ISO time), or who turned it down and why. */
    verified?: { by: string; at: string };
    rejected?: { by: string; at: string; reason: string };
    /** The file, staff only. */
    file: string;
    /** Where Verify posts, while the certificate waits for the check; Reject (or Withdraw, once verified). */
    verify?: string;
    reject?: string;
  })[];
}

/** The states (and the District of Columbia) a certificate may be issued by, as the form lists them. */
export const ISSUING_STATES = [
  'Alabama',
  'Alaska',
  'Arizona',
  'Arkansas',
  'California',
  'Colorado',
  'Connecticut',
  'Delaware',
  'District of Columbia',
  'Florida',
  'Georgia',
  'Hawaii',
  'Idaho',
  'Illinois',
  'Indiana',
  'Iowa',
  'Kansas',
  'Kentucky',
  'Louisiana',
  'Maine',
  'Maryland',
  'Massachusetts',
  'Michigan',
  'Minnesota',
  'Mississippi',
  'Missouri',
  'Montana',
  'Nebraska',
  'Nevada',
  'New Hampshire',
  'New Jersey',
  'New Mexico',
  'New York',
  'North Carolina',
  'North Dakota',
  'Ohio',
  'Oklahoma',
  'Oregon',
  'Pennsylvania',
  'Rhode Island',
  'South Carolina',
  'South Dakota',
  'Tennessee',
  'Texas',
  'Utah',
  'Vermont',
  'Virginia',
  'Washington',
  'West Virginia',
  'Wisconsin',
  'Wyoming',
] as const;
