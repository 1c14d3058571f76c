import { describe, expect, it } from 'vitest';
import { retentionCutoff, SUBMISSION_RETENTION_MONTHS } from './retention.ts';

describe('retentionCutoff', () => {
  it('is midnight UTC on the same day twelve months back, whatever the hour', () => {
    expect(SUBMISSION_RETENTION_MONTHS).toBe(12);
    expect(retentionCutoff(new Date('2026-11-22T00:00:00.000Z')).toISOString()).toBe('2025-11-22T00:00:00.000Z');
    expect(retentionCutoff(new Date('2026-11-22T23:59:59.999Z')).toISOString()).toBe('2025-11-22T00:00:00.000Z');
    expect(retentionCutoff(new Date('2026-01-05T10:00:00.000Z')).toISOString()).toBe('2025-01-05T00:00:00.000Z');
  });

  it('keeps 29 February until 1 March a year later', () => {
    expect(retentionCutoff(new Date('2029-02-28T12:00:00.000Z')).toISOString()).toBe('2028-02-28T00:00:00.000Z');
    expect(retentionCutoff(new Date('2029-03-01T12:00:00.000Z')).toISOString()).toBe('2028-03-01T00:00:00.000Z');
  });
});
