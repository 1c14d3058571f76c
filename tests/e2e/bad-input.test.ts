import { describe, expect, it } from 'vitest';
import { describeReport, runBadInput } from '#scripts/bad-input.ts';

const MB = 1024 * 1024;

// The hardening review's attacks against the production build, as `npm run bad-input` runs them.
describe('the bad-input script', () => {
  it('gets a clear 4xx for every attack, no undesigned 5xx, and memory bounded under upload bursts', async () => {
    const report = await runBadInput();
    expect(report.failures, describeReport(report)).toEqual([]);
    expect(report.unexpectedServerErrors).toBe(0);
    expect(report.inputs).toBeGreaterThan(60);
    // Twenty 25 MB uploads without a token are refused unread: the server barely grows.
    expect(report.memory.peakUnsigned - report.memory.beforeBurst).toBeLessThan(40 * MB);
    // With a token, four are read at once (UPLOADS_AT_ONCE): about 100 MB of files, never all 500 MB.
    expect(report.memory.peakSigned - report.memory.beforeBurst).toBeLessThan(260 * MB);
  }, 120_000);
});
