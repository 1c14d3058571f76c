import { inkBounds, type PixelBox } from '#shared/garments/ink-bounds.ts';
import { safeSvg } from '#shared/garments/safe-svg.ts';
import { placedByShop } from './placement-frame.tsx';

/**
 * A chosen file as the placement tool draws it, or why it cannot. `width` and `height` are the ink's
 * (a PNG's transparent margins left out), `ink` where it sits in the whole image of `natural` size.
 */
export type PreviewArtwork =
  | {
      kind: 'image';
      src: string;
      width: number;
      height: number;
      vector: boolean;
      ink: PixelBox;
      natural: { width: number; height: number };
    }
  | { kind: 'shop-places' }
  | { kind: 'unreadable' };

function readAs(file: Blob, how: 'text' | 'data'): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    if (how === 'text') reader.readAsText(file);
    else reader.readAsDataURL(file);
  });
}

function opened(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('unreadable'));
    image.src = src;
  });
}

/**
 * The ink of a PNG: its pixels over the shared alpha threshold, read from a canvas (the server finds the
 * same box with sharp's trim). The whole image when it has no transparent margin or no canvas to read.
 */
function inkOf(image: HTMLImageElement, png: boolean): PixelBox {
  const whole = { left: 0, top: 0, width: image.naturalWidth, height: image.naturalHeight };
  if (!png) return whole;
  const canvas = document.createElement('canvas');
  canvas.width = whole.width;
  canvas.height = whole.height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return whole;
  context.drawImage(image, 0, 0);
  return inkBounds(context.getImageData(0, 0, whole.width, whole.height).data, whole.width, whole.height) ?? whole;
}

/**
 * Reads the file for the preview. Raster files become data: URLs (the page's CSP allows data: images,
 * not blob:); an SVG is made safe first (no script, no outside reference) and shown as an image, which
 * browsers never let run script or fetch anything. PDF, AI and EPS are left to the shop.
 */
export async function loadArtwork(file: File): Promise<PreviewArtwork> {
  if (placedByShop(file)) return { kind: 'shop-places' };
  try {
    const vector = file.type === 'image/svg+xml' || /\.svg$/i.test(file.name);
    const src = vector
      ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(safeSvg(await readAs(file, 'text')))}`
      : await readAs(file, 'data');
    const image = await opened(src);
    const natural = { width: image.naturalWidth, height: image.naturalHeight };
    if (!(natural.width > 0 && natural.height > 0)) return { kind: 'unreadable' };
    const ink = vector
      ? { left: 0, top: 0, ...natural }
      : inkOf(image, file.type === 'image/png' || /\.png$/i.test(file.name));
    return { kind: 'image', src, width: ink.width, height: ink.height, vector, ink, natural };
  } catch {
    return { kind: 'unreadable' };
  }
}
