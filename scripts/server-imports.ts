/**
 * Counts the imports between the server's folders, so the claim "imports run one way" is a figure and
 * not an impression: how many cross a folder line, how many of those point back up (from a lower layer
 * to a higher one, or between two features other than through a store contract), and which pairs of
 * folders import each other.
 *
 *   node scripts/server-imports.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const server = join(root, 'server');

/**
 * The layers a server folder sits in, lowest first (docs/architecture.md, "Imports"): the machinery, the
 * request core every feature shares, the features, and the composition. A folder may import from any
 * lower layer; a feature importing another feature's modules other than its store contract is counted
 * as pointing back up too.
 */
const machinery = new Set(['(config)', 'http', 'storage', 'metrics', 'uploads', 'mail', 'pages', 'studio']);
const core = new Set(['requests']);
const top = new Set(['(root)', 'cli', 'jobs', 'notifications', 'alerts']);

/** The root's own modules: configuration and logging are machinery; the rest (app, process, stores) composes. */
const rootMachinery = new Set(['config.ts', 'logger.ts']);

function folderOf(file: string): string {
  const parts = relative(server, file).split('/');
  if (parts.length === 1) return rootMachinery.has(parts[0] ?? '') ? '(config)' : '(root)';
  return parts[0] ?? '(root)';
}

function layerOf(folder: string): number {
  if (machinery.has(folder)) return 0;
  if (core.has(folder)) return 1;
  if (top.has(folder)) return 3;
  return 2;
}

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield path;
  }
}

function targetOf(file: string, specifier: string): string | undefined {
  if (specifier.startsWith('#server/')) return join(server, specifier.slice('#server/'.length));
  if (specifier.startsWith('.')) {
    const target = resolve(dirname(file), specifier);
    return target.startsWith(server) ? target : undefined;
  }
  return undefined;
}

const edges = new Map<string, number>();
/** The same lines without the imports of a store contract: the dependencies on another feature's internals. */
const internalEdges = new Set<string>();
let crossing = 0;
let backUp = 0;
/** Of those, the request core reading a feature's store contract: what the layer rules allow it. */
let coreToContracts = 0;
const backUpLines: string[] = [];
const importPattern = /^\s*(?:import|export)\s[^;]*?from\s+'([^']+)'/gms;
for (const file of sourceFiles(server)) {
  const from = folderOf(file);
  for (const match of readFileSync(file, 'utf8').matchAll(importPattern)) {
    const target = targetOf(file, match[1] ?? '');
    if (target === undefined) continue;
    const to = folderOf(target);
    if (to === from) continue;
    crossing += 1;
    const key = `${from} -> ${to}`;
    edges.set(key, (edges.get(key) ?? 0) + 1);
    if (!target.endsWith('-store.ts')) internalEdges.add(key);
    // A feature may ask another for its data through that feature's store contract, and only so.
    const sameFeatureLayer = layerOf(from) === 2 && layerOf(to) === 2 && !target.endsWith('-store.ts');
    if (
      layerOf(to) > layerOf(from) ||
      sameFeatureLayer ||
      (layerOf(from) === 0 && to !== 'storage' && from === 'storage')
    ) {
      backUp += 1;
      if (core.has(from) && target.endsWith('-store.ts')) coreToContracts += 1;
      backUpLines.push(`${relative(root, file)} -> ${match[1]}`);
    }
  }
}

const pairs: string[] = [];
for (const key of edges.keys()) {
  const [from, to] = key.split(' -> ');
  if (from !== undefined && to !== undefined && from < to && edges.has(`${to} -> ${from}`))
    pairs.push(`${from} <-> ${to}`);
}

console.log(`imports between server folders: ${crossing} (${edges.size} folder-to-folder lines)`);
console.log(
  `pointing back up (a lower layer importing a higher one, or one feature another's internals): ${backUp}, ` +
    `of which ${coreToContracts} the request core reading a feature's store contract`,
);
const internalPairs = pairs.filter((pair) => {
  const [from, to] = pair.split(' <-> ');
  return internalEdges.has(`${from} -> ${to}`) && internalEdges.has(`${to} -> ${from}`);
});
console.log(
  `pairs of folders importing each other: ${pairs.length} (${internalPairs.length} of them beyond store contracts)`,
);
for (const pair of pairs.sort()) console.log(`  ${pair}`);
if (process.argv.includes('--list')) for (const line of backUpLines.sort()) console.log(`  ${line}`);
