import { describe, expect, it } from 'vitest';
import { canMove, inPersonApprovalOf, isFinal, isStatusOf, nextStatuses, statusAfterProof } from './request-status.ts';

describe('the request status machine', () => {
  it('never lets the shop click a request to a step the customer has not taken', () => {
    expect(nextStatuses('quote', 'new')).toEqual(['cancelled']);
    expect(canMove('quote', 'new', 'quoted')).toBe(false);
    expect(canMove('quote', 'approved', 'proof_approved')).toBe(false);
    expect(canMove('quote', 'approved', 'completed')).toBe(false);
    expect(canMove('quote', 'quoted', 'proof_sent')).toBe(false);
  });

  it('offers approvals only as ones given in person, on the step that waits for them', () => {
    expect(nextStatuses('quote', 'quoted')).toEqual(['approved', 'cancelled']);
    expect(inPersonApprovalOf('quoted', 'approved')).toBe('quote');
    expect(inPersonApprovalOf('proof_sent', 'proof_approved')).toBe('proof');
    expect(inPersonApprovalOf('in_production', 'proof_approved')).toBeUndefined();
  });

  it('walks production forward and lets the shop undo its own last step', () => {
    expect(nextStatuses('quote', 'proof_approved')).toEqual(['in_production', 'cancelled']);
    expect(canMove('quote', 'approved', 'in_production')).toBe(true);
    expect(canMove('quote', 'ready', 'in_production')).toBe(true);
    expect(canMove('quote', 'completed', 'ready')).toBe(true);
    expect(canMove('quote', 'approved', 'quoted')).toBe(false);
  });

  it('keeps a proof sent before the quote’s approval as a draft beside it', () => {
    expect(statusAfterProof('quoted')).toBe('quoted');
    expect(statusAfterProof('approved')).toBe('proof_sent');
    expect(statusAfterProof('proof_approved')).toBe('proof_sent');
  });

  it('ends at cancelled, and a contact message is only new or handled', () => {
    expect(nextStatuses('quote', 'cancelled')).toEqual([]);
    expect(isFinal('cancelled')).toBe(true);
    expect(nextStatuses('contact', 'new')).toEqual(['handled']);
    expect(nextStatuses('contact', 'handled')).toEqual(['new']);
    expect(canMove('contact', 'new', 'quoted')).toBe(false);
  });

  it('knows which states belong to which kind', () => {
    expect(isStatusOf('quote', 'proof_sent')).toBe(true);
    expect(isStatusOf('contact', 'proof_sent')).toBe(false);
    expect(isStatusOf('quote', 'handled')).toBe(false);
    expect(isStatusOf('quote', 'DROP TABLE')).toBe(false);
  });
});
