/**
 * Scroll positions by history entry (React Router's location.key), kept in sessionStorage so that a
 * reload, or leaving the site and coming back, still restores them.
 */
const STORAGE_KEY = 'scroll-positions';
const MAX_ENTRIES = 100;

function read(): Record<string, number> {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return value && typeof value === 'object' ? (value as Record<string, number>) : {};
  } catch {
    return {};
  }
}

export function saveScrollPosition(key: string, y: number) {
  const positions = read();
  delete positions[key];
  positions[key] = Math.round(y);
  const keys = Object.keys(positions);
  // Oldest first (insertion order): a long session must not grow storage without bound.
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) delete positions[old];
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
  } catch {
    // Storage full or disabled (private mode): restoring is a nicety, never an error.
  }
}

export function savedScrollPosition(key: string): number | undefined {
  return read()[key];
}
