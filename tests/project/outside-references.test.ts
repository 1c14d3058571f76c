import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** The project's own code, tests, scripts and docs. */
const scanned = ['server', 'client', 'shared', 'scripts', 'tests', 'docs', 'README.md'];

/** Text the project writes by hand; build output and binaries are never scanned. */
const TEXT_FILE = /\.(tsx?|m?js|css|md|json|html|sh|sql|ya?ml|txt)$/;

/**
 * Pointers into documents the repository does not hold: an issue by its number, a section of the product
 * spec by its number or its § sign. A reader cannot follow them, so a comment says the rule itself instead.
 */
const OUTSIDE_REFERENCE = [/\bissues? #?\d/i, /\bsections? \d/i, /§ ?\d/];

function filesUnder(relative: string): string[] {
  const full = path.join(root, relative);
  if (statSync(full).isFile()) return [relative];
  const out: string[] = [];
  for (const item of readdirSync(full, { withFileTypes: true })) {
    if (item.name === 'node_modules' || item.name === 'dist' || item.name.startsWith('.')) continue;
    const child = path.posix.join(relative, item.name);
    if (item.isDirectory()) out.push(...filesUnder(child));
    else if (TEXT_FILE.test(item.name)) out.push(child);
  }
  return out;
}

/** Each line of the file that points outside the repository, as "file:line: text". */
function outsideReferences(file: string): string[] {
  return readFileSync(path.join(root, file), 'utf8')
    .split('\n')
    .flatMap((line, index) =>
      OUTSIDE_REFERENCE.some((pattern) => pattern.test(line)) ? [`${file}:${index + 1}: ${line.trim()}`] : [],
    );
}

describe('references the reader can follow', () => {
  const files = scanned.flatMap(filesUnder);

  it('scans the code, the tests, the scripts and the docs', () => {
    for (const expected of ['server/app.ts', 'client/root.tsx', 'tests/e2e/shell.test.ts', 'README.md']) {
      expect(files).toContain(expected);
    }
    expect(files.some((file) => file.startsWith('docs/'))).toBe(true);
  });

  it('says what a rule is, never which numbered issue or part of the spec it came from', () => {
    expect(files.flatMap(outsideReferences)).toEqual([]);
  });
});
