/**
 * What the project's own source files import, read with regular expressions (no TypeScript compiler API
 * exists for TypeScript 7): enough for our code, which imports at the top of a file or with import('...').
 */
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';

export interface SourceImport {
  file: string;
  specifier: string;
  /** `import type` / `export type`: gone after type stripping, never loaded. */
  typeOnly: boolean;
  /** import('...'): loaded only when that code runs. */
  dynamic: boolean;
}

const STATIC = /(?:^|\n)[ \t]*(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s*)?['"]([^'"\n]+)['"]/g;
const DYNAMIC = /\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g;
const CSS_IMPORT = /@import\s+['"]([^'"\n]+)['"]/g;
/** A worker thread's module, named by its address beside the file (piscina's `filename`): loaded as a worker starts. */
const WORKER = /\bnew URL\(\s*['"](\.\.?\/[^'"\n]+\.ts)['"]\s*,\s*import\.meta\.url\s*\)/g;

export function importsOf(file: string): SourceImport[] {
  const text = readFileSync(file, 'utf8');
  if (file.endsWith('.css')) return [...text.matchAll(CSS_IMPORT)].map((m) => entry(file, m[1], false, false));
  return [
    ...[...text.matchAll(STATIC)].map((m) => entry(file, m[2], Boolean(m[1]), false)),
    ...[...text.matchAll(DYNAMIC)].map((m) => entry(file, m[1], false, true)),
    ...[...text.matchAll(WORKER)].map((m) => entry(file, m[1], false, false)),
  ];
}

function entry(file: string, specifier: string | undefined, typeOnly: boolean, dynamic: boolean): SourceImport {
  return { file, specifier: specifier ?? '', typeOnly, dynamic };
}

/** Every .ts, .tsx and .css file under the folders, skipping build output and node_modules. */
export function sourceFiles(root: string, folders: string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const item of readdirSync(dir, { withFileTypes: true })) {
      if (item.name === 'node_modules' || item.name === 'dist' || item.name.startsWith('.')) continue;
      const full = path.join(dir, item.name);
      if (item.isDirectory()) walk(full);
      else if (/\.(tsx?|css)$/.test(item.name)) out.push(full);
    }
  };
  for (const folder of folders) walk(path.join(root, folder));
  return out;
}

/** The package a bare specifier names ("@scope/name/sub" -> "@scope/name"), or undefined for anything else. */
export function packageName(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('#')) return undefined;
  if (specifier.startsWith('node:') || builtinModules.includes(specifier)) return undefined;
  if (specifier.startsWith('virtual:') || specifier.includes('?')) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

type ImportsMap = Record<string, string | Record<string, string>>;

/** A relative or `#alias` specifier as the file it names (package.json "imports": exact keys and one `*`). */
function resolveLocal(root: string, from: string, specifier: string, imports: ImportsMap = {}): string {
  if (specifier.startsWith('.')) return path.resolve(path.dirname(from), specifier);
  for (const [key, value] of Object.entries(imports)) {
    const target = typeof value === 'string' ? value : (value.node ?? value.default ?? Object.values(value)[0]);
    if (!target) continue;
    const [prefix, suffix = ''] = key.split('*');
    if (!key.includes('*') ? key === specifier : specifier.startsWith(prefix ?? '') && specifier.endsWith(suffix)) {
      const middle = key.includes('*') ? specifier.slice((prefix ?? '').length, specifier.length - suffix.length) : '';
      return path.resolve(root, target.replace('*', middle));
    }
  }
  throw new Error(`${from}: cannot resolve ${specifier}`);
}

/**
 * The project files `entries` load when they run, and the packages they load, following static imports
 * that are not type-only (dynamic ones only where `followDynamic` says so).
 */
export function loadedBy(
  root: string,
  entries: string[],
  {
    imports = {},
    followDynamic = () => false,
  }: { imports?: ImportsMap; followDynamic?: (file: string) => boolean } = {},
): { files: Set<string>; packages: Map<string, string> } {
  const files = new Set<string>();
  const packages = new Map<string, string>();
  const queue = entries.map((entry) => path.resolve(root, entry));
  for (let file = queue.shift(); file; file = queue.shift()) {
    if (files.has(file)) continue;
    files.add(file);
    for (const found of importsOf(file)) {
      if (found.typeOnly || (found.dynamic && !followDynamic(file))) continue;
      // Stylesheets, images and Vite's `?query` imports end up in the client build, not in what Node loads.
      if (/\.(css|svg|png|jpe?g|webp|avif|woff2?)$|\?/.test(found.specifier)) continue;
      const name = packageName(found.specifier);
      if (name) {
        if (!packages.has(name)) packages.set(name, path.relative(root, file));
      } else if (found.specifier.startsWith('.') || found.specifier.startsWith('#')) {
        queue.push(resolveLocal(root, file, found.specifier, imports));
      }
    }
  }
  return { files, packages };
}
