import type { BcfPoint } from '@obra/domain';

/** A point or vector in the viewer's coordinates (Y up, metres). */
export type Vec3 = [number, number, number];

export function add(a: Vec3, b: Vec3): Vec3 {
  return [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
}

export function sub(a: Vec3, b: Vec3): Vec3 {
  return [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
}

export function scale(a: Vec3, s: number): Vec3 {
  return [a[0] * s, a[1] * s, a[2] * s];
}

export function dot(a: Vec3, b: Vec3): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

export function cross(a: Vec3, b: Vec3): Vec3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

export function length(a: Vec3): number {
  return Math.hypot(a[0], a[1], a[2]);
}

/** The unit vector of `v`; the zero vector stays zero. */
export function normalize(v: Vec3): Vec3 {
  const n = length(v);
  return n === 0 ? [0, 0, 0] : [v[0] / n, v[1] / n, v[2] / n];
}

// The viewer is Y-up (fragments), IFC and BCF are Z-up: BCF (x, y, z) is the viewer's (x, -z, y).
/** A viewer point or direction in BCF / IFC axes (Z up); + 0 turns -0 into 0, a cleaner file for other tools. */
export function toBcf([x, y, z]: Vec3): BcfPoint {
  return { x: x + 0, y: -z + 0, z: y + 0 };
}

/** A BCF / IFC point or direction (Z up) in the viewer's axes. */
export function fromBcf(p: BcfPoint): Vec3 {
  return [p.x, p.z, -p.y];
}
