/**
 * `npm start` runs this before the server: production needs CSRF_SECRET, and a first start on a fresh
 * clone should not need a tool to make one. When neither the environment nor `.env` has it, this writes a
 * random one (Node's crypto, 32 bytes as hex) to `.env` (created readable by its owner only; git and Docker
 * ignore it), which the server then loads (`node --env-file-if-exists=.env`), so tokens survive restarts.
 * Several instances behind one address must share one secret: set the same CSRF_SECRET in each.
 */
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseEnv } from 'node:util';

export type SecretSource = 'environment' | 'file' | 'created';

export function ensureCsrfSecret(
  env: NodeJS.ProcessEnv = process.env,
  file = '.env',
  random = () => randomBytes(32).toString('hex'),
): SecretSource {
  // An empty value means "not set", as in the server's config.
  if (env.CSRF_SECRET) return 'environment';
  const existing = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  if (existing !== undefined && parseEnv(existing).CSRF_SECRET) return 'file';
  const line = `CSRF_SECRET=${random()}\n`;
  if (existing === undefined) writeFileSync(file, line, { mode: 0o600 });
  else appendFileSync(file, existing === '' || existing.endsWith('\n') ? line : `\n${line}`);
  return 'created';
}

if (import.meta.main && ensureCsrfSecret() === 'created') {
  console.log(
    'No CSRF_SECRET in the environment or .env: wrote a random one to .env, which npm start and npm run serve load. ' +
      'Instances behind one address must share one: set the same CSRF_SECRET in each.',
  );
}
