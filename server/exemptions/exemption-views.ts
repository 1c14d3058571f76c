import type { CustomerPageExemption, DeskExemptionView } from '#shared/books/tax-exemption.ts';
import { certificateStatus, standingOf } from './exemption-standing.ts';
import type { StoredCertificate } from './exemption-store.ts';

/** The customer's certificates on their page, and the form's address, on the shop's `today`. */
export function customerExemptionView(
  certificates: readonly StoredCertificate[],
  page: { path: string; today: string },
): Omit<CustomerPageExemption, 'draft'> {
  return {
    standing: standingOf(certificates, page.today),
    certificates: certificates.map((certificate) => ({
      id: certificate.id,
      type: certificate.type,
      number: certificate.number,
      state: certificate.state,
      holder: certificate.holder,
      expiresOn: certificate.expiresOn,
      status: certificateStatus(certificate, page.today),
      ...(certificate.rejected ? { rejection: certificate.rejected.reason } : {}),
      file: `${page.path}/tax-exemption/${certificate.id}`,
    })),
    action: `${page.path}/tax-exemption`,
    today: page.today,
  };
}

/** The desk's section: every certificate of the customer with its file and, while unchecked, its forms. */
export function deskExemptionView(
  certificates: readonly StoredCertificate[],
  page: { reference: string; today: string },
): DeskExemptionView {
  const base = `/staff/requests/${page.reference}/exemptions`;
  return {
    standing: standingOf(certificates, page.today),
    certificates: certificates.map((certificate) => {
      const status = certificateStatus(certificate, page.today);
      const unchecked = !certificate.verified && !certificate.rejected;
      return {
        id: certificate.id,
        type: certificate.type,
        number: certificate.number,
        state: certificate.state,
        holder: certificate.holder,
        expiresOn: certificate.expiresOn,
        uploadedAt: certificate.uploadedAt.toISOString(),
        status,
        ...(certificate.verified
          ? { verified: { by: staffName(certificate.verified.by), at: certificate.verified.at.toISOString() } }
          : {}),
        ...(certificate.rejected
          ? {
              rejected: {
                by: staffName(certificate.rejected.by),
                at: certificate.rejected.at.toISOString(),
                reason: certificate.rejected.reason,
              },
            }
          : {}),
        file: `${base}/${certificate.id}/file`,
        // A lapsed certificate is not worth checking: the customer is asked for the current one. One
        // accepted can still be withdrawn (a mistake, a certificate its state revoked).
        ...(unchecked && status === 'pending'
          ? { verify: `${base}/${certificate.id}/verify`, reject: `${base}/${certificate.id}/reject` }
          : status === 'verified'
            ? { reject: `${base}/${certificate.id}/reject` }
            : {}),
      };
    }),
  };
}

/** "staff:owner@…" as the desk reads it: the address alone. */
function staffName(actor: string): string {
  return actor.replace(/^staff:/, '');
}
