import { describe, expect, it } from 'vitest';
import { createManifestResolver, DESK_BOARD_ENTRY, type ViteManifest } from './asset-manifest.ts';

const manifest: ViteManifest = {
  'client/entry-client.tsx': {
    file: 'assets/entry.js',
    isEntry: true,
    imports: ['_vendor.js'],
    css: ['assets/entry.css'],
  },
  '_vendor.js': { file: 'assets/vendor.js', imports: ['client/entry-client.tsx'] },
  'client/pages/about-us.tsx': { file: 'assets/about-us.js', imports: ['_page-header.js', '_vendor.js'] },
  'client/pages/pricing.tsx': { file: 'assets/pricing.js', imports: ['_page-header.js'], css: ['assets/pricing.css'] },
  '_page-header.js': { file: 'assets/page-header.js', imports: ['client/entry-client.tsx'] },
  'client/entry-desk-board.ts': { file: 'assets/entry-desk-board.js', isEntry: true },
};

describe('createManifestResolver', () => {
  const resolver = createManifestResolver(manifest);

  it('boots the entry and preloads what it imports, cycles included', () => {
    expect(resolver.forRoutes([])).toEqual({
      bootstrap: ['/assets/entry.js'],
      preload: ['/assets/vendor.js'],
      stylesheets: ['/assets/entry.css'],
    });
  });

  it('adds a matched route chunk, its imports once each, and its CSS', () => {
    const assets = resolver.forRoutes(['client/pages/pricing.tsx']);
    expect(assets.preload).toEqual(['/assets/vendor.js', '/assets/pricing.js', '/assets/page-header.js']);
    expect(assets.stylesheets).toEqual(['/assets/entry.css', '/assets/pricing.css']);
    expect(resolver.forRoutes(['client/pages/about-us.tsx']).preload).toEqual([
      '/assets/vendor.js',
      '/assets/about-us.js',
      '/assets/page-header.js',
    ]);
  });

  it('names another entry’s built script, and refuses one the build did not write', () => {
    expect(resolver.entryScript(DESK_BOARD_ENTRY)).toBe('/assets/entry-desk-board.js');
    const withoutBoard = createManifestResolver({ 'client/entry-client.tsx': { file: 'assets/entry.js' } });
    expect(() => withoutBoard.entryScript(DESK_BOARD_ENTRY)).toThrow(
      'The Vite manifest has no entry for client/entry-desk-board.ts: run the client build',
    );
  });

  it('refuses a manifest without the client entry', () => {
    expect(() => createManifestResolver({})).toThrow(/no entry for client\/entry-client.tsx/);
  });
});
