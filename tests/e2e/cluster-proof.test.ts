import { describe, expect, it } from 'vitest';
import { runProof } from '#tests/support/cluster-proof.ts';

// The multi-instance proof: two instances behind nginx on one PostgreSQL (Debian's packages), 240 quote
// requests with artwork, one instance SIGKILLed at 40 % of the answers and started again, 20 resends.
describe('several instances on PostgreSQL', () => {
  it('lose nothing and send nothing twice, but for the one row the killed instance held', {
    timeout: 240_000,
  }, async () => {
    const report = await runProof({ requests: 240, resends: 20 });
    // The figures, for the run's log.
    process.stdout.write(`cluster proof: ${JSON.stringify(report)}\n`);

    expect(report.acknowledged).toBe(240);
    expect(report.killedAfterAnswers).toBe(96);
    // Every key stored once: the retries of requests cut off by the kill stored nothing twice.
    expect(report.storedSubmissions).toBe(240);
    expect(report.missingOrDuplicated).toBe(0);
    expect(report.artworkMismatches).toBe(0);
    expect(report.resendMismatches).toBe(0);
    expect(report.referencesContiguous).toBe(true);
    expect(report.referencesMissingMail).toBe(0);
    expect(report.duplicateMails.length).toBeLessThanOrEqual(1);
    for (const duplicate of report.duplicateMails) expect(report.heldByKilled).toContain(duplicate);
    expect(report.mailsReceived).toBe(480 + report.duplicateMails.length);
  });
});
