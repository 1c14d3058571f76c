import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, loadedBy, packageName, sourceFiles } from './source-imports.ts';

const root = path.resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  scripts: Record<string, string>;
  imports?: Record<string, string>;
};
const dependencies = Object.keys(pkg.dependencies);
const devDependencies = Object.keys(pkg.devDependencies);

/** Every project source file: the code, its tests, the scripts and the tool configs. */
const files = [
  ...sourceFiles(root, ['client', 'server', 'shared', 'scripts', 'tests']),
  ...['vite.config.ts', 'vitest.config.ts'].map((file) => path.join(root, file)),
];
const imported = new Map<string, string>();
for (const file of files) {
  for (const { specifier } of importsOf(file)) {
    const name = packageName(specifier);
    if (name && !imported.has(name)) imported.set(name, path.relative(root, file));
  }
}

/** Packages that are used without an import statement, and how. */
const usedOtherwise: Record<string, string> = {
  node: 'the Node 24 that npm puts first on PATH for every script',
  'pino-pretty': 'a pino transport loaded by name in development (server/logger.ts)',
  'happy-dom': 'the vitest environment of the component tests (// @vitest-environment happy-dom)',
  '@types/node': "Node's types",
  'vnu-jar': 'the path of its jar, which Java runs (tests/support/html-checker.ts)',
  '@fontsource/graduate': 'a font file read by path (server/studio/studio-fonts.ts)',
  '@fontsource/pacifico': 'a font file read by path (server/studio/studio-fonts.ts)',
  '@fontsource/lobster': 'a font file read by path (server/studio/studio-fonts.ts)',
  '@fontsource/roboto-slab': 'a font file read by path (server/studio/studio-fonts.ts)',
  '@fontsource/alfa-slab-one': 'a font file read by path (server/studio/studio-fonts.ts)',
  '@fontsource/open-sans': 'a font file read by path (server/studio/studio-fonts.ts)',
  '@fontsource/oswald': 'a font file read by path (server/studio/studio-fonts.ts)',
  '@fontsource/bebas-neue': 'a font file read by path (server/studio/studio-fonts.ts)',
  '@tabler/icons': 'SVG files read by path (scripts/build-motifs.ts)',
};

/**
 * Dynamic imports followed: the client's (lazy pages), and the mockups', which load sharp when a request
 * has a picture to draw. The server's others load Vite in development only.
 */
const followDynamic = (file: string) =>
  file.startsWith(path.join(root, 'client')) || file.startsWith(path.join(root, 'server', 'mockups'));

/**
 * What the production server loads: its entry points, and every page module, which the routes load through
 * an `import.meta.glob` (client/routes.tsx) that Vite expands at build time and an import scan cannot follow.
 */
const serverEntries = [
  'server/index.ts',
  'server/cli/submissions.ts',
  'client/entry-server.tsx',
  ...readdirSync(path.join(root, 'client/pages'))
    .filter((file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'))
    .map((file) => `client/pages/${file}`),
];

describe('dependencies', () => {
  it('declares every package the source imports', () => {
    const undeclared = [...imported].filter(
      ([name]) => !dependencies.includes(name) && !devDependencies.includes(name),
    );
    expect(undeclared.map(([name, file]) => `${name} (imported by ${file})`)).toEqual([]);
  });

  it('keeps what the production server and the operators’ tool load in "dependencies"', () => {
    // The server and the CLI as Node runs them, and the SSR bundle's sources (Vite leaves their packages
    // to node_modules).
    const { packages } = loadedBy(root, serverEntries, {
      imports: pkg.imports,
      followDynamic,
    });
    const devOnly = [...packages].filter(([name]) => !dependencies.includes(name));
    expect(devOnly.map(([name, file]) => `${name} (loaded by ${file})`)).toEqual([]);
  });

  it('declares nothing it does not use, and no development tool among the production dependencies', () => {
    const scripts = Object.values(pkg.scripts).join('\n');
    const binsCalled = (name: string) => {
      const bins = Object.keys(
        (JSON.parse(readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')) as { bin?: object })
          .bin ?? {},
      );
      return bins.some((bin) => new RegExp(`(^|[\\s&|;])${bin}(\\s|$)`, 'm').test(scripts));
    };
    const unused = [...dependencies, ...devDependencies].filter((name) => {
      if (imported.has(name) || name in usedOtherwise || binsCalled(name)) return false;
      const typed = /^@types\/(.+)$/.exec(name)?.[1];
      return !(typed && imported.has(typed));
    });
    expect(unused).toEqual([]);
    // What the production server loads (above) is all "dependencies" holds: a test or build tool there would
    // go into the production install (npm ci --omit=dev, the Docker image).
    const { packages } = loadedBy(root, serverEntries, {
      imports: pkg.imports,
      followDynamic,
    });
    // A font package is read by path, not imported, by the server's studio (server/studio/studio-fonts.ts).
    const readByPath = (name: string) => name.startsWith('@fontsource/');
    expect(dependencies.filter((name) => !packages.has(name) && !readByPath(name))).toEqual([]);
  });
});
