import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { motifShapesModule, pathsOf } from './build-motifs.ts';

describe('build-motifs', () => {
  it('keeps the committed motif shapes as the installed Tabler draws them', () => {
    const committed = readFileSync(path.join(import.meta.dirname, '../shared/studio/motif-shapes.ts'), 'utf8');
    expect(motifShapesModule()).toBe(committed);
  });

  it('drops Tabler’s invisible frame and refuses an element that is not a path', () => {
    const svg = '<svg><path stroke="none" d="M0 0h24v24H0z" fill="none" /><path d="M1 1h2v2z" /></svg>';
    expect(pathsOf(svg, 'x.svg')).toEqual(['M1 1h2v2z']);
    expect(() => pathsOf('<svg><circle cx="1" /></svg>', 'y.svg')).toThrow('<circle> is not a path');
  });
});
