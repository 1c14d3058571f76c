import { afterAll, describe, expect, it } from 'vitest';
import { cleanSvg, closeSvgCleaner } from './svg-cleaner.ts';

describe('cleanSvg', () => {
  afterAll(closeSvgCleaner);

  it('cleans on its worker and says why a file is refused', async () => {
    const cleaned = await cleanSvg(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>x()</script><rect width="1" height="1"/></svg>'),
    );
    expect(cleaned).toEqual({
      ok: true,
      svg: '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><rect width="1" height="1"></rect></svg>',
    });
    expect(await cleanSvg(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg">'))).toMatchObject({ ok: false });
  });

  it('stops a file past its time limit, and the next file is cleaned by a fresh worker', async () => {
    const large = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(40_000)}</svg>`,
    );
    expect(await cleanSvg(large, 1)).toEqual({ ok: false, reason: 'it took too long to read' });
    expect(await cleanSvg(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toMatchObject({ ok: true });
  });
});
