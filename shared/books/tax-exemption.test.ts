import { describe, expect, it } from 'vitest';
import { type CertificateFacts, exemptionWarning, exemptionWords } from './tax-exemption.ts';

const certificate: CertificateFacts = {
  id: 7,
  type: 'exemption',
  number: '12-3456789',
  state: 'Illinois',
  holder: 'Springfield Unified School District',
  expiresOn: '2027-06-30',
  verifiedOn: '2026-03-03',
};

describe('a tax certificate in words', () => {
  it('says on an invoice why there is no sales tax', () => {
    expect(exemptionWords(certificate)).toBe(
      'Exempt from sales tax: exemption certificate 12-3456789 (Illinois), Springfield Unified School District, valid until 2027-06-30.',
    );
    expect(exemptionWords({ ...certificate, type: 'resale', state: 'Ohio' })).toContain(
      'resale certificate 12-3456789 (Ohio)',
    );
  });

  it('warns the desk only when tax will be charged for want of a valid certificate', () => {
    expect(exemptionWarning({ kind: 'expired', certificate })).toBe(
      'The exemption certificate expired on Jun 30, 2027: sales tax will be charged on this quote.',
    );
    expect(exemptionWarning({ kind: 'pending', certificate })).toBe(
      'Verify the certificate before sending the quote, or tax will be charged.',
    );
    expect(exemptionWarning({ kind: 'verified', certificate })).toBeUndefined();
    expect(exemptionWarning({ kind: 'none' })).toBeUndefined();
  });
});
