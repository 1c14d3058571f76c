/**
 * The studio's fonts in the browser: the same WOFF files the server parses (shared/studio/fonts.ts), here as
 * hashed static assets (Vite's `?url`), fetched and parsed once each, only when a layer first uses the face.
 */

import alfaSlabOne from '@fontsource/alfa-slab-one/files/alfa-slab-one-latin-400-normal.woff?url';
import bebasNeue from '@fontsource/bebas-neue/files/bebas-neue-latin-400-normal.woff?url';
import graduate from '@fontsource/graduate/files/graduate-latin-400-normal.woff?url';
import lobster from '@fontsource/lobster/files/lobster-latin-400-normal.woff?url';
import openSans from '@fontsource/open-sans/files/open-sans-latin-400-normal.woff?url';
import oswald from '@fontsource/oswald/files/oswald-latin-400-normal.woff?url';
import pacifico from '@fontsource/pacifico/files/pacifico-latin-400-normal.woff?url';
import robotoSlab from '@fontsource/roboto-slab/files/roboto-slab-latin-400-normal.woff?url';
import opentype, { type Font } from 'opentype.js';

/** Keyed by the font ids of shared/studio/fonts.ts (a test-free check: a missing id fails to type-check there). */
const fontUrls: Record<string, string> = {
  graduate,
  pacifico,
  lobster,
  'roboto-slab': robotoSlab,
  'alfa-slab-one': alfaSlabOne,
  'open-sans': openSans,
  oswald,
  'bebas-neue': bebasNeue,
};

const parsed = new Map<string, Font>();
const loading = new Map<string, Promise<Font>>();

/** The font if it is parsed already: drawing is synchronous, loading is not. */
export function loadedFont(id: string): Font | undefined {
  return parsed.get(id);
}

export function loadFont(id: string): Promise<Font> {
  const ready = parsed.get(id);
  if (ready) return Promise.resolve(ready);
  let pending = loading.get(id);
  if (!pending) {
    const url = fontUrls[id];
    if (!url) return Promise.reject(new Error(`No font file for "${id}"`));
    pending = fetch(url)
      .then((response) => {
        if (!response.ok) throw new Error(`The font ${id} did not load (${response.status})`);
        return response.arrayBuffer();
      })
      .then((bytes) => {
        const font = opentype.parse(bytes);
        parsed.set(id, font);
        return font;
      })
      .finally(() => loading.delete(id));
    loading.set(id, pending);
  }
  return pending;
}
