/**
 * Alignment of two sheets with the alignBackgroundImage tool (spec editor §2.1, issue 15): the user picks two
 * points on the compared sheet and the two points they match on the base sheet; the sheets are then related by a
 * similarity transform (uniform scale, rotation, translation), the only one two point pairs determine.
 *
 * Points are in page units of each sheet (the unscaled page, top-left origin, y down).
 */

/** A point in page units. */
export interface SheetPoint {
  readonly x: number;
  readonly y: number;
}

/** One picked pair: a point on the compared sheet and where it belongs on the base sheet. */
export interface PointPair {
  readonly compared: SheetPoint;
  readonly base: SheetPoint;
}

/**
 * A similarity transform from compared-sheet to base-sheet coordinates:
 * x' = scale·(cos θ·x − sin θ·y) + translateX, y' = scale·(sin θ·x + cos θ·y) + translateY.
 */
export interface Alignment {
  readonly scale: number;
  /** Radians, positive clockwise on screen (y down). */
  readonly rotation: number;
  readonly translateX: number;
  readonly translateY: number;
}

/** No change: the sheets lie on each other as drawn. */
export const IDENTITY_ALIGNMENT: Alignment = { scale: 1, rotation: 0, translateX: 0, translateY: 0 };

/** Two points closer than this (page units) cannot define a direction. */
export const MIN_PAIR_DISTANCE = 1;

/** The largest scale an alignment may have either way (a wrongly picked point gives absurd scales). */
export const MAX_ALIGNMENT_SCALE = 100;

/**
 * The alignment two pairs define, or null when they cannot define one (points of a sheet too close together, or a
 * scale beyond 1/100…100). Read as complex numbers: a = (b2 − b1) / (c2 − c1), t = b1 − a·c1.
 */
export function alignmentFromPairs(first: PointPair, second: PointPair): Alignment | null {
  const cx = second.compared.x - first.compared.x;
  const cy = second.compared.y - first.compared.y;
  const bx = second.base.x - first.base.x;
  const by = second.base.y - first.base.y;
  const comparedLength = Math.hypot(cx, cy);
  const baseLength = Math.hypot(bx, by);
  if (comparedLength < MIN_PAIR_DISTANCE || baseLength < MIN_PAIR_DISTANCE) return null;
  const scale = baseLength / comparedLength;
  if (!Number.isFinite(scale) || scale > MAX_ALIGNMENT_SCALE || scale < 1 / MAX_ALIGNMENT_SCALE) return null;
  const rotation = Math.atan2(by, bx) - Math.atan2(cy, cx);
  const normalised = Math.atan2(Math.sin(rotation), Math.cos(rotation));
  const a = scale * Math.cos(normalised);
  const b = scale * Math.sin(normalised);
  return {
    scale,
    rotation: normalised,
    translateX: first.base.x - (a * first.compared.x - b * first.compared.y),
    translateY: first.base.y - (b * first.compared.x + a * first.compared.y),
  };
}

/** Where a compared-sheet point lands on the base sheet. */
export function applyAlignment(alignment: Alignment, point: SheetPoint): SheetPoint {
  const [a, b] = alignmentMatrix(alignment);
  return {
    x: a * point.x - b * point.y + alignment.translateX,
    y: b * point.x + a * point.y + alignment.translateY,
  };
}

/** The inverse transform: base-sheet coordinates back to the compared sheet. */
export function invertAlignment(alignment: Alignment): Alignment {
  const scale = 1 / alignment.scale;
  const rotation = -alignment.rotation;
  const a = scale * Math.cos(rotation);
  const b = scale * Math.sin(rotation);
  return {
    scale,
    rotation,
    translateX: -(a * alignment.translateX - b * alignment.translateY),
    translateY: -(b * alignment.translateX + a * alignment.translateY),
  };
}

/**
 * The 2D matrix [a, b, c, d, e, f] of CanvasRenderingContext2D.setTransform / DOMMatrix for an alignment:
 * x' = a·x + c·y + e, y' = b·x + d·y + f.
 */
export function alignmentMatrix(
  alignment: Alignment,
): readonly [number, number, number, number, number, number] {
  const a = alignment.scale * Math.cos(alignment.rotation);
  const b = alignment.scale * Math.sin(alignment.rotation);
  return [a, b, -b, a, alignment.translateX, alignment.translateY];
}

/** Whether a value is a usable alignment (finite numbers, scale within bounds): what the server stores. */
export function isAlignment(value: unknown): value is Alignment {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const finite = (n: unknown) => typeof n === 'number' && Number.isFinite(n);
  if (!finite(v['scale']) || !finite(v['rotation']) || !finite(v['translateX']) || !finite(v['translateY']))
    return false;
  const scale = v['scale'] as number;
  return scale <= MAX_ALIGNMENT_SCALE && scale >= 1 / MAX_ALIGNMENT_SCALE;
}
