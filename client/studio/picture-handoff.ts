/**
 * The customer's pictures on their way from the studio to the quote form. The design names a picture by
 * the SHA-256 of its bytes; the file itself stays in the browser until the quote form sends it as one of
 * its artwork files, where the server finds it by the same hash (server/mockups/design-pictures.ts). So the
 * picture goes through the upload chain every artwork file goes through, once, and a copy the customer
 * attaches by hand matches as well. Kept in memory (the studio and the form are one app, so "Use this
 * design" keeps it) and, when small enough, in session storage, so a reload of the form keeps it too.
 * Nothing heavy is imported here: the quote form reads this module.
 */

const STORAGE_PREFIX = 'studio-picture-';
/** Session storage holds about 5 MB per site: a picture past this is kept in memory only. */
const STORED_BYTES = 2 * 1024 * 1024;

const kept = new Map<string, File>();
const urls = new Map<string, string>();

/** The picture's id: its SHA-256 in hex, as the server computes it from the file it receives. */
export async function pictureIdOf(file: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

function dataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

export async function keepPicture(id: string, file: File): Promise<void> {
  kept.set(id, file);
  if (file.size > STORED_BYTES) return;
  try {
    sessionStorage.setItem(STORAGE_PREFIX + id, JSON.stringify({ name: file.name, url: await dataUrl(file) }));
  } catch {
    // Storage full or refused: the picture is still kept in memory for this visit.
  }
}

/** The picture kept under this id, or undefined when this tab no longer has it. */
export function keptPicture(id: string): File | undefined {
  const known = kept.get(id);
  if (known) return known;
  try {
    const raw = sessionStorage.getItem(STORAGE_PREFIX + id);
    if (!raw) return undefined;
    const { name, url } = JSON.parse(raw) as { name: string; url: string };
    const [head, base64] = url.split(',', 2);
    const type = /^data:([^;,]+)/.exec(head ?? '')?.[1] ?? 'application/octet-stream';
    const bytes = Uint8Array.from(atob(base64 ?? ''), (char) => char.charCodeAt(0));
    const file = new File([bytes], name, { type });
    kept.set(id, file);
    return file;
  } catch {
    return undefined;
  }
}

/** An object URL of the picture for the preview, made once per picture. */
export function pictureUrl(id: string): string | undefined {
  const known = urls.get(id);
  if (known) return known;
  const file = keptPicture(id);
  if (!file) return undefined;
  const url = URL.createObjectURL(file);
  urls.set(id, url);
  return url;
}

/** The pictures a design's JSON names, with their names, read without the design's schema. */
export function picturesOf(json: string): { id: string; name: string }[] {
  try {
    const design = JSON.parse(json) as { locations?: Record<string, unknown> };
    const layers = Object.values(design.locations ?? {}).flatMap((list) => (Array.isArray(list) ? list : []));
    const found = new Map<string, string>();
    for (const layer of layers as { kind?: unknown; uploadId?: unknown; name?: unknown }[])
      if (layer?.kind === 'upload' && typeof layer.uploadId === 'string')
        found.set(layer.uploadId, typeof layer.name === 'string' ? layer.name : 'your picture');
    return [...found].map(([id, name]) => ({ id, name }));
  } catch {
    return [];
  }
}
