import { describe, expect, it } from 'vitest';
import { canMove, isFinal, isStatusOf, nextStatuses } from './request-status.ts';

describe('the request status machine', () => {
  it('moves a new quote forward to any later state, or cancels it', () => {
    expect(nextStatuses('quote', 'new')).toEqual([
      'quoted',
      'approved',
      'proof_sent',
      'proof_approved',
      'in_production',
      'ready',
      'completed',
      'cancelled',
    ]);
  });

  it('lets the shop undo one step, never two', () => {
    expect(canMove('quote', 'approved', 'quoted')).toBe(true);
    expect(canMove('quote', 'approved', 'new')).toBe(false);
    expect(canMove('quote', 'completed', 'ready')).toBe(true);
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
