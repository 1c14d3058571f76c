import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { htmlErrors } from './html-checker.ts';

const page = (body: string) =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>t</title></head><body>${body}</body></html>`;

describe('the HTML checker', () => {
  it('finds what the W3C checker calls an error, names the page, and passes a valid one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'html-checker-'));
    const invalid = join(dir, 'invalid.html');
    const valid = join(dir, 'valid.html');
    await writeFile(invalid, page('<select required name="s"><option value="a">A</option></select><p><div></div></p>'));
    await writeFile(`${invalid}.url`, '200 /pricing');
    await writeFile(
      valid,
      page('<select required name="s"><option value="">Choose</option><option>A</option></select>'),
    );
    const errors = await htmlErrors([invalid, valid]);
    expect(errors.length).toBeGreaterThanOrEqual(2);
    expect(errors.every((error) => error.startsWith('200 /pricing: '))).toBe(true);
    expect(errors.join('\n')).toMatch(/first “option” element in a “select” element with a “required” attribute/);
  }, 60_000);
});
