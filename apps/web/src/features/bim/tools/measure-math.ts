import { cross, dot, sub, type Vec3 } from '../vec3.ts';

/** The distance between two points (metres). */
export function distanceBetween(a: Vec3, b: Vec3): number {
  const d = sub(a, b);
  return Math.hypot(d[0], d[1], d[2]);
}

/**
 * The area of a polygon picked on a face (square metres): Newell's vector area, exact for a planar polygon in any
 * orientation; for a slightly non-planar pick it is the area of its projection on the best-fit plane. Fewer than
 * three points have no area.
 */
export function polygonArea(points: readonly Vec3[]): number {
  if (points.length < 3) return 0;
  const origin = points[0] as Vec3;
  let sum: Vec3 = [0, 0, 0];
  for (let i = 1; i < points.length - 1; i += 1) {
    const c = cross(sub(points[i] as Vec3, origin), sub(points[i + 1] as Vec3, origin));
    sum = [sum[0] + c[0], sum[1] + c[1], sum[2] + c[2]];
  }
  return Math.hypot(sum[0], sum[1], sum[2]) / 2;
}

/** The perimeter of a closed polygon (metres). */
export function polygonPerimeter(points: readonly Vec3[]): number {
  if (points.length < 2) return 0;
  let total = 0;
  for (let i = 0; i < points.length; i += 1)
    total += distanceBetween(points[i] as Vec3, points[(i + 1) % points.length] as Vec3);
  return points.length === 2 ? total / 2 : total;
}

/** The point projected on the plane through `origin` with the unit `normal` (keeps area picks on one face). */
export function projectOnPlane(p: Vec3, origin: Vec3, normal: Vec3): Vec3 {
  const d = dot(sub(p, origin), normal);
  return [p[0] - normal[0] * d, p[1] - normal[1] * d, p[2] - normal[2] * d];
}

/**
 * A length or area in the model's units for a label: the converted models are in metres (the importer applies
 * the IFC's length unit), shown as m (or mm under 1 m) and m², in the user's locale.
 */
export function formatMeasure(value: number, kind: 'length' | 'area', locale: string): string {
  if (kind === 'area')
    return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)} m²`;
  if (value < 1)
    return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value * 1000)} mm`;
  return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 3, maximumFractionDigits: 3 }).format(value)} m`;
}
