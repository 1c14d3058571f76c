import { execFile, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ensureDebianPackage } from './debian-package.ts';

/**
 * The W3C's Nu HTML Checker (vnu-jar from npm, run by Debian's Java) over pages as the server sent them.
 * vnu-jar's install script, which would download a Java of its own, is denied in package.json: this
 * machine reaches no host but the registries, so the Java is Debian's, installed as root when missing.
 */
const run = promisify(execFile);

const hasJava = () => spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0;

interface VnuMessage {
  type: string;
  url?: string;
  message: string;
  extract?: string;
  firstLine?: number;
  lastLine?: number;
  firstColumn?: number;
}

/** Every error the checker finds in the files, as "status path: message (near …)" lines. */
export async function htmlErrors(files: readonly string[]): Promise<string[]> {
  if (files.length === 0) return [];
  ensureDebianPackage('default-jre-headless', hasJava, 'the HTML checker (vnu-jar) runs on Java');
  const jar = createRequire(import.meta.url)('vnu-jar') as string;
  // vnu exits 1 when it finds errors: the JSON on stderr is read either way.
  const output = await run('java', ['-Xss4m', '-jar', jar, '--errors-only', '--format', 'json', ...files], {
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stderr?: string; code?: number }) => {
    if (typeof error.stderr === 'string' && error.stderr.startsWith('{')) return { stderr: error.stderr };
    throw error;
  });
  const { messages } = JSON.parse(output.stderr || '{"messages":[]}') as { messages: VnuMessage[] };
  return messages
    .filter((message) => message.type === 'error' || message.type === 'non-document-error')
    .map((message) => {
      const file = message.url?.replace(/^file:/, '') ?? '';
      const page = existsSync(`${file}.url`) ? readFileSync(`${file}.url`, 'utf8').trim() : file;
      const near = message.extract ? ` (near ${JSON.stringify(message.extract.trim().slice(0, 120))})` : '';
      return `${page}: ${message.message}${near}`;
    });
}

/** The HTML files kept in a folder. */
export function htmlFilesIn(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.html'))
    .map((name) => join(dir, name));
}
