import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serveSettings } from '#scripts/serve-settings.ts';
import { loadedBy } from './source-imports.ts';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));

/** What the runtime stage copies from the build stage, as paths relative to the app folder. */
function runtimeCopies(): string[] {
  const dockerfile = read('Dockerfile');
  const runtime = dockerfile.slice(dockerfile.search(/^FROM .* AS runtime$/m));
  return [...runtime.matchAll(/^COPY --from=build (.+) \S+$/gm)].flatMap((match) =>
    (match[1] ?? '').split(/\s+/).map((source) => path.posix.relative('/app', source)),
  );
}

describe('Docker image', () => {
  it('leaves out of the build context every file .gitignore ignores', () => {
    const dockerignore = lines(read('.dockerignore'));
    // .gitignore's "name/" matches at any depth, "/name" only at the top; .dockerignore's patterns start at the top.
    const expected = lines(read('.gitignore')).map((pattern) => {
      const bare = pattern.replace(/\/$/, '');
      return bare.startsWith('/') ? bare.slice(1) : `**/${bare}`;
    });
    expect(expected.filter((pattern) => !dockerignore.includes(pattern))).toEqual([]);
  });

  it('holds every file the server and the operators’ tool load, and the package.json `npm run` reads', () => {
    const pkg = JSON.parse(read('package.json')) as {
      scripts: Record<string, string>;
      imports?: Record<string, string>;
    };
    expect(pkg.scripts.submissions).toBe('node server/cli/submissions.ts');
    expect(pkg.scripts.db).toBe('node server/cli/db.ts');
    const { files } = loadedBy(root, ['server/index.ts', 'server/cli/submissions.ts', 'server/cli/db.ts'], {
      imports: pkg.imports,
    });
    const copies = runtimeCopies();
    const missing = [...files]
      .map((file) => path.relative(root, file))
      .filter((file) => !copies.some((copy) => file === copy || file.startsWith(`${copy}/`)));
    expect(missing).toEqual([]);
    expect(copies).toEqual(expect.arrayContaining(['package.json', 'node_modules', 'dist', 'data']));
  });

  it('carries pg_dump and pg_restore of the PostgreSQL major compose.yaml runs, for `npm run db -- backup`', () => {
    const dockerfile = read('Dockerfile');
    const runtime = dockerfile.slice(dockerfile.search(/^FROM .* AS runtime$/m));
    // Debian's postgresql-client follows the release: bookworm ships 15, trixie 17.
    const debianClientMajor: Record<string, number> = { bookworm: 15, trixie: 17 };
    const release = /^FROM node:24-(\w+)-slim AS runtime$/m.exec(runtime)?.[1] ?? '';
    const serverMajor = Number(/image: postgres:(\d+)/.exec(read('compose.yaml'))?.[1]);
    expect(runtime).toMatch(/apt-get install -y --no-install-recommends postgresql-client\b/);
    // pg_dump refuses a server newer than itself.
    expect(debianClientMajor[release]).toBeGreaterThanOrEqual(serverMajor);
  });

  it("is run with a stop timeout longer than the server's shutdown deadline", () => {
    const deadlineMs = Number(
      /SHUTDOWN_DEADLINE_MS = ([\d_]+)/.exec(read('server/index.ts'))?.[1]?.replaceAll('_', ''),
    );
    const run = /^\s*docker run .*$/m.exec(read('README.md'))?.[0] ?? '';
    const stopTimeout = Number(/--stop-timeout (\d+)/.exec(run)?.[1]);
    expect(deadlineMs).toBeGreaterThan(0);
    expect(stopTimeout * 1000).toBeGreaterThan(deadlineMs);
    // Data in a named volume, so it outlives the container.
    expect(run).toMatch(/ -v [a-z][\w.-]*:\/app\/var /);
  });

  it('starts the server with the heap and allocator settings of `npm run serve`, which the benchmarks measure', () => {
    const runtime = read('Dockerfile').slice(read('Dockerfile').search(/^FROM .* AS runtime$/m));
    const env = Object.fromEntries(
      [...runtime.matchAll(/^ENV (.+)$/gm)]
        .flatMap((match) => (match[1] ?? '').split(/\s+/))
        .map((pair) => pair.split('='))
        .filter(([name]) => name?.startsWith('MALLOC_')),
    );
    const command = JSON.parse(/^CMD (\[.+\])$/m.exec(runtime)?.[1] ?? '[]') as string[];
    const settings = serveSettings(root);
    expect(Object.keys(settings.env)).toContain('MALLOC_ARENA_MAX');
    expect(env).toEqual(settings.env);
    expect(settings.nodeOptions).toMatch(/--max-old-space-size=\d+/);
    expect(command.filter((word) => word.startsWith('--max-')).join(' ')).toBe(settings.nodeOptions);
  });
});
