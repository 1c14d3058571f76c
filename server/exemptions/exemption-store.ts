import type { Kysely } from 'kysely';
import type { Actor } from '#server/storage/activity.ts';
import type { StorageDatabase, StoredFile } from '#server/storage/schema.ts';
import type { CertificateFacts, CertificateType, ExemptionStanding } from '#shared/books/tax-exemption.ts';

/** A certificate as kept: its facts, when it came, and the desk's check. */
export interface StoredCertificate extends CertificateFacts {
  uploadedAt: Date;
  verified?: { at: Date; by: string };
  rejected?: { at: Date; by: string; reason: string };
  /** The file's name and type, for its link (the bytes are read on their own). */
  fileName: string;
  mediaType: string;
}

/** A certificate the customer sends from their page, its file already checked to be a PDF, PNG or JPEG. */
export interface NewCertificate {
  type: CertificateType;
  number: string;
  state: string;
  holder: string;
  expiresOn: string;
  file: StoredFile;
}

/** The desk's check: done, no such certificate of this request's customer, or already checked or refused. */
export type CheckOutcome = 'done' | 'missing' | 'already-checked';

/**
 * The sales-tax certificates, kept by the customer's lower-cased e-mail (a school sends many requests
 * under one certificate); each arrival and check is logged on the request it came through.
 */
export interface ExemptionStore {
  /** The customer's standing on `day` (YYYY-MM-DD, the shop's time zone): what the quote's tax follows. */
  exemptionOf(email: string, day: string): Promise<ExemptionStanding>;
  /** Every certificate the customer sent, newest first. */
  certificatesOf(email: string): Promise<StoredCertificate[]>;
  /** The certificates sent with this request, newest first: all its customer's page shows. */
  certificatesSentWith(reference: string): Promise<StoredCertificate[]>;
  /** Keeps a certificate sent through the request's page; undefined when there is no such request. */
  addCertificate(reference: string, certificate: NewCertificate): Promise<number | undefined>;
  /** The desk accepts the certificate, on the shop's `day`. */
  verifyCertificate(reference: string, id: number, check: { actor: Actor; day: string }): Promise<CheckOutcome>;
  /** The desk turns the certificate down, or withdraws its acceptance, saying why. */
  rejectCertificate(reference: string, id: number, check: { actor: Actor; reason: string }): Promise<CheckOutcome>;
  /**
   * The certificate's file, when it belongs to the request's customer (the desk's view), or with `sentWith`
   * only when it was sent with this very request (the customer's page).
   */
  certificateFile(reference: string, id: number, only?: { sentWith?: boolean }): Promise<StoredFile | undefined>;
}

/**
 * What the privacy purge runs in its transaction after it deleted requests: a certificate goes with the
 * last request of its customer, and stays while any request of theirs is kept.
 */
export interface ExemptionForgetStep {
  forget(trx: Kysely<StorageDatabase>, emails: readonly string[]): Promise<void>;
}
