import fs from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '#tests/support/test-app.ts';

/** A built client in miniature: a hashed asset, an icon and Vite's manifest folder. */
async function builtClient() {
  const dir = await mkdtemp(join(tmpdir(), 'seenwear-static-'));
  await mkdir(join(dir, 'assets'));
  await mkdir(join(dir, '.vite'));
  await writeFile(join(dir, 'assets', 'entry-abc123.js'), 'console.log(1);\n');
  await writeFile(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await mkdir(join(dir, 'icons'));
  await writeFile(join(dir, 'icons', 'icon-192.png'), 'png');
  await writeFile(join(dir, '.vite', 'manifest.json'), '{}');
  return dir;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('static files', () => {
  it('serves the build’s own files: hashed assets immutable, the rest revalidated', async () => {
    const { app } = await createTestApp({ staticDir: await builtClient() });
    await request(app)
      .get('/assets/entry-abc123.js')
      .expect(200)
      .expect('Cache-Control', 'public, max-age=31536000, immutable');
    await request(app).get('/favicon.svg').expect(200).expect('Cache-Control', 'public, max-age=3600');
  });

  it('lets a mail client show the logo from the icons, and nothing else of the build, across origins', async () => {
    const { app } = await createTestApp({ staticDir: await builtClient() });
    await request(app).get('/icons/icon-192.png').expect(200).expect('Cross-Origin-Resource-Policy', 'cross-origin');
    await request(app).get('/favicon.svg').expect(200).expect('Cross-Origin-Resource-Policy', 'same-origin');
    await request(app).get('/assets/entry-abc123.js').expect(200).expect('Cross-Origin-Resource-Policy', 'same-origin');
  });

  it('lets page requests go by without touching the disk', async () => {
    const { app } = await createTestApp({ staticDir: await builtClient() });
    await request(app).get('/about-us').expect(200);
    const stat = vi.spyOn(fs, 'stat');
    for (const path of ['/about-us', '/', '/pricing/printing?quantity=24', '/no-such-page', '/favicon.svg.html']) {
      await request(app).get(path);
    }
    expect(stat).not.toHaveBeenCalled();
    // The spy does see the files that are the build's.
    await request(app).get('/favicon.svg').expect(200);
    expect(stat).toHaveBeenCalled();
  });

  it('keeps the manifest folder and unknown files out of reach', async () => {
    const { app } = await createTestApp({ staticDir: await builtClient() });
    await request(app).get('/.vite/manifest.json').expect(404);
    await request(app).get('/assets/missing.js').expect(404);
  });
});
