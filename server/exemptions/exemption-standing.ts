import type { CertificateStatus, ExemptionStanding } from '#shared/books/tax-exemption.ts';
import type { StoredCertificate } from './exemption-store.ts';

/** Where one certificate is on `day` (YYYY-MM-DD): a refusal is final; past its last day it has expired. */
export function certificateStatus(certificate: StoredCertificate, day: string): CertificateStatus {
  if (certificate.rejected) return 'rejected';
  if (certificate.expiresOn < day) return 'expired';
  return certificate.verified ? 'verified' : 'pending';
}

/** Only the facts the standing carries, without the desk's own details. */
function factsOf(certificate: StoredCertificate) {
  const { id, type, number, state, holder, expiresOn, verifiedOn } = certificate;
  return { id, type, number, state, holder, expiresOn, ...(verifiedOn ? { verifiedOn } : {}) };
}

/**
 * The customer's standing on `day`, from their certificates newest first: the newest verified one still
 * valid takes the tax off; otherwise the newest one waiting for the check, or verified and expired, says
 * why tax is charged (a renewal sent after the old one lapsed is what the desk must look at). One never
 * checked that has lapsed, or one turned down, changes nothing.
 */
export function standingOf(certificates: readonly StoredCertificate[], day: string): ExemptionStanding {
  const valid = certificates.find((certificate) => certificateStatus(certificate, day) === 'verified');
  if (valid) return { kind: 'verified', certificate: factsOf(valid) };
  for (const certificate of certificates) {
    const status = certificateStatus(certificate, day);
    if (status === 'pending') return { kind: 'pending', certificate: factsOf(certificate) };
    if (status === 'expired' && certificate.verified) return { kind: 'expired', certificate: factsOf(certificate) };
  }
  return { kind: 'none' };
}
