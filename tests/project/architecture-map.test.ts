import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** Every folder under a source root, as a repository path ("server/storage/sqlite"). */
function foldersUnder(top: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const child = `${dir}/${entry.name}`;
      found.push(child);
      walk(child);
    }
  };
  walk(top);
  return found;
}

/** The folders docs/architecture.md's layout names, read from its indentation (two spaces a level). */
function foldersOnTheMap(): string[] {
  const doc = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
  const layout = doc.slice(doc.indexOf('## The layout'));
  const block = layout.slice(layout.indexOf('```\n') + 4, layout.indexOf('\n```', layout.indexOf('```\n') + 4));
  const stack: string[] = [];
  const named: string[] = [];
  for (const line of block.split('\n')) {
    const match = /^( *)([a-z0-9-]+)\/(?:\s|$)/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 2;
    stack.length = depth;
    stack.push(match[2] ?? '');
    named.push(stack.join('/'));
  }
  return named;
}

describe("docs/architecture.md's map", () => {
  it('names every folder under server/, client/ and shared/, and none that is gone', () => {
    const onDisk = ['server', 'client', 'shared'].flatMap((top) => [top, ...foldersUnder(top)]).sort();
    const onTheMap = foldersOnTheMap().filter((folder) => /^(server|client|shared)(\/|$)/.test(folder));
    expect(onTheMap.sort()).toEqual(onDisk);
  });

  it('is read from the layout block, so a folder left off it would be noticed', () => {
    const onTheMap = foldersOnTheMap();
    expect(onTheMap).toContain('server/storage/sqlite');
    expect(onTheMap).toContain('client/placement');
    expect(onTheMap).toContain('tests/e2e');
  });
});
