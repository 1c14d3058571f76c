/**
 * A motif's drawing on Tabler's 24-unit grid. A stroked motif (Tabler's outline set) is drawn with its
 * lines 2 units wide, round ends and joins, as Tabler designs them; a filled one is filled.
 */
export interface MotifShape {
  stroke: boolean;
  paths: readonly string[];
}

export const MOTIF_GRID = 24;
export const MOTIF_STROKE_UNITS = 2;
