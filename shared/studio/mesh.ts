/**
 * Which screen mesh (threads per inch) a film is burned on. Coarse mesh lays down a thick, opaque deposit:
 * what a white underbase or a white ink on a dark shirt needs to cover the fabric. Solid colours print
 * cleanly on a middle mesh. Fine detail (thin strokes, small type) loses its edges on coarse mesh, so it
 * goes on a fine one. The press operator may still choose otherwise; the film says what the art suggests.
 */
export const MESH_UNDERBASE = 110;
export const MESH_SOLID = 156;
export const MESH_FINE_DETAIL = 230;

/** A line thinner than this (about 1 mm) loses its edges on a medium mesh: it counts as fine detail. */
const FINE_DETAIL_INCHES = 0.04;

export function meshFor(film: { underbase: boolean; inkId: string; smallestFeatureInches: number }): number {
  if (film.underbase || film.inkId === 'white') return MESH_UNDERBASE;
  return film.smallestFeatureInches < FINE_DETAIL_INCHES ? MESH_FINE_DETAIL : MESH_SOLID;
}
