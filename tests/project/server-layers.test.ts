import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const biome = path.join(root, 'node_modules/.bin/biome');

const importRule = 'style/noRestrictedImports';
const lengthRule = 'complexity/noExcessiveLinesPerFunction';

/**
 * Biome's verdict on one made-up source file at `file`, with only `rule` on: linted in a scratch
 * folder that holds the project's biome.json, so the source tree is never written to.
 */
function lintAs(file: string, source: string, rule = importRule): { ok: boolean; output: string } {
  const scratch = mkdtempSync(path.join(tmpdir(), 'seenwear-layers-'));
  try {
    copyFileSync(path.join(root, 'biome.json'), path.join(scratch, 'biome.json'));
    mkdirSync(path.join(scratch, path.dirname(file)), { recursive: true });
    writeFileSync(path.join(scratch, file), source);
    const result = spawnSync(biome, ['lint', `--only=${rule}`, file], {
      cwd: scratch,
      encoding: 'utf8',
    });
    return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

// The rules live in biome.json; these prove they bite, since CI runs the tests and not the linter.
describe("the server's layers, as Biome enforces them", () => {
  it('refuses a storage module importing a feature, the mail or any other server folder', () => {
    const feature = lintAs(
      'server/storage/new-table.ts',
      "import type { GroupStore } from '#server/groups/group-store.ts';\nexport type G = GroupStore;\n",
    );
    expect(feature.ok).toBe(false);
    expect(feature.output).toContain('imports no other server folder');
    const mail = lintAs(
      'server/storage/new-table.ts',
      "import { mailLayout } from '#server/mail/mail-layout.ts';\nexport const m = mailLayout;\n",
    );
    expect(mail.ok).toBe(false);
  });

  it("refuses a feature reaching into another feature's modules, and lets it use that feature's store contract", () => {
    const reach = lintAs(
      'server/production/new-page.ts',
      "import { groupLinks } from '#server/groups/group-links.ts';\nexport const g = groupLinks;\n",
    );
    expect(reach.ok).toBe(false);
    expect(reach.output).toContain('only through its store contract');
    const contract = lintAs(
      'server/production/new-page.ts',
      "import type { GroupStore } from '#server/groups/group-store.ts';\nexport type G = GroupStore;\n",
    );
    expect(contract.ok, contract.output).toBe(true);
  });

  it('refuses machinery importing a feature', () => {
    const machinery = lintAs(
      'server/http/new-guard.ts',
      "import { moneyOf } from '#server/requests/money-of.ts';\nexport const m = moneyOf;\n",
    );
    expect(machinery.ok).toBe(false);
  });

  it("holds for the server's code as it is", () => {
    expect(lintTree(importRule)).toEqual({ ok: true, output: expect.any(String) });
  });
});

/** A server function of `lines` body lines: a router or store written as one closure. */
function functionOf(lines: number): string {
  const body = Array.from({ length: lines }, (_, index) => `  total += ${index};`).join('\n');
  return `export function routes(): number {\n  let total = 0;\n${body}\n  return total;\n}\n`;
}

/** Biome's verdict on the server's tree for one rule. */
function lintTree(rule: string): { ok: boolean; output: string } {
  const result = spawnSync(biome, ['lint', `--only=${rule}`, 'server'], { cwd: root, encoding: 'utf8' });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

// A store or router that grows past a screenful is split into named parts, so its file's outline
// shows what it does; the line is 150 lines a function.
describe("the server's functions stay small", () => {
  it('refuses a server function over 150 lines and takes one under it', () => {
    const long = lintAs('server/stores/new-routes.ts', functionOf(160), lengthRule);
    expect(long.ok).toBe(false);
    expect(long.output).toContain('noExcessiveLinesPerFunction');
    expect(lintAs('server/stores/new-routes.ts', functionOf(120), lengthRule).ok).toBe(true);
  });

  it("holds for the server's code as it is", () => {
    const result = lintTree(lengthRule);
    expect(result.ok, result.output).toBe(true);
  });
});
