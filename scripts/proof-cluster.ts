/**
 * `npm run proof:cluster` (after `npm run build`): the multi-instance proof, with its figures printed and
 * written to reports/proof-cluster.json. Exits 1 when anything that must hold did not (see
 * tests/support/cluster-proof.ts for what is checked).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { runProof } from '#tests/support/cluster-proof.ts';

const report = await runProof({
  requests: Number(process.env.PROOF_REQUESTS ?? 240),
  log: (line) => process.stdout.write(`proof: ${line}\n`),
});
await mkdir('reports', { recursive: true });
await writeFile('reports/proof-cluster.json', `${JSON.stringify(report, null, 2)}\n`);
process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
const held = new Set(report.heldByKilled);
const problems = [
  report.acknowledged !== report.requests && 'not every request was acknowledged',
  report.storedSubmissions !== report.requests && 'stored submissions differ from the requests',
  report.missingOrDuplicated > 0 && 'acknowledged references missing or duplicated',
  report.artworkMismatches > 0 && 'artwork not byte-identical',
  report.resendMismatches > 0 && 'a resend was not answered with its original reference',
  !report.referencesContiguous && 'reference numbers with gaps or duplicates',
  report.referencesMissingMail > 0 && 'references without their shop or customer mail',
  report.duplicateMails.length > 1 && 'more than one duplicate mail',
  report.duplicateMails.some((mail) => !held.has(mail)) &&
    'a duplicate mail for a row the killed instance did not hold',
].filter(Boolean);
for (const problem of problems) process.stderr.write(`proof: FAILED: ${problem}\n`);
process.exit(problems.length > 0 ? 1 : 0);
