import { describe, expect, it } from 'vitest';
import { dayIn, formatDateTime } from './desk-format.ts';

describe('dates on the desk and the customer page', () => {
  it('shows a moment on the shop’s clock, with its zone, through a change of the clocks', () => {
    expect(formatDateTime('2026-11-23T22:05:00Z', 'America/Chicago')).toBe('Nov 23, 2026, 4:05 PM CST');
    expect(formatDateTime('2026-07-01T15:30:00Z', 'America/Chicago')).toBe('Jul 1, 2026, 10:30 AM CDT');
    expect(formatDateTime('2026-11-23T22:05:00Z')).toBe('Nov 23, 2026, 10:05 PM UTC');
  });

  it('dates an evening in the shop by the shop’s day, not the UTC one', () => {
    expect(dayIn('2026-11-24T03:30:00Z', 'America/Chicago')).toBe('2026-11-23');
    expect(dayIn('2026-11-24T03:30:00Z')).toBe('2026-11-24');
  });
});
