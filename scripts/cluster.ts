/**
 * `npm run cluster`: the multi-instance deployment of compose.yaml on this machine, from Debian's
 * postgresql and nginx: a throwaway PostgreSQL, two instances of the production build (more with
 * INSTANCES=3) and nginx in front. Runs until Ctrl-C, then stops everything and deletes the database.
 * Mail goes to SMTP_URL when set in the environment, otherwise it waits in the outbox.
 */
import { startCluster } from '#tests/support/cluster.ts';

const instances = Number(process.env.INSTANCES ?? 2);
const env: Record<string, string> = {};
for (const name of ['SMTP_URL', 'MAIL_FROM', 'SHOP_EMAIL', 'OUTBOX_LEASE_SECONDS', 'SUBMISSION_RATE_LIMIT']) {
  const value = process.env[name];
  if (value) env[name] = value;
}
const cluster = await startCluster({ instances, env, captureLogs: false });
process.stdout.write(
  [
    `cluster: ${cluster.url} (nginx) in front of ${cluster.instances.map((instance) => instance.url).join(', ')}`,
    `cluster: DATABASE_URL=${cluster.databaseUrl} (npm run submissions -- list works with it)`,
    'cluster: Ctrl-C stops everything',
    '',
  ].join('\n'),
);
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await cluster.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
