import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The environment `npm run serve` gives the server, as variables a spawned `node server/index.ts` can take. */
export interface ServeSettings {
  /** The allocator's variables (MALLOC_…): glibc reads them once, when the process starts. */
  env: Record<string, string>;
  /** The `node` flags before the script (heap bounds), as NODE_OPTIONS carries them. */
  nodeOptions: string;
}

/**
 * Reads the settings from package.json's `serve` script, so the benchmarks measure the server as it is
 * started in production, and a change to how it is started changes what they measure with it. The
 * container's start is held to the same settings by a test.
 */
export function serveSettings(root = path.resolve(import.meta.dirname, '..')): ServeSettings {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const serve = pkg.scripts.serve ?? '';
  // The last command of the script starts the server: `VAR=value … node --flag … server/index.ts`.
  const start = serve.split('&&').at(-1)?.trim() ?? '';
  const words = start.split(/\s+/);
  const nodeAt = words.indexOf('node');
  if (nodeAt < 0 || !words.includes('server/index.ts'))
    throw new Error(`package.json's serve script does not end by starting server/index.ts: ${serve}`);
  const env = Object.fromEntries(
    words
      .slice(0, nodeAt)
      .map((word) => word.split('='))
      .filter((pair): pair is [string, string] => pair.length === 2 && /^MALLOC_/.test(pair[0] ?? '')),
  );
  const nodeOptions = words
    .slice(nodeAt + 1, words.indexOf('server/index.ts'))
    .filter((flag) => /^--max-(old|semi)-space-size=\d+$/.test(flag))
    .join(' ');
  return { env, nodeOptions };
}
