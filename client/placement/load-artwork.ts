import { safeSvg } from '#shared/garments/safe-svg.ts';

/** A chosen file as the placement tool draws it, or why it cannot. */
export type PreviewArtwork =
  | { kind: 'image'; src: string; width: number; height: number; vector: boolean }
  | { kind: 'shop-places' }
  | { kind: 'unreadable' };

const SHOP_PLACES = /\.(pdf|ai|eps|ps)$/i;

function readAs(file: Blob, how: 'text' | 'data'): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    if (how === 'text') reader.readAsText(file);
    else reader.readAsDataURL(file);
  });
}

function sizeOf(src: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => reject(new Error('unreadable'));
    image.src = src;
  });
}

/**
 * Reads the file for the preview. Raster files become data: URLs (the page's CSP allows data: images,
 * not blob:); an SVG is made safe first (no script, no outside reference) and shown as an image, which
 * browsers never let run script or fetch anything. PDF, AI and EPS are left to the shop.
 */
export async function loadArtwork(file: File): Promise<PreviewArtwork> {
  if (SHOP_PLACES.test(file.name) || file.type === 'application/pdf' || file.type === 'application/postscript')
    return { kind: 'shop-places' };
  try {
    const vector = file.type === 'image/svg+xml' || /\.svg$/i.test(file.name);
    const src = vector
      ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(safeSvg(await readAs(file, 'text')))}`
      : await readAs(file, 'data');
    const { width, height } = await sizeOf(src);
    if (!(width > 0 && height > 0)) return { kind: 'unreadable' };
    return { kind: 'image', src, width, height, vector };
  } catch {
    return { kind: 'unreadable' };
  }
}
