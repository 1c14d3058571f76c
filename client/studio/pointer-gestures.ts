/**
 * What a pointer does to the selected layer, from where it went down to where it is: move it, resize it by
 * its corner handle (the distance from the layer's centre grows or shrinks it, its proportions kept), or
 * turn it by its rotation handle (the angle around its centre). Pure, in inches of the print area, so the
 * preview only converts screen points and the editor only commits the layer it gets back.
 */
import type { DesignLayer } from '#shared/studio/design-schema.ts';
import { resized } from './layer-fit.ts';

export type Gesture = 'move' | 'resize' | 'rotate';

export interface Point {
  x: number;
  y: number;
}

/** Within this many degrees of a quarter turn, a turn settles on it: level text stays level. */
const SNAP_DEGREES = 4;

const tenth = (value: number) => Math.round(value * 10) / 10;

/** Degrees in (−180, 180]. */
function normalised(degrees: number): number {
  const turned = ((((degrees + 180) % 360) + 360) % 360) - 180;
  return turned === -180 ? 180 : turned;
}

/** The layer as the gesture leaves it, from the layer as it was when the pointer went down. */
export function gestureLayer(gesture: Gesture, start: DesignLayer, from: Point, to: Point): DesignLayer {
  if (gesture === 'move') return { ...start, x: tenth(start.x + to.x - from.x), y: tenth(start.y + to.y - from.y) };
  const centre = { x: start.x, y: start.y };
  if (gesture === 'resize') {
    const before = Math.hypot(from.x - centre.x, from.y - centre.y);
    const after = Math.hypot(to.x - centre.x, to.y - centre.y);
    return before > 0 ? resized(start, after / before) : start;
  }
  const angle = (point: Point) => (Math.atan2(point.y - centre.y, point.x - centre.x) * 180) / Math.PI;
  let rotation = Math.round(normalised(start.rotation + angle(to) - angle(from)));
  const quarter = Math.round(rotation / 90) * 90;
  if (Math.abs(rotation - quarter) <= SNAP_DEGREES) rotation = normalised(quarter);
  return { ...start, rotation };
}
